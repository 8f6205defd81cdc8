import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

test('管理员在系统设置的操作日志里看到自己刚做的修改：谁、哪个页面、什么操作、哪条记录、改了什么（操作员的话，不是接口和JSON）', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `日志行业${Date.now() % 100000}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);

  await page.goto('/adIndustrymanagement/create');
  await page.getByRole('textbox', { name: '行业名称' }).fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adIndustrymanagement(\?.*)?$/);
  // The list has replaced the form (its unsaved-changes guard goes with it) once the new industry is listed.
  await expect(page.locator('tbody tr').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);

  await page.getByRole('button', { name: '系统设置' }).click();
  await expect(page.getByRole('button', { name: '系统设置' })).toHaveAttribute('aria-expanded', 'true');
  // The group opens with a transition inside a scrolling sidebar: on a busy machine the first click can land while
  // the link still moves; clicking a menu link again is harmless.
  const link = page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '操作日志' });
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(/\/adOperationLog/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The newest entry first: the industry just created, in words.
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin');
  await expect(row).toContainText('管理员');
  await expect(row).toContainText('行业管理');
  await expect(row).toContainText('新增行业');
  await expect(row).toContainText(`行业名称: ${name}`);
  await expect(row).not.toContainText('/api/');
  await expect(row).not.toContainText('create');
  await expect(row).not.toContainText('{');

  // Nobody edits or deletes the log: the page offers no such action.
  await expect(page.getByRole('link', { name: /新建/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
});
