import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

test('管理员新建并发布公告，商户在系统公告中看到未读并标记已读', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `平台维护通知${Date.now() % 100000}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adNotice/create');
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByRole('textbox', { name: '公告内容' }).fill('本周六凌晨进行系统维护，届时暂停打款。');
  await page.getByRole('combobox', { name: '版本' }).click();
  await page.getByRole('option', { name: '标准版' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adNotice(\?.*)?$/);

  await page.getByRole('textbox', { name: '标题' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row.getByRole('button', { name: '发布' })).toHaveCount(0);
  // The admin home lists what merchants of the edition are shown now.
  await page.goto('/adMain');
  await expect(page.getByRole('list', { name: '标准版最新公告' }).getByText(title)).toBeVisible();

  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);

  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/systemNotice');
  const notice = page.getByRole('row').filter({ hasText: title });
  await expect(notice.getByText('未读')).toBeVisible();
  await notice.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('本周六凌晨进行系统维护，届时暂停打款。')).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice.getByText('已读')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('已读')).toBeVisible();
});
