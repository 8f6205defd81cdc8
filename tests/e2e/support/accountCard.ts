import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the merchant's hover card (the header's name) and returns it. The card opens on mouseenter: a pointer
 * that was already over the name when the header re-rendered gets no new mouseenter, so until the card shows
 * the pointer leaves and enters again.
 */
export async function openAccountCard(page: Page): Promise<Locator> {
  const name = page.getByTestId('current-user');
  const card = page.getByRole('navigation', { name: '账户' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await name.hover();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return card;
}
