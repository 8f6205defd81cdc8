import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { parseMoney } from '../../src/domain/money';
import { loginAs } from './support/login';

/**
 * Finance: a settlement sheet is generated, confirmed and downloaded; an unattributable deposit is
 * attributed to a company and the company's balance rises by exactly that amount.
 */

/** The text of a row's cell under the column header `header`. */
async function cell(page: Page, row: Locator, header: string): Promise<string> {
  await expect(page.locator('table thead th').filter({ hasText: header }).first()).toBeVisible();
  const headers = await page.locator('table thead th').allTextContents();
  // A sortable header's text also carries its sort hint (按…升序排序): match the label inside it.
  const exact = headers.findIndex((text) => text.trim() === header);
  const index = exact >= 0 ? exact : headers.findIndex((text) => text.includes(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
}

test('财务生成、确认并下载结算单', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adStatementManagement');
  // The month is typed into the Chinese month picker (last month in China time: a sheet needs an ended month).
  const china = new Date(Date.now() + 8 * 3600_000);
  const lastMonth = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  await expect(page.locator('input[type="month"]')).toHaveCount(0);
  await page.getByRole('group', { name: '结算月份', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(lastMonth.replace('-', ''));
  const generated = page.waitForResponse((response) => response.url().includes('/api/v1/settlementsheets/generate'));
  await page.getByRole('button', { name: '生成结算单' }).click();
  const answer = await generated;
  expect(answer.request().postDataJSON().month).toBe(lastMonth);
  expect((await answer.json()).code).toBe(1020000);
  await expect(page.getByText(/结算单已生成/)).toBeVisible();

  const row = page.locator('table tbody tr').filter({ hasText: '待确认' }).first();
  await expect(row).toBeVisible();
  const sheetNo = await cell(page, row, '结算单号');
  expect(sheetNo).toMatch(/^JS\d{6}[13]\d{7}$/);
  await row.getByRole('button', { name: '确认' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  const confirmedRow = page.locator('table tbody tr').filter({ hasText: sheetNo });
  await expect(confirmedRow).toContainText('已确认');
  await expect(confirmedRow.getByRole('button', { name: '确认', exact: true })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await confirmedRow.getByRole('button', { name: '下载PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^结算单_${sheetNo}_.+\\.pdf$`));
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(2_000);
});

test('无法归属资金归属到企业后，企业余额恰好增加该笔金额', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);

  // A company of the standard edition and its balance before.
  await page.goto('/adBalanceSheet');
  const first = page.locator('table tbody tr').filter({ hasText: '标准版' }).first();
  await expect(first).toBeVisible();
  const companyName = await cell(page, first, '企业名称');
  const before = parseMoney((await cell(page, first, '账本余额（元）')).replaceAll(',', ''));
  expect(before).not.toBeNull();

  await page.goto('/noAttributableFunds');
  const fund = page.locator('table tbody tr').filter({ hasText: '待处理' }).first();
  await expect(fund).toBeVisible();
  const serial = await cell(page, fund, '银行流水号');
  const amount = parseMoney((await cell(page, fund, '金额（元）')).replaceAll(',', ''));
  expect(amount).toBeGreaterThan(0);
  await fund.getByRole('button', { name: '归属' }).click();
  const dialog = page.getByRole('dialog', { name: '归属到企业' });
  await dialog.getByLabel('归属企业').fill(companyName);
  await page.getByRole('option', { name: companyName, exact: true }).click();
  await dialog.getByLabel('备注（如核实方式）').fill('电话核实');
  await dialog.getByRole('button', { name: '确认归属' }).click();
  await expect(page.getByText(`已归属至 ${companyName}`)).toBeVisible();
  const handled = page.locator('table tbody tr').filter({ hasText: serial });
  await expect(handled).toContainText('已归属');
  await expect(handled).toContainText(companyName);

  await page.goto('/adBalanceSheet');
  const after = page.locator('table tbody tr').filter({ hasText: companyName }).filter({ hasText: '标准版' }).first();
  await expect(after).toBeVisible();
  const balance = parseMoney((await cell(page, after, '账本余额（元）')).replaceAll(',', ''));
  expect(balance).toBe((before as number) + (amount as number));
});

test('资金对账的日期在中文日历中选择后立即对账', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/fundReconciliation');
  // The first 对账日期 is the run's day above the list (the list's own filter is a range of that name).
  const field = page.getByRole('group', { name: '对账日期', exact: true }).first();
  await expect(field).toBeVisible();
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await field.getByRole('button', { name: /选择日期/ }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('columnheader').first()).toHaveText(/[一二三四五六日]/);
  await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
  await expect(calendar).toHaveCount(0);
  const shown = await field.getByRole('spinbutton').allTextContents();
  expect(shown[2]).toBe('01');
  const ran = page.waitForResponse((response) => response.url().includes('/api/v1/reconciliation/run'));
  await page.getByRole('button', { name: '立即对账' }).click();
  expect((await ran).request().postDataJSON().day).toBe(`${shown[0]}-${shown[1]}-01`);
});
