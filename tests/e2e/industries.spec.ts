import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

const LIST = /\/adIndustrymanagement(\?.*)?$/;

/** The URL changes before the form replaces the list (the list's filter has the same label). */
async function waitForForm(page: Page) {
  await expect(page.getByRole('button', { name: '添加筛选' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
}

async function openFromList(page: Page, name: string) {
  await expect(page).toHaveURL(LIST);
  // the URL changes before the list replaces the form: wait until the form is gone
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
  await page.getByRole('textbox', { name: '行业名称' }).fill(name);
  // the filter reaches the URL after a debounce; clicking earlier would be undone by it
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes(`"nm":"${name}"`));
  await page.getByRole('cell', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/adIndustrymanagement\/\d+$/);
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: '行业名称' })).toHaveValue(name);
}

test('管理员新建、编辑、删除行业；使用中的行业不能删除', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `测试行业${Date.now() % 100000}`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adIndustrymanagement');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('link', { name: '新建行业' }).click();
  await expect(page).toHaveURL(/\/adIndustrymanagement\/create$/);
  await waitForForm(page);
  const nameInput = page.getByRole('textbox', { name: '行业名称' });
  await nameInput.fill('甲');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入2-32位行业名称')).toBeVisible();
  await nameInput.fill('');
  await expect(page.getByText('请输入行业名称')).toBeVisible();
  await nameInput.fill(name);
  await page.getByRole('button', { name: '保存' }).click();

  await openFromList(page, name);
  await page.getByRole('textbox', { name: '行业名称' }).fill(`${name}改`);
  await page.getByRole('button', { name: '保存' }).click();

  await openFromList(page, `${name}改`);
  await page.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`确定要删除「${name}改」吗？删除后无法恢复。`)).toBeVisible();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(page).toHaveURL(LIST);
  await page.getByRole('textbox', { name: '行业名称' }).fill(`${name}改`);
  await expect(page.getByText('当前筛选条件下暂无行业')).toBeVisible();

  // an industry in use (处理状态 使用中) cannot be deleted
  await page.goto('/adIndustrymanagement/1');
  await expect(page.getByRole('textbox', { name: '行业名称' })).not.toHaveValue('');
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('该行业正在使用中，不能删除')).toBeVisible();
});
