import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

// Issue 17 item 7: one name per page. For each demo account the menu starts with 首页, every quick link on the
// home page is a page of the menu, and every menu page's title is its menu label.

const ACCOUNTS = [
  { username: 'admin', edition: '标准版' },
  { username: 'kefu', edition: '标准版' },
  { username: 'hehuoren', edition: '标准版' },
  { username: 'caiwu', edition: '标准版' },
  { username: 'merchant', edition: '标准版' },
  { username: 'xgm', edition: '小规模版' },
] as const;

/** Every link of the side menu, with all admin groups opened: [label, path]. */
async function menuLinks(page: Page): Promise<[string, string][]> {
  const menu = page.locator('.RaSidebar-fixed');
  const collapsed = menu.getByRole('button', { expanded: false });
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  const links = menu.getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element) => [
      (element.textContent ?? '').trim(),
      new URL((element as HTMLAnchorElement).href).pathname,
    ]),
  ) as Promise<[string, string][]>;
}

for (const { username, edition } of ACCOUNTS) {
  test(`${username}：菜单以首页开头，快捷入口都在菜单里，每个页面标题与菜单名称一致`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, username, { edition });
    await expect(page.getByTestId('current-user')).toBeVisible();
    const links = await menuLinks(page);
    expect(links[0]?.[0], `${username} 的菜单第一项`).toBe('首页');

    await page.locator('.RaSidebar-fixed').getByRole('link', { name: '首页', exact: true }).click();
    await expect(page.locator('#react-admin-title')).toHaveText('首页');
    const quick = page.locator('h6:text("快捷入口") + div a');
    await expect(quick.first()).toBeVisible();
    const quickLinks = (await quick.evaluateAll((elements) =>
      elements.map((element) => [
        (element.textContent ?? '').trim(),
        new URL((element as HTMLAnchorElement).href).pathname,
      ]),
    )) as [string, string][];
    const inMenu = new Set(links.map(([label, path]) => `${label} ${path}`));
    for (const [label, path] of quickLinks) {
      expect(inMenu.has(`${label} ${path}`), `快捷入口「${label}」${path} 不在 ${username} 的菜单中`).toBe(true);
    }

    const mismatched: string[] = [];
    for (const [label, path] of links) {
      if (path === '/versionUpdate') continue; // 关于我们 is not a route of the table
      await page.locator('.RaSidebar-fixed').locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      const title = page.locator('#react-admin-title');
      try {
        await expect(title).toHaveText(label, { timeout: 5000 });
      } catch {
        mismatched.push(`${path}: 菜单「${label}」, 标题「${(await title.textContent()) ?? ''}」`);
      }
    }
    expect(mismatched, `${username} 的页面标题与菜单不一致`).toEqual([]);
  });
}
