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
 * The figures finance relies on: 税费计算 against the withholding rule worked out here from the raw
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
 * 累计预扣法 as docs/tax.md states it (公告2025年第16号, 预扣率表一), written again here in fen: 累计费用 = 累计收入 ×
 * 20%, 累计减除费用 = 5 000 元 × the unbroken run of months with income ending with this one, (收入 − 费用 − 减除) ×
 * 预扣率 − 速算扣除数, each term rounded half up to the fen, less what was withheld before the month; never below 0.
 */
function expectedTax(months: Map<string, { income: number; withheld: number }>, month: string): number {
  const halfUp = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);
  let income = 0n;
  let withheldBefore = 0n;
  for (const [key, value] of months) {
    if (key > month) continue;
    income += BigInt(value.income) / 100n;
    if (key < month) withheldBefore += BigInt(value.withheld) / 100n;
  }
  let run = 0;
  const year = Number(month.slice(0, 4));
  let m = Number(month.slice(5, 7));
  while (m >= 1 && (months.get(`${year}-${String(m).padStart(2, '0')}`)?.income ?? 0) > 0) {
    run += 1;
    m -= 1;
  }
  let taxable = income - halfUp(income * 20n, 100n) - 500_000n * BigInt(run);
  if (taxable < 0n) taxable = 0n;
  const table: [bigint, bigint, bigint][] = [
    [3_600_000n, 3n, 0n],
    [14_400_000n, 10n, 252_000n],
    [30_000_000n, 20n, 1_692_000n],
    [42_000_000n, 25n, 3_192_000n],
    [66_000_000n, 30n, 5_292_000n],
    [96_000_000n, 35n, 8_592_000n],
  ];
  const [, rate, quick] = table.find(([upTo]) => taxable <= upTo) ?? [0n, 45n, 18_192_000n];
  let cumulative = halfUp(taxable * rate - quick * 100n, 100n);
  if (cumulative < 0n) cumulative = 0n;
  const due = cumulative - withheldBefore;
  return due > 0n ? Number(due) * 100 : 0;
}

test('税费计算：工人的收入与本月应预扣税额按累计预扣法独立核算一致，导出文件合计与页面一致', async ({ page }) => {
  test.setTimeout(120_000);
  // The 标准版 month with the most paid workers, and every worker's months of that year at each signing entity.
  const { month, workers } = await withServerDb(async (db) => {
    const busiest = await db
      .selectFrom('payout_items')
      .select(['tax_month', sql<number>`COUNT(*)`.as('n')])
      .where('platform_mark', '=', 1)
      .where('status', '!=', ITEM.failed)
      .where('tax_month', 'is not', null)
      .groupBy('tax_month')
      .orderBy(sql`COUNT(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const chosen = String(busiest.tax_month);
    const items = await db
      .selectFrom('payout_items')
      .select(['id_card', 'enterprise_id', 'tax_month', 'amount', 'tax_amount', 'tax_status'])
      .where('platform_mark', '=', 1)
      .where('status', '!=', ITEM.failed)
      .where('tax_month', 'like', `${chosen.slice(0, 4)}-%`)
      .execute();
    const inMonth = new Set(
      items.filter((item) => item.tax_month === chosen).map((i) => `${i.enterprise_id}|${i.id_card}`),
    );
    const byWorker = new Map<string, Map<string, { income: number; withheld: number }>>();
    for (const item of items) {
      const key = `${item.enterprise_id}|${item.id_card}`;
      if (!inMonth.has(key)) continue;
      const months = byWorker.get(key) ?? new Map();
      const entry = months.get(String(item.tax_month)) ?? { income: 0, withheld: 0 };
      entry.income += Number(item.amount);
      if (Number(item.tax_status) === 1) entry.withheld += Number(item.tax_amount);
      months.set(String(item.tax_month), entry);
      byWorker.set(key, months);
    }
    return { month: chosen, workers: byWorker };
  });
  expect(workers.size).toBeGreaterThan(0);
  const lines = [...workers].map(([key, months]) => ({
    key,
    idCard: key.split('|')[1],
    income: months.get(month)?.income ?? 0,
    tax: expectedTax(months, month),
  }));
  lines.sort((a, b) => b.income - a.income || a.idCard.localeCompare(b.idCard));
  const totalIncome = lines.reduce((sum, line) => sum + line.income, 0);
  const totalTax = lines.reduce((sum, line) => sum + line.tax, 0);

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

  // The top earner's row: income and tax as worked out above. The page masks ID numbers.
  const top = lines[0];
  const masked = `${top.idCard.slice(0, 6)}${'*'.repeat(top.idCard.length - 10)}${top.idCard.slice(-4)}`;
  await expect(table.getByText(top.idCard)).toHaveCount(0);
  const row = table
    .locator('tbody tr')
    .filter({ hasText: masked })
    .filter({ hasText: formatMoney(top.income) });
  await expect(row).toHaveCount(1);
  expect(await cell(table, row, '本月收入（元）')).toBe(formatMoney(top.income));
  expect(await cell(table, row, '本月应预扣税额（元）')).toBe(formatMoney(top.tax));
  expect(await cell(table, row, '税后收入（元）')).toBe(formatMoney(top.income - top.tax));
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
  expect(plainIds.length).toBe(lines.length);
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
  expect(cellUnits(last.getCell(column('本月应预扣税额（元）')).value)).toBe(totalTax);
  expect(sheet.rowCount - 3).toBe(lines.length);
  // Every worker's line in the file, whichever bracket applies, as worked out above.
  const fileLines = new Map<string, { income: number; tax: number }>();
  for (let index = 3; index < sheet.rowCount; index += 1) {
    const line = sheet.getRow(index);
    fileLines.set(String(line.getCell(column('身份证号')).value), {
      income: cellUnits(line.getCell(column('本月收入（元）')).value),
      tax: cellUnits(line.getCell(column('本月应预扣税额（元）')).value),
    });
  }
  expect(fileLines).toEqual(new Map(lines.map((line) => [line.idCard, { income: line.income, tax: line.tax }])));
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
