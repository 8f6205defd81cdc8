import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// A company row opens its detail view: the record, its balance, contracts, latest batches and
// invoice applications; 编辑 and the breadcrumb lead on.

test('管理员在商户管理点一行打开企业详情：余额、合同、最近批次和开票申请', async ({ page }) => {
  test.setTimeout(90_000);
  const { name, batchNos } = await withServerDb(async (db) => {
    const company = await db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    const batches = await db
      .selectFrom('payout_batches')
      .select('batch_no')
      .where('company_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    return { name: company.name, batchNos: batches.map((row) => row.batch_no) };
  });
  expect(batchNos.length, 'the demo company has payout batches').toBeGreaterThan(0);

  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  await page.getByRole('textbox', { name: '企业名称' }).fill(name);
  const row = page.locator('tbody tr').filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  await row.locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/adMerchant\/1\/show$/);
  await expect(page.locator('#react-admin-title')).toHaveText('企业详情');
  await expect(page.getByText(name).first()).toBeVisible();

  const balance = page.getByRole('region', { name: '账户余额' });
  await expect(balance).toContainText('标准版余额（元）');
  await expect(balance).toContainText(/\d+\.\d{2}/);
  const batches = page.getByRole('table', { name: '最近打款批次' });
  await expect(batches.locator('tbody tr')).toHaveCount(batchNos.length);
  await expect(batches.locator('tbody tr').first()).toContainText(batchNos[0]);
  await expect(page.getByRole('region', { name: '合同' })).toBeVisible();
  await expect(page.getByRole('region', { name: '最近开票申请' })).toBeVisible();

  await page.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/adMerchant\/1$/);
});
