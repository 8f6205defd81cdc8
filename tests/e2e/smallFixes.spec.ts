import { expect, test } from '@playwright/test';
import { chinaTime } from '../../server/db/time';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// The small ones.

test('公告表单：空的版本下拉框提示「请选择版本」', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adNotice/create');
  await page.getByRole('textbox', { name: '标题' }).fill('版本提示检查');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择版本')).toBeVisible();
  await expect(page.getByText('请输入版本')).toHaveCount(0);
});

test('确认对话框的「取消」不带错误图标', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adNotice');
  const publish = page.getByRole('row').getByRole('button', { name: '发布', exact: true }).first();
  await expect(publish).toBeVisible();
  // Buttons work once the app has replaced the first paint's picture.
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);
  await publish.click();
  const dialog = page.getByRole('dialog');
  const cancel = dialog.getByRole('button', { name: '取消' });
  await expect(cancel).toBeVisible();
  // The production build's icons carry no test id: tell them by their drawing. ErrorOutlineOutlined was
  // react-admin's default; a plain close mark now.
  const icon = cancel.locator('svg path');
  await expect(icon).toHaveCount(1);
  await expect(icon).not.toHaveAttribute('d', /^M11 15h2v2h-2z/);
  await expect(icon).toHaveAttribute('d', /^M19 6\.41 17\.59 5 12 10\.59/);
  await cancel.click();
  await expect(dialog).toHaveCount(0);
});

test('团队管理：停用子账号先确认，完成后提示', async ({ page }) => {
  const username = `tm${Date.now() % 100000}`;
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/teamAdmin');
  const form = page.getByRole('form', { name: '添加子账号' });
  await form.getByLabel('手机号').fill('13911113333');
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('初始密码').fill('Sub12345');
  await form.getByRole('button', { name: '添加子账号' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row.getByText('启用', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: '停用' }).click();
  const dialog = page.getByRole('dialog', { name: `停用子账号「${username}」` });
  await expect(dialog.getByText('停用后该子账号将无法登录，确定停用吗？')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(row.getByText('启用', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: '停用' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已停用子账号 ${username}`)).toBeVisible();
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
});

test('演示合同的签署与创建时间都不晚于现在', async ({ page }) => {
  const now = chinaTime();
  const future = await withServerDb((db) =>
    db
      .selectFrom('contracts')
      .select(['contract_no', 'sign_time', 'create_time'])
      .where((eb) => eb.or([eb('sign_time', '>', now), eb('create_time', '>', now)]))
      .execute(),
  );
  expect(future).toEqual([]);

  // As the merchant sees them: the latest signed contract on the list is not in the future.
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/contractManagement');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});
