import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// Generated forms have a breadcrumb, a 返回 button, and warn before unsaved changes are lost.

test('生成的新建页：面包屑、返回按钮，离开未保存的修改前先询问', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adNotice/create');

  const trail = page.getByRole('navigation', { name: '面包屑' });
  await expect(trail.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(trail).toContainText('消息中心');
  await expect(trail.getByText('新建公告')).toBeVisible();

  // Unchanged: 返回 goes straight back to the list.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/adNotice(\?.*)?$/);

  await page.goto('/adNotice/create');
  await page.getByRole('textbox', { name: '标题' }).fill('还没保存的公告');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: '返回' }).click();
  await expect.poll(() => asked).toEqual(['部分修改尚未保存，确定要放弃吗？']);
  await expect(page).toHaveURL(/\/adNotice\/create$/);
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('还没保存的公告');

  // The breadcrumb's list link asks too; accepting leaves.
  page.once('dialog', (dialog) => void dialog.accept());
  await trail.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/adNotice(\?.*)?$/);
});
