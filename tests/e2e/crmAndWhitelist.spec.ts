import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

/**
 * Issue 33: on /adPartnerManageSub an operator searches the CRM, binds a subsidiary to a CRM subsidiary and unbinds
 * it again (the demo row is put back as it was).
 */

test('/adPartnerManageSub: search the CRM, bind a subsidiary, unbind it', async ({ page }) => {
  await loginAs(page, 'admin', { path: '/login?Rurl=%2FadPartnerManageSub' });
  await expect(page).toHaveURL(/\/adPartnerManageSub/);
  const row = page.getByRole('row').filter({ hasText: '天津分公司' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '绑定CRM' }).click();

  const dialog = page.getByRole('dialog', { name: /绑定CRM/ });
  await dialog.getByLabel('CRM名称').fill('成都');
  await dialog.getByRole('button', { name: '查询CRM' }).click();
  const results = dialog.getByRole('list', { name: 'CRM查询结果' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button', { name: /成都分公司（CRM）/ }).click();
  const bound = page.waitForResponse((response) => response.url().includes('/api/v1/subsidiary/crm/binding'));
  await dialog.getByRole('button', { name: '确定绑定' }).click();
  expect((await (await bound).json()).code).toBe(1020000);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('成都分公司（CRM）');

  const unbound = page.waitForResponse((response) => response.url().includes('/api/v1/subsidiary/crm/unbinding'));
  await row.getByRole('button', { name: '解绑CRM' }).click();
  expect((await (await unbound).json()).code).toBe(1020000);
  await expect(row).not.toContainText('成都分公司（CRM）');
  await expect(row.getByRole('button', { name: '解绑CRM' })).toHaveCount(0);
});

test('/login: logging in without an account says 请填写账号 and sends nothing', async ({ page }) => {
  await page.goto('/login?index');
  let logins = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/login' && request.method() === 'POST') logins++;
  });
  await page.getByLabel('密码').fill('Demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请填写账号').first()).toBeVisible();
  expect(logins).toBe(0);
});
