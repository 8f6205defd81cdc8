import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatRate } from '../../src/domain/rates';
import { loginAs } from './support/login';
import { clickRowAction } from './support/rowActions';
import { withServerDb } from './support/serverDb';

/**
 * Calls the server answered but no page used, each clicked where it now lives, as the role that works
 * there, and compared with the database: a sub-account's bank balance and status (/subAccountQuery), the accounts
 * being closed (资金管理), an enterprise's industries, risk and level rates (代征主体管理).
 */

/** Yuan with two decimals and thousands separators, from integer 1/10000 yuan (amounts here are whole fen). */
function yuan(units: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(units / 10000);
}

/** The sub-account statuses as the spec names them. */
const SUB_ACCOUNT_STATUS_NAMES: Record<number, string> = { 1: '正常', 2: '冻结', 3: '销户中', 4: '已销户' };
const ENTERPRISE_STATUS_NAMES: Record<number, string> = { 1: '正常', 2: '已锁定', 3: '有风险' };

/** The value beside `label` in a values dialog (label / value rows). */
function shownValue(dialog: Locator, label: string): Locator {
  return dialog
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

async function openList(page: Page, path: string, filter: Record<string, unknown>) {
  await page.goto(`${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
}

test('子账户查询：查询余额与账户状态显示银行账本和数据库中的值', async ({ page }) => {
  const sub = await withServerDb((db) =>
    db
      .selectFrom('bank_sub_accounts')
      .innerJoin('companies', 'companies.id', 'bank_sub_accounts.company_id')
      .select([
        'bank_sub_accounts.account_number as accountNumber',
        'bank_sub_accounts.company_id as companyId',
        'bank_sub_accounts.platform_mark as platformMark',
        'bank_sub_accounts.status as status',
        'companies.name as companyName',
      ])
      .where('bank_sub_accounts.status', '=', 1)
      .orderBy('bank_sub_accounts.id')
      .executeTakeFirstOrThrow(),
  );
  // The development bank books what earlier tests paid or topped up when it is next asked, so the books are read
  // after the dialog's call has asked.
  const books = () =>
    withServerDb(async (db) => {
      const lines = await db
        .selectFrom('bank_transactions')
        .select(['direction', 'amount'])
        .where('account_number', '=', sub.accountNumber)
        .execute();
      const bank = lines.reduce((sum, line) => sum + (Number(line.direction) === 1 ? 1 : -1) * Number(line.amount), 0);
      const ledger = await db
        .selectFrom('accounts')
        .select('balance')
        .where('company_id', '=', sub.companyId)
        .where('platform_mark', '=', sub.platformMark)
        .executeTakeFirst();
      return { bank, ledger: Number(ledger?.balance ?? 0) };
    });
  await loginAs(page, 'caiwu');
  await openList(page, '/subAccountQuery', { accountNumber: sub.accountNumber });
  const row = page.locator('table tbody tr').filter({ hasText: sub.accountNumber });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: '查询余额' }).click();
  const balance = page.getByRole('dialog', { name: `银行余额「${sub.accountNumber}」` });
  await expect(balance).toBeVisible();
  await expect(shownValue(balance, '子账户账号')).toHaveText(sub.accountNumber);
  const account = { ...sub, ...(await books()) };
  await expect(shownValue(balance, '银行余额（元）')).toHaveText(yuan(account.bank));
  await expect(shownValue(balance, '账本余额（元）')).toHaveText(yuan(account.ledger));
  await expect(shownValue(balance, '差额（元）')).toHaveText(yuan(account.bank - account.ledger));
  await balance.getByRole('button', { name: '关闭' }).click();
  await expect(balance).toBeHidden();

  await row.getByRole('button', { name: '账户状态' }).click();
  const status = page.getByRole('dialog', { name: `账户状态「${account.accountNumber}」` });
  await expect(shownValue(status, '子账户账号')).toHaveText(account.accountNumber);
  await expect(shownValue(status, '状态')).toHaveText(SUB_ACCOUNT_STATUS_NAMES[Number(account.status)]);
  await status.getByRole('button', { name: '关闭' }).click();
});

test('资金管理：销户中的账户列出本版本正在销户的子账户及企业名称', async ({ page }) => {
  const closing = await withServerDb((db) =>
    db
      .selectFrom('bank_sub_accounts')
      .innerJoin('companies', 'companies.id', 'bank_sub_accounts.company_id')
      .select(['bank_sub_accounts.account_number as accountNumber', 'companies.name as companyName'])
      .where('bank_sub_accounts.platform_mark', '=', 1)
      .where('bank_sub_accounts.status', '=', 3)
      .execute(),
  );
  expect(closing.length, 'the demo data has a standard-edition account being closed').toBeGreaterThan(0);
  await loginAs(page, 'caiwu');
  await page.goto('/adMoneyManagement');
  await page.getByRole('button', { name: '销户中的账户' }).click();
  const dialog = page.getByRole('dialog', { name: '销户中的子账户' });
  const rows = dialog.locator('tbody tr');
  await expect(rows).toHaveCount(closing.length);
  for (const account of closing) {
    await expect(rows.filter({ hasText: account.accountNumber })).toContainText(account.companyName);
    await expect(rows.filter({ hasText: account.accountNumber })).toContainText('销户中');
  }
});

test('代征主体管理：添加、查看、移除所属行业，查看风险信息与等级费率', async ({ page }) => {
  test.setTimeout(90_000);
  const { enterprise, industry } = await withServerDb(async (db) => {
    const enterprise = await db
      .selectFrom('enterprises')
      .select(['id', 'name', 'status', 'status_reason', 'rate_level1', 'rate_level2', 'rate_level3'])
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const used = await db
      .selectFrom('enterprise_industries')
      .select('industry_id')
      .where('enterprise_id', '=', enterprise.id)
      .execute();
    const industry = await db
      .selectFrom('industries')
      .select(['id', 'nm'])
      .$if(used.length > 0, (query) =>
        query.where(
          'id',
          'not in',
          used.map((row) => row.industry_id),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { enterprise, industry };
  });
  await loginAs(page, 'admin');
  await openList(page, '/adAgentmanagement', { name: enterprise.name });
  const row = page.locator('table tbody tr').filter({ hasText: enterprise.name }).first();

  await clickRowAction(page, row, '添加行业');
  const adding = page.getByRole('dialog');
  await adding.getByRole('combobox', { name: '行业' }).fill(industry.nm);
  await page.getByRole('option', { name: industry.nm, exact: true }).click();
  await adding.getByLabel('经营范围').fill('信息技术服务');
  await adding.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('添加行业成功')).toBeVisible();

  await clickRowAction(page, row, '所属行业');
  const listed = page.getByRole('dialog', { name: `所属行业「${enterprise.name}」` });
  await expect(listed.locator('tbody tr').filter({ hasText: industry.nm })).toContainText('信息技术服务');
  const stored = await withServerDb((db) =>
    db
      .selectFrom('enterprise_industries')
      .select('scope')
      .where('enterprise_id', '=', enterprise.id)
      .where('industry_id', '=', industry.id)
      .execute(),
  );
  expect(stored).toEqual([{ scope: '信息技术服务' }]);
  await listed.getByRole('button', { name: '关闭' }).click();

  // Put the demo data back through the page: 移除行业 with the same industry.
  await clickRowAction(page, row, '移除行业');
  const removing = page.getByRole('dialog');
  await removing.getByRole('combobox', { name: '行业' }).fill(industry.nm);
  await page.getByRole('option', { name: industry.nm, exact: true }).click();
  await removing.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('移除行业成功')).toBeVisible();
  await expect
    .poll(() =>
      withServerDb((db) =>
        db
          .selectFrom('enterprise_industries')
          .select('id')
          .where('enterprise_id', '=', enterprise.id)
          .where('industry_id', '=', industry.id)
          .execute(),
      ),
    )
    .toEqual([]);

  await clickRowAction(page, row, '风险信息');
  const risk = page.getByRole('dialog', { name: `风险信息「${enterprise.name}」` });
  await expect(shownValue(risk, '状态')).toHaveText(ENTERPRISE_STATUS_NAMES[Number(enterprise.status)]);
  await expect(shownValue(risk, '原因')).toHaveText(enterprise.status_reason || '—');
  await risk.getByRole('button', { name: '关闭' }).click();

  await clickRowAction(page, row, '等级费率');
  const rates = page.getByRole('dialog', { name: `等级费率「${enterprise.name}」` });
  const rateRows = rates.locator('tbody tr');
  await expect(rateRows).toHaveCount(3);
  // Shown as percentages (650 → 6.50%), as typed on the enterprise's form.
  const expected = [enterprise.rate_level1, enterprise.rate_level2, enterprise.rate_level3].map((rate) =>
    formatRate(Number(rate)),
  );
  for (const [index, rate] of expected.entries()) {
    await expect(rateRows.nth(index).locator('td').nth(1)).toHaveText(rate);
  }
  await expect(rateRows.nth(0).locator('td').nth(1)).toHaveText(/^\d{1,3}\.\d{2}%$/);
  await expect(rateRows.nth(0)).toContainText('普通用户');
  await expect(rateRows.nth(2)).toContainText('尊享VIP');
});
