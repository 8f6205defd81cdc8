import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/**
 * The statistics pages, 税费计算 and 系统工具's 重发短信 keep their view in the address: the applied filters, the page size and the sort
 * survive a reload and travel with a shared link; an address holding nonsense reads as the default view.
 */

test('企业汇总：查询条件、排序与每页条数在刷新和分享链接后保留', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adEnterpriseFlow');
  await page.getByRole('combobox', { name: '统计周期' }).click();
  await page.getByRole('option', { name: '按日' }).click();
  await page.getByRole('textbox', { name: '企业名称' }).fill('科技');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/period=day/);
  await expect(page).toHaveURL(/coname=%E7%A7%91%E6%8A%80/);
  await page.getByRole('button', { name: '服务费（元）' }).click();
  await expect(page).toHaveURL(/sort=chargeAmount%2Cdesc/);
  await page.getByRole('combobox', { name: /每页/ }).click();
  await page.getByRole('option', { name: '50' }).click();
  await expect(page).toHaveURL(/size=50/);

  const shared = page.url();
  await page.reload();
  await expect(page.getByRole('textbox', { name: '企业名称' })).toHaveValue('科技');
  await expect(page.getByRole('combobox', { name: '统计周期' })).toHaveText('按日');
  await expect(page.getByRole('combobox', { name: /每页/ })).toHaveText('50');
  await expect(page.getByRole('button', { name: '服务费（元）' })).toHaveClass(/Mui-active/);

  // The same link opened by someone else shows the same view.
  const other = await (await browser.newContext()).newPage();
  await loginAs(other, 'admin', {
    path: `/login?Rurl=${encodeURIComponent(new URL(shared).pathname + new URL(shared).search)}`,
  });
  await expect(other.getByRole('textbox', { name: '企业名称' })).toHaveValue('科技');
  await other.context().close();

  // Nonsense in the address is the default view, not an error.
  await page.goto('/adEnterpriseFlow?period=week&size=7&sort=nothing,up&day=2026-13-45');
  await expect(page.getByRole('combobox', { name: '统计周期' })).toHaveText('按月');
  await expect(page.getByRole('combobox', { name: /每页/ })).toHaveText('10');
  await expect(page.getByRole('table')).toBeVisible();
});

test('税费计算：月份与姓名在刷新后保留', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adTaxCalculation');
  await page.getByRole('textbox', { name: '姓名' }).fill('张');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/name=%E5%BC%A0/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: '姓名' })).toHaveValue('张');
});

test('系统工具：重发短信按手机号查询的记录在刷新和分享链接后保留', async ({ page, browser }) => {
  // A mobile the demo data has messages for, whatever they are.
  const mobile = await withServerDb(async (db) =>
    String((await db.selectFrom('sms_logs').select('mobile').orderBy('id', 'desc').executeTakeFirstOrThrow()).mobile),
  );
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adAdminTool');
  const section = page.getByRole('region', { name: '重发短信' });
  await section.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await section.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`mobile=${mobile}`));
  const records = section.getByRole('table', { name: '短信记录' });
  await expect(records).toBeVisible();
  const shown = await records.getByRole('row').count();
  expect(shown).toBeGreaterThan(1);

  await page.reload();
  await expect(section.getByRole('textbox', { name: '手机号' })).toHaveValue(mobile);
  await expect(records.getByRole('row')).toHaveCount(shown);

  // The address as a link shared with another operator opens the same records.
  const shared = page.url();
  const other = await browser.newPage();
  await loginAs(other, 'admin', {
    path: `/login?Rurl=${encodeURIComponent(new URL(shared).pathname + new URL(shared).search)}`,
  });
  await expect(
    other.getByRole('region', { name: '重发短信' }).getByRole('table', { name: '短信记录' }).getByRole('row'),
  ).toHaveCount(shown);
  await other.close();
});
