import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatMoney } from '../../src/domain/money';
import { REPORTS } from '../../src/domain/statistics/reports';
import { loginAs } from './support/login';

/**
 * Finance opens every statistics page, filters a month, exports the table to .xlsx, and the file's 合计 row
 * carries the same totals as the page (issue 15).
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
    await page.getByLabel('月份').fill(month);
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes(`/statistics/reports${report.route}?`) && response.url().includes(`month=${month}`),
    );
    await page.getByRole('button', { name: '查询' }).click();
    await answered;
    const payoutText = (await page.locator('[data-total="payoutAmount"]').textContent())?.trim();
    const topupText = (await page.locator('[data-total="topupAmount"]').textContent())?.trim();

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
  }
});
