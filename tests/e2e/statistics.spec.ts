import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatMoney } from '../../src/domain/money';
import { REPORTS } from '../../src/domain/statistics/reports';
import { loginAs } from './support/login';

/** Types into a Chinese picker's field as a person does: click its first section, type the digits. */
async function typeInto(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** A shown amount (1,234.56) in fen, read as integers. */
function fen(text: string | undefined): number {
  const match = /^(-?)([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/**
 * Finance opens every statistics page, filters a month, exports the table to .xlsx, and the file's 合计 row
 * carries the same totals as the page, 已开票 and 未开票 (which add up to 打款金额) among them.
 */
test('财务打开每个统计页面，按月筛选并导出 Excel，文件合计与页面合计一致', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

  for (const report of REPORTS) {
    await page.goto(report.route);
    const table = page.getByRole('table', { name: report.title });
    await expect(table).toBeVisible();
    await typeInto(page, '月份', month.replace('-', ''));
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes(`/statistics/reports${report.route}?`) && response.url().includes(`month=${month}`),
    );
    await page.getByRole('button', { name: '查询' }).click();
    await answered;
    const payoutText = (await page.locator('[data-total="payoutAmount"]').textContent())?.trim();
    const topupText = (await page.locator('[data-total="topupAmount"]').textContent())?.trim();
    const invoicedText = (await page.locator('[data-total="invoicedAmount"]').textContent())?.trim();
    const uninvoicedText = (await page.locator('[data-total="uninvoicedAmount"]').textContent())?.trim();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${report.title}_${month}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(2).values as unknown[];
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value, report.route).toBe('合计');
    const yuan = (label: string) => formatMoney(Math.round(Number(last.getCell(header.indexOf(label)).value) * 10_000));
    expect(yuan('打款金额（元）'), report.route).toBe(payoutText);
    expect(yuan('充值金额（元）'), report.route).toBe(topupText);
    expect(yuan('已开票金额（元）'), report.route).toBe(invoicedText);
    expect(yuan('未开票金额（元）'), report.route).toBe(uninvoicedText);
    // The page's two invoicing totals split its 打款金额.
    expect(fen(invoicedText) + fen(uninvoicedText), report.route).toBe(fen(payoutText));
  }
});

/** The period pickers are Chinese; a half-filled or reversed custom range runs no query. */
test('统计周期用中文日期选择器：按日选日历，自定义区间半填或倒置不查询，快捷范围可查', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  const report = REPORTS[0];
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/statistics/reports${report.route}?`)) asked.push(decodeURIComponent(request.url()));
  });
  await page.goto(report.route);
  await expect(page.getByRole('table', { name: report.title })).toBeVisible();
  await expect(page.locator('input[type="date"], input[type="month"]')).toHaveCount(0);

  // 按日: the day is chosen in a Chinese calendar.
  await page.getByRole('combobox', { name: '统计周期' }).click();
  await page.getByRole('option', { name: '按日' }).click();
  await page
    .getByRole('group', { name: '日期', exact: true })
    .getByRole('button', { name: /选择日期/ })
    .click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/[一二三四五六日]/);
  await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
  await expect(calendar).toHaveCount(0);
  const day = `${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 8)}01`;
  const byDay = page.waitForResponse((response) => response.url().includes(`day=${day}`));
  await page.getByRole('button', { name: '查询' }).click();
  await byDay;

  // 自定义区间: cleared end → 请选择结束时间 and 查询 is off; an end before the start is refused.
  await page.getByRole('combobox', { name: '统计周期' }).click();
  await page.getByRole('option', { name: '自定义区间' }).click();
  const range = page.getByRole('group', { name: '统计区间', exact: true });
  await typeInto(page, '统计区间起', '20260310');
  await typeInto(page, '统计区间止', '20260301');
  await expect(range.getByRole('alert')).toHaveText('结束时间不能早于开始时间');
  await expect(page.getByRole('button', { name: '查询' })).toBeDisabled();
  await page
    .getByRole('group', { name: '统计区间止', exact: true })
    .getByRole('button', { name: /清|Clear/ })
    .click();
  await expect(range.getByRole('alert')).toHaveText('请选择结束时间');
  await expect(page.getByRole('button', { name: '查询' })).toBeDisabled();
  expect(asked.filter((url) => url.includes('period=range'))).toEqual([]);

  // A typed whole range, then a quick range, each runs.
  await typeInto(page, '统计区间止', '20260320');
  await expect(range.getByRole('alert')).toHaveCount(0);
  const typed = page.waitForResponse(
    (response) => response.url().includes('from=2026-03-10') && response.url().includes('to=2026-03-20'),
  );
  await page.getByRole('button', { name: '查询' }).click();
  await typed;
  await range.getByRole('button', { name: '上月' }).click();
  const lastMonth = page.waitForResponse(
    (response) => /period=range/.test(response.url()) && /from=\d{4}-\d{2}-01/.test(response.url()),
  );
  await page.getByRole('button', { name: '查询' }).click();
  await lastMonth;
});
