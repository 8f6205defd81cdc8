import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

/** Records the first paint's cells when it appears (it is gone once the app has loaded). */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const target = window as unknown as { __firstPaintCells?: string[][]; __firstPaintFill?: number };
    new MutationObserver((_records, observer) => {
      const picture = document.getElementById('lg-first-paint');
      if (!picture) return;
      const rows = [...picture.querySelectorAll('tbody tr')];
      target.__firstPaintCells = rows.map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
      );
      // How far down the window the drawn rows reach (1 = to its bottom edge).
      target.__firstPaintFill = (rows.at(-1)?.getBoundingClientRect().bottom ?? 0) / window.innerHeight;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

async function appCells(page: Page): Promise<string[][]> {
  const rows = page.locator('.RaDatagrid-root tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((elements) =>
    elements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
  );
}

test.describe('列表首屏（应用加载前先画出第一页）', () => {
  test('冷启动 /adMerchant：先画出的行与应用随后显示的行一致，且只向服务器请求一次', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    // The home's 企业总数 asks companies/search for a count (size=1); on a slow machine that request left after the
    // watch below began and was counted as the list's second request. Its figure shown, it has been answered.
    await expect(page.getByLabel('企业总数', { exact: true })).toHaveText(/^[\d,]+$/);
    await watchFirstPaint(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/companies/search')) searches.push(request.url());
    });

    const filter = encodeURIComponent(JSON.stringify({ coname: '科技' }));
    await page.goto(`/adMerchant?filter=${filter}&perPage=50&sort=id&order=ASC`);
    const cells = await appCells(page);
    await expect(page.locator('#lg-first-paint')).toHaveCount(0);

    const painted = await page.evaluate(
      () => (window as unknown as { __firstPaintCells?: string[][] }).__firstPaintCells,
    );
    expect(painted, 'the first paint appeared').toBeDefined();
    expect(painted?.length).toBeGreaterThan(1);
    // It draws the page's first rows, only as many as the window shows: the window is full, the rest is the app's.
    expect(cells.length).toBe(50);
    expect(painted?.length).toBeLessThan(cells.length);
    expect(painted).toEqual(cells.slice(0, painted?.length));
    const fill = await page.evaluate(() => (window as unknown as { __firstPaintFill?: number }).__firstPaintFill);
    expect(fill).toBeGreaterThanOrEqual(1);
    expect(fill).toBeLessThan(1.3);
    for (const row of cells) expect(row[1]).toContain('科技');
    expect(
      searches,
      `the app took the first paint’s answer instead of asking again: ${searches.join(' ')}`,
    ).toHaveLength(1);
    // admin.html's head preloads the chunks; the boot script does not add a second link for any of them.
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
    );
    expect(preloads.length).toBeGreaterThan(1);
    expect(new Set(preloads).size).toBe(preloads.length);

    // the app is fully usable after the hand-over
    await page.getByRole('cell', { name: cells[0][1], exact: true }).click();
    await expect(page).toHaveURL(/\/adMerchant\/\d+\/show$/);

    // Opened again without parameters, the list takes those kept from the last visit: so does the picture.
    await page.goto('/adMerchant');
    const again = await appCells(page);
    const paintedAgain = await page.evaluate(
      () => (window as unknown as { __firstPaintCells?: string[][] }).__firstPaintCells,
    );
    expect(again).toEqual(cells);
    expect(paintedAgain).toEqual(again.slice(0, paintedAgain?.length));
    expect(paintedAgain).toEqual(painted);
    expect(searches).toHaveLength(2);
  });

  test('首屏开关关闭（lg.firstPaint=off）：不画首屏，应用照常显示并可用', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    await watchFirstPaint(page);
    await page.evaluate(() => localStorage.setItem('lg.firstPaint', 'off'));
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/companies/search')) searches.push(request.url());
    });

    await page.goto('/adMerchant?perPage=25&sort=id&order=ASC');
    const cells = await appCells(page);
    expect(cells).toHaveLength(25);
    const painted = await page.evaluate(
      () => (window as unknown as { __firstPaintCells?: string[][] }).__firstPaintCells,
    );
    expect(painted, 'no picture was drawn').toBeUndefined();
    // The early request still goes out; the app takes it when it was published before the app asked (a race
    // once the app no longer waits for the picture), else asks itself.
    expect(searches.length).toBeGreaterThanOrEqual(1);
    expect(searches.length).toBeLessThanOrEqual(2);
    await page.getByRole('cell', { name: cells[0][1], exact: true }).click();
    await expect(page).toHaveURL(/\/adMerchant\/\d+\/show$/);
    await page.evaluate(() => localStorage.removeItem('lg.firstPaint'));
  });

  test('商户的合同管理与带操作列的平台合作：先画出的行与应用的行一致', async ({ page }) => {
    await loginAs(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await watchFirstPaint(page);
    await page.goto('/contractManagement');
    const cells = await appCells(page);
    const painted = await page.evaluate(
      () => (window as unknown as { __firstPaintCells?: string[][] }).__firstPaintCells,
    );
    // The picture keeps the (empty) column of the list's own 查看/签署/下载 buttons; the buttons come with the app.
    // It draws the rows the window shows (all of them on a short page).
    expect(painted?.length).toBeGreaterThan(0);
    expect(painted?.map((row) => row.slice(0, -1))).toEqual(
      cells.slice(0, painted?.length).map((row) => row.slice(0, -1)),
    );
    expect(painted?.every((row) => row.at(-1) === '')).toBe(true);

    await page.evaluate(() => sessionStorage.clear());
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    await page.goto('/adPlatformCooperation?perPage=50');
    const adminCells = await appCells(page);
    const adminPainted = await page.evaluate(
      () => (window as unknown as { __firstPaintCells?: string[][] }).__firstPaintCells,
    );
    // The picture leaves the action column empty: the buttons come with the app.
    const withoutActions = (rows: string[][] | undefined) => rows?.map((row) => row.slice(0, -1));
    expect(adminCells.length).toBeGreaterThan(adminPainted?.length ?? 0);
    expect(withoutActions(adminPainted)).toEqual(withoutActions(adminCells.slice(0, adminPainted?.length)));
  });

  test('登录页只加载公共启动脚本，不带首屏；未登录打开管理端页面不画首屏，转到登录页', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    /** The page's own inline scripts (admin.html carries the admin's boot with the first paint inline). */
    const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

    const login = await page.goto('/login');
    await expect(page.getByLabel('账号')).toBeVisible();
    expect(inlineScripts((await login?.text()) ?? '')).toEqual([]);
    expect(scripts.filter((script) => /^\/assets\/boot-/.test(script))).toHaveLength(1);
    for (const script of scripts)
      expect(await (await page.request.get(script)).text()).not.toContain('cursor:progress');

    const painted: boolean[] = [];
    await page.exposeFunction('__reportFirstPaint', (shown: boolean) => painted.push(shown));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('lg-first-paint'))
          (window as unknown as { __reportFirstPaint(shown: boolean): void }).__reportFirstPaint(true);
      }).observe(document, { childList: true, subtree: true });
    });
    const admin = await page.goto('/adMerchant');
    // The admin page's boot, inline: the first paint's code (its table style) is there, and not on /login.
    const adminScripts = inlineScripts((await admin?.text()) ?? '');
    expect(adminScripts).toHaveLength(1);
    expect(adminScripts[0]).toContain('cursor:progress');
    await expect(page).toHaveURL(/\/login/);
    expect(painted).toEqual([]);
  });
});
