import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

/** Logs in through the login page as a person would. */
export async function loginAs(
  page: Page,
  username: string,
  options: { edition?: '标准版' | '小规模版'; password?: string; path?: string } = {},
) {
  await page.goto(options.path ?? '/login');
  if (options.edition === '小规模版') await page.getByRole('tab', { name: '小规模版' }).click();
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function expectLoggedInAs(page: Page, name: string | RegExp) {
  await expect(page.getByTestId('current-user')).toHaveText(name);
}
