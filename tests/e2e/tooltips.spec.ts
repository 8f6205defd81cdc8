import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// Every MUI tooltip, react-admin's included, first renders its child alone and becomes MUI's tooltip
// in the render after (src/components/DeferredTooltip.tsx). Nothing of it may be lost: the accessible names,
// the sort hints on a list's header and the buttons' hints still appear on hover, on a cold load as after it.
test('表头排序提示、收起菜单与刷新按钮的提示照常出现，按钮名称不变', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  await expect(page.locator('.RaDatagrid-root tbody tr').first()).toBeVisible();
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);

  const toggle = page.getByRole('button', { name: '收起菜单' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新' })).toBeVisible();

  const header = page.locator('.RaDatagrid-root thead .MuiTableSortLabel-root').first();
  const field = (await header.textContent())?.trim() ?? '';
  expect(field).not.toBe('');
  const tooltip = page.getByRole('tooltip');
  // Hovered again if the filter bar, still mounting its date pickers, moved the header from under the pointer.
  await expect(async () => {
    await page.mouse.move(600, 10);
    await header.hover();
    await expect(tooltip).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(tooltip).toContainText(`按${field}`);
  await expect(tooltip).toContainText('排序');

  await page.mouse.move(600, 10);
  await expect(tooltip).toHaveCount(0);
  await page.getByRole('button', { name: '刷新' }).hover();
  await expect(tooltip).toHaveText('刷新');

  // The tooltip follows the sidebar's state, as MUI's did.
  await toggle.click();
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
});
