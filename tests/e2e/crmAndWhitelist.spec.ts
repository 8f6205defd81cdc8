import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

/**
 * On /adPartnerManageSub an operator searches the CRM, binds a subsidiary to a CRM subsidiary and unbinds
 * it again (the demo row is put back as it was); on /signUser a merchant puts a payee on the payout whitelist and
 * takes them off again.
 */

/** An 18-digit national id with its check digit (GB 11643), random enough not to meet another test's. */
function nationalId(): string {
  const body = `11010519900101${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return body + '10X98765432'[sum % 11];
}

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

test('/signUser: a merchant adds a payee to the payout whitelist and removes them', async ({ page }) => {
  await loginAs(page, 'merchant', { path: '/login?Rurl=%2FsignUser' });
  await expect(page).toHaveURL(/\/signUser/);
  const section = page.getByRole('region', { name: '打款白名单' });
  const name = `白名单${Date.now() % 10000}`;
  await section.getByLabel('姓名').fill(name);
  await section.getByLabel('身份证号').fill(nationalId());
  await section.getByRole('button', { name: '加入白名单' }).click();
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('****');
  await row.getByRole('button', { name: '移出' }).click();
  await expect(row).toHaveCount(0);
});
