import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Starts a row action by its label, wherever the row shows it: as a button in the 操作 cell, or, when the row has
 * more actions than fit (resources/generator/RowActions.tsx), as an entry of its 「更多」 menu.
 */
export async function clickRowAction(page: Page, row: Locator, label: string): Promise<void> {
  const button = row.getByRole('button', { name: label, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  // A list that reloads (after the previous action's success) renders the row again and closes a menu opened on
  // the row it replaced: open the menu again until the entry can be clicked.
  const entry = page.getByRole('menuitem', { name: label, exact: true });
  await expect(async () => {
    if ((await page.getByRole('menu').count()) === 0) {
      await row.getByRole('button', { name: '更多', exact: true }).click({ timeout: 5_000 });
    }
    await entry.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The labels a row offers, on the row and under its 「更多」 menu (which it closes again). */
export async function rowActionLabels(page: Page, row: Locator): Promise<string[]> {
  const cell = row.locator('td').last();
  const labels = (await cell.getByRole('button').allInnerTexts()).map((text) => text.trim());
  if (!labels.includes('更多')) return labels;
  await cell.getByRole('button', { name: '更多', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const more = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return [...labels.filter((label) => label !== '更多'), ...more];
}
