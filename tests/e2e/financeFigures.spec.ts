import { readFileSync } from 'node:fs';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { DIRECTION } from '../../src/domain/finance';
import { formatMoney } from '../../src/domain/money';
import { ITEM } from '../../src/domain/moneyEnums';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/**
 * Issue 15, the figures finance relies on: 税费计算 against the withholding rule worked out here from the raw
 * payout items, the settlement sheet's .xlsx against its page and its own arithmetic, and 银行信息 against the
 * development bank's books and the ledger.
 */

/** The text of a row's cell under the column header `header` of `table`. */
async function cell(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const exact = headers.indexOf(header);
  const index = exact >= 0 ? exact : headers.findIndex((text) => text.includes(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
}

async function workbookOf(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** A yuan cell of an exported sheet back in 1/10000 yuan. */
const cellUnits = (value: unknown) => Math.round(Number(value) * 10_000);

/** GET an API path with the page's own session. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    return ((await response.json()) as { content: unknown }).content;
  }, path) as Promise<T>;
}

/**
 * 劳务报酬所得预扣预缴 as server/statistics/README.md states it (预扣率表二): 收入 ≤ 4 000 元 减除 800 元, above
 * 减除 20%; 20% / 30% / 40% with 速算扣除数 0 / 2 000 / 7 000 元 above 20 000 / 50 000 元 of 应纳税所得额;
 * rounded half up to the fen. Worked with exact fractions of 1/10000 yuan.
 */
function expectedTax(income: number): number {
  const yuan = 10_000n;
  const amount = BigInt(income);
  // taxable = numerator / 5 (1/10000 yuan), exact either way.
  const taxable5 = amount <= 4_000n * yuan ? (amount > 800n * yuan ? (amount - 800n * yuan) * 5n : 0n) : amount * 4n;
  const [rate, quick] =
    taxable5 <= 20_000n * yuan * 5n ? [20n, 0n] : taxable5 <= 50_000n * yuan * 5n ? [30n, 2_000n] : [40n, 7_000n];
  // tax = taxable5 / 5 × rate / 100 − quick yuan = (taxable5 × rate − quick × yuan × 500) / 500.
  const numerator = taxable5 * rate - quick * yuan * 500n;
  if (numerator <= 0n) return 0;
  const fen = 100n * 500n;
  return Number(((numerator * 2n + fen) / (fen * 2n)) * 100n);
}

test('税费计算：工人的收入与预扣税额按预扣率表二独立核算一致，导出文件合计与页面一致', async ({ page }) => {
  test.setTimeout(120_000);
  // The 标准版 month with the most paid workers, and every worker's income in it, from the raw payout items.
  const { month, incomes } = await withServerDb(async (db) => {
    const busiest = await db
      .selectFrom('payout_items')
      .select([sql<string>`substr(finish_time, 1, 7)`.as('month'), sql<number>`COUNT(*)`.as('n')])
      .where('platform_mark', '=', 1)
      .where('status', '=', ITEM.succeeded)
      .where('finish_time', 'is not', null)
      .groupBy(sql`substr(finish_time, 1, 7)`)
      .orderBy(sql`COUNT(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('payout_items')
      .select(['id_card', 'amount'])
      .where('platform_mark', '=', 1)
      .where('status', '=', ITEM.succeeded)
      .where('finish_time', 'like', `${busiest.month}-%`)
      .execute();
    const sums = new Map<string, number>();
    for (const item of items) sums.set(item.id_card, (sums.get(item.id_card) ?? 0) + Number(item.amount));
    return { month: String(busiest.month), incomes: sums };
  });
  expect(incomes.size).toBeGreaterThan(0);
  const workers = [...incomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const totalIncome = workers.reduce((sum, [, income]) => sum + income, 0);
  const totalTax = workers.reduce((sum, [, income]) => sum + expectedTax(income), 0);

  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adTaxCalculation');
  const table = page.getByRole('table', { name: '税费计算' });
  await expect(table).toBeVisible();
  await page.getByRole('group', { name: '月份', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(month.replace('-', ''));
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/v1/statistics/tax?') && response.url().includes(`month=${month}`),
  );
  await page.getByRole('button', { name: '查询' }).click();
  await answered;

  // The top earner's row: income and tax withheld as worked out above. The page masks ID numbers (issue 30).
  const [idCard, income] = workers[0];
  const masked = `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}`;
  await expect(table.getByText(idCard)).toHaveCount(0);
  const row = table
    .locator('tbody tr')
    .filter({ hasText: masked })
    .filter({ hasText: formatMoney(income) });
  await expect(row).toHaveCount(1);
  expect(await cell(table, row, '本月收入（元）')).toBe(formatMoney(income));
  expect(await cell(table, row, '预扣税额（元）')).toBe(formatMoney(expectedTax(income)));
  expect(await cell(table, row, '税后收入（元）')).toBe(formatMoney(income - expectedTax(income)));
  await expect(page.locator('[data-total="income"]')).toHaveText(formatMoney(totalIncome));
  await expect(page.locator('[data-total="tax"]')).toHaveText(formatMoney(totalTax));

  // 财务 holds UI_TAX_EXPORT_FULL_ID: the page says what the full-ID file is for and that it is logged.
  await expect(page.getByRole('note')).toContainText('含完整身份证号，仅用于报税；每次导出都记入操作日志');
  const plainDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel', exact: true }).click();
  const plain = await workbookOf(await plainDownload);
  const plainColumn = (plain.getRow(2).values as unknown[]).indexOf('身份证号');
  const plainIds: string[] = [];
  for (let index = 3; index < plain.rowCount; index += 1) {
    plainIds.push(String(plain.getRow(index).getCell(plainColumn).value));
  }
  expect(plainIds.length).toBe(workers.length);
  expect(plainIds.every((value) => String(value).includes('****'))).toBe(true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel（含完整身份证号）' }).click();
  const sheet = await workbookOf(await downloading);
  const header = sheet.getRow(2).values as unknown[];
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('合计');
  const column = (label: string) => {
    const index = header.indexOf(label);
    expect(index, label).toBeGreaterThan(0);
    return index;
  };
  expect(cellUnits(last.getCell(column('本月收入（元）')).value)).toBe(totalIncome);
  expect(cellUnits(last.getCell(column('预扣税额（元）')).value)).toBe(totalTax);
  expect(sheet.rowCount - 3).toBe(workers.length);
  // Every worker's line in the file, whichever deduction and bracket applies, as worked out above.
  const fileLines = new Map<string, { income: number; tax: number }>();
  for (let index = 3; index < sheet.rowCount; index += 1) {
    const line = sheet.getRow(index);
    fileLines.set(String(line.getCell(column('身份证号')).value), {
      income: cellUnits(line.getCell(column('本月收入（元）')).value),
      tax: cellUnits(line.getCell(column('预扣税额（元）')).value),
    });
  }
  expect(fileLines).toEqual(
    new Map(workers.map(([card, amount]) => [card, { income: amount, tax: expectedTax(amount) }])),
  );
});

test('结算单 Excel：期初 + 充值 − 打款 − 服务费 + 退回 = 期末，且与页面一致', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adStatementManagement');
  // Last month's sheets (China time), generated as finance does; pending ones are recomputed from the ledger.
  const china = new Date(Date.now() + 8 * 3600_000);
  const lastMonth = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  await page.getByRole('group', { name: '结算月份', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(lastMonth.replace('-', ''));
  await page.getByRole('button', { name: '生成结算单' }).click();
  await expect(page.getByText(/结算单已生成/)).toBeVisible();
  const table = page.locator('table').first();
  const rows = table.locator('tbody tr');
  await expect(rows.filter({ hasText: lastMonth }).first()).toBeVisible();
  // A sheet with money moving both ways, else the first one.
  const busy = rows.filter({ hasNot: page.locator('td', { hasText: /^0\.00$/ }) });
  const row = (await busy.count()) > 0 ? busy.first() : rows.first();
  await expect(row).toBeVisible();
  const shown = {
    opening: await cell(table, row, '期初余额（元）'),
    topup: await cell(table, row, '充值（元）'),
    payout: await cell(table, row, '打款（元）'),
    charge: await cell(table, row, '服务费（元）'),
    refund: await cell(table, row, '失败退回（元）'),
    closing: await cell(table, row, '期末余额（元）'),
  };
  const sheetNo = await cell(table, row, '结算单号');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^结算单_${sheetNo}.*\\.xlsx$`));
  const sheet = await workbookOf(download);
  const lines = new Map<string, number>();
  sheet.eachRow((line) => {
    const values = line.values as unknown[];
    if (typeof values[1] === 'string' && typeof values[3] === 'number') lines.set(values[1], cellUnits(values[3]));
  });
  const file = {
    opening: lines.get('期初余额'),
    topup: lines.get('加：充值'),
    payout: lines.get('减：批量打款'),
    charge: lines.get('减：服务费'),
    refund: lines.get('加：失败退回'),
    closing: lines.get('期末余额'),
  };
  // The file holds the exact amounts; the page shows them to the fen.
  expect(Object.fromEntries(Object.entries(file).map(([key, value]) => [key, formatMoney(value as number)]))).toEqual(
    shown,
  );
  expect(
    (file.opening as number) +
      (file.topup as number) -
      (file.payout as number) -
      (file.charge as number) +
      (file.refund as number),
  ).toBe(file.closing);
});

test('银行信息：同步银行余额后，银行侧合计等于开发环境银行的账簿，账本侧等于余额之和', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adBankInformation');
  const table = page.getByRole('table', { name: '子账户余额与账本' });
  await expect(table).toBeVisible();
  const synced = page.waitForResponse((response) => response.url().includes('/api/v1/bankaccounts/bank/syncbalance'));
  const reloaded = page.waitForResponse(
    (response) => response.url().includes('/api/v1/bank/information') && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: '同步银行余额' }).click();
  expect((await (await synced).json()).code).toBeLessThan(2_000_000);
  await reloaded;
  await expect(page.getByText(/最近同步：\d{4}-/)).toBeVisible();

  // The platform account the page names; the bank's answer for it through the API (every account's balance).
  const accountNumber = (
    await page
      .locator('dt', { hasText: /^账号$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()
  )?.trim();
  expect(accountNumber).toMatch(/^\d+$/);
  const statement = await apiGet<{ bankBalance: number; collectionBalance: number; ledgerBalance: number }>(
    page,
    `/api/v1/bankaccounts/bank/balance?bacc=${accountNumber}`,
  );

  // The development bank's own books (its transactions per sub-account) and the ledger, from the database.
  const books = await withServerDb(async (db) => {
    const signed = sql<string>`SUM(CASE WHEN t.direction = ${DIRECTION.credit} THEN t.amount ELSE -t.amount END)`;
    const bank = await db
      .selectFrom('bank_transactions as t')
      .innerJoin('bank_sub_accounts as s', 's.account_number', 't.account_number')
      .select(['s.platform_mark as mark', signed.as('total')])
      .groupBy('s.platform_mark')
      .execute();
    const collection = await db
      .selectFrom('bank_transactions as t')
      .select(signed.as('total'))
      .where('t.account_number', '=', accountNumber as string)
      .executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom('accounts')
      .select(['platform_mark as mark', sql<string>`SUM(balance)`.as('total')])
      .groupBy('platform_mark')
      .execute();
    return {
      bank: new Map(bank.map((row) => [Number(row.mark), Number(row.total)])),
      collection: Number(collection.total ?? 0),
      ledger: new Map(ledger.map((row) => [Number(row.mark), Number(row.total)])),
    };
  });
  const bankOf = (mark: number) => books.bank.get(mark) ?? 0;
  const ledgerOf = (mark: number) => books.ledger.get(mark) ?? 0;

  for (const [mark, name] of [
    [1, '标准版'],
    [3, '小规模版'],
  ] as const) {
    const row = table.locator('tbody tr').filter({ hasText: name });
    expect(await cell(table, row, '银行余额（元，同步时）'), name).toBe(formatMoney(bankOf(mark)));
    expect(await cell(table, row, '账本余额（元，同步时）'), name).toBe(formatMoney(ledgerOf(mark)));
    expect(await cell(table, row, '当前账本余额（元）'), name).toBe(formatMoney(ledgerOf(mark)));
    expect(await cell(table, row, '差额（元）'), name).toBe(formatMoney(bankOf(mark) - ledgerOf(mark)));
  }
  await expect(page.locator('dd', { hasText: '同步时；' })).toContainText(
    `${formatMoney(books.collection)} 元（同步时`,
  );
  // The bank's statement through the API agrees with its books and with the page's sides.
  expect(statement.collectionBalance).toBe(books.collection);
  expect(statement.bankBalance).toBe(bankOf(1) + bankOf(3) + books.collection);
  expect(statement.ledgerBalance).toBe(ledgerOf(1) + ledgerOf(3));
});
