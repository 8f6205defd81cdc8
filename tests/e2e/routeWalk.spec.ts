import { expect, type Locator, type Page, test } from '@playwright/test';
import { canAccessRoute, isAdminShellUser, type SessionUser } from '../../src/domain/permissions';
import { ROUTES, type RouteRule } from '../../src/domain/routes';
import { accessibilityProblems } from './support/axe';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// One walk over every page each demo account may open, checking what must hold on every page:
// - one name per page: the menu starts with 首页, every quick link on the home page is a page of
//   the menu, every menu link is a route whose table title is the link's label, and each page's header title is
//   its route table title;
// - no critical or serious WCAG 2.1 A/AA violation, nor any violation that Lighthouse's accessibility score counts
//   (every page 100);
// - at 1280×720 nothing is wider than the window, the 操作 column is on screen, a cut name has its full text as a
//   tooltip, no date picker cuts its value (a worker, company 1 and a tax certificate's file
//   get names longer than any column for the walk).
// The pages come from the route table and the account's own session (permissions, edition), so a new route is
// checked as soon as it is in the table. (One walk, not one per concern: each walk costs minutes of browser time.)

// The walks run side by side on the suite's workers (each worker has a server and database of its own, so the
// long names below are set and put back per worker). admin's 100-odd pages are walked in two halves, one walk per
// test: the file's time is then spread over both workers instead of one worker walking for minutes at the end.
test.describe.configure({ mode: 'parallel' });

const ACCOUNTS = [
  { username: 'admin', edition: '标准版', parts: 2 },
  { username: 'kefu', edition: '标准版', parts: 1 },
  { username: 'hehuoren', edition: '标准版', parts: 1 },
  { username: 'caiwu', edition: '标准版', parts: 1 },
  { username: 'merchant', edition: '标准版', parts: 1 },
  { username: 'xgm', edition: '小规模版', parts: 1 },
  // Role 11 of subsidiary 51 (spec §6): the one page its rule grants, by menu, quick link and title.
  { username: 'xgmkaipiao', edition: '小规模版', parts: 1 },
] as const;

/** The walks: each account's pages, cut into `parts` interleaved shares (part k takes every parts-th page from k). */
const WALKS = ACCOUNTS.flatMap((account) => Array.from({ length: account.parts }, (_, part) => ({ ...account, part })));

const VIEWPORT = { width: 1280, height: 720 };
/** A name longer than any column: what made 签约人员 1 479 px wide. */
const LONG_NAME = '阿卜杜热合曼·买买提艾力·库尔班江·艾则孜·吐尔洪·阿不都沙拉木·热西提';

/** The paths this session may open: its shell's routes, its edition's, those its permissions grant. */
async function openableRoutes(page: Page) {
  const { user, platformMark } = await page.evaluate(() => ({
    user: JSON.parse(sessionStorage.getItem('user') ?? 'null'),
    platformMark: Number(sessionStorage.getItem('platformMark')),
  }));
  const session = user as SessionUser;
  const shell = isAdminShellUser(session) ? 'admin' : 'merchant';
  const edition = platformMark === 3 ? 3 : 1;
  return ROUTES.filter(
    (rule) =>
      rule.shell === shell && (rule.edition === undefined || rule.edition === edition) && canAccessRoute(session, rule),
  );
}

/**
 * What does not fit: the page wider than the window, a 操作 header cell off screen, a table cut by a box that does
 * not scroll, a cell cut short without its full text as a tooltip, a date picker's value cut before its buttons.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`页面宽 ${pageWidth}px > 窗口 ${width}px`);
    for (const cell of document.querySelectorAll('th')) {
      if (cell.textContent?.trim() !== '操作') continue;
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > width + 1 || box.left < 0) {
        problems.push(`「操作」列在窗口外（${Math.round(box.left)}-${Math.round(box.right)}px）`);
      }
    }
    for (const table of document.querySelectorAll('table')) {
      let box = table.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box || box === document.documentElement || box === document.body) continue;
      const cut = table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1;
      if (cut && ['hidden', 'clip'].includes(getComputedStyle(box).overflowX)) {
        problems.push(`表格「${table.getAttribute('aria-label') ?? ''}」被容器截断且不能横向滚动`);
      }
    }
    for (const element of document.querySelectorAll<HTMLElement>('td *')) {
      if (getComputedStyle(element).textOverflow !== 'ellipsis') continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      if (!element.closest('[title]'))
        problems.push(`「${(element.textContent ?? '').slice(0, 16)}…」被截断却没有提示`);
    }
    for (const field of document.querySelectorAll('.MuiPickersInputBase-root')) {
      const sections = [...field.querySelectorAll('.MuiPickersSectionList-section')];
      const list = field.querySelector<HTMLElement>('.MuiPickersSectionList-root');
      const buttons = field.querySelector('.MuiInputAdornment-positionEnd');
      const last = sections[sections.length - 1];
      if (!last || !list) continue;
      const limit = Math.min(list.getBoundingClientRect().right, buttons?.getBoundingClientRect().left ?? Infinity);
      if (last.getBoundingClientRect().right > limit + 0.5 || list.scrollWidth > list.clientWidth + 1) {
        problems.push(`日期框「${list.textContent ?? ''}」显示不全`);
      }
    }
    return problems;
  });
}

/** Every link of the side menu, with all admin groups opened: [label, path]. */
async function menuLinks(page: Page): Promise<[string, string][]> {
  const menu = page.locator('.RaSidebar-fixed');
  const collapsed = menu.getByRole('button', { expanded: false });
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  const links = menu.getByRole('link');
  await expect(links.first()).toBeVisible();
  return linkTargets(links);
}

function linkTargets(links: Locator): Promise<[string, string][]> {
  return links.evaluateAll((elements) =>
    elements.map((element) => [
      (element.textContent ?? '').trim(),
      new URL((element as HTMLAnchorElement).href).pathname,
    ]),
  ) as Promise<[string, string][]>;
}

/** The menu and the home page's quick links name each page by its route table title. */
async function namingProblems(page: Page, routes: readonly RouteRule[]): Promise<string[]> {
  const problems: string[] = [];
  const links = await menuLinks(page);
  if (links[0]?.[0] !== '首页') problems.push(`菜单第一项是「${links[0]?.[0] ?? ''}」，不是首页`);
  const walked = new Map(routes.map((rule) => [rule.path, rule.title]));
  for (const [label, path] of links) {
    if (path === '/versionUpdate') continue; // 关于我们 is a public page, not a route of the table
    const title = walked.get(path);
    if (title === undefined) problems.push(`菜单「${label}」${path} 不是这个账号能打开的页面`);
    else if (title !== label) {
      problems.push(`菜单「${label}」${path} 的页面标题是「${title}」`);
    }
  }
  await page.locator('.RaSidebar-fixed').getByRole('link', { name: '首页', exact: true }).click();
  await expect(page.locator('#react-admin-title')).toHaveText('首页');
  const quick = page.locator('h2:text("快捷入口") + div a');
  await expect(quick.first()).toBeVisible();
  const inMenu = new Set(links.map(([label, path]) => `${label} ${path}`));
  for (const [label, path] of await linkTargets(quick)) {
    if (!inMenu.has(`${label} ${path}`)) problems.push(`快捷入口「${label}」${path} 不在菜单中`);
  }
  return problems;
}

/** Client-side navigation, as the menu does it: no reload, the session and the loaded code stay. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/**
 * Counts the page's requests in flight. Playwright's 'networkidle' load state fires once per document, so after
 * a client-side navigation it resolves at once: the walk keeps its own count instead.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
  });
  const done = () => {
    inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async function quiet() {
    await expect
      .poll(
        async () => {
          if (inFlight > 0) return inFlight;
          await page.waitForTimeout(300);
          return inFlight;
        },
        { timeout: 20_000 },
      )
      .toBe(0);
  };
}

/** Waits for a page's content: its own title in the header, no spinner, no request in flight, nothing busy. */
async function settled(page: Page, title: string, quiet: () => Promise<void>) {
  await expect(page.locator('#react-admin-title')).toHaveText(title);
  await expect(page.getByRole('status', { name: '页面加载中' })).toHaveCount(0);
  await quiet();
  await expect(page.getByRole('progressbar', { name: '加载中' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Fades and transitions done: axe measures contrast on what is drawn, and a table fading in is not.
  // (Only short ones: spinners run forever and MUI's autofill detector lasts 5 000 s.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) < 2_000)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

let restore: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  // A worker and a company with names longer than any column, put back afterwards.
  const saved = await withServerDb(async (db) => {
    const worker = await db
      .selectFrom('workers')
      .select(['id', 'name'])
      .where('company_id', '=', 1)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const company = await db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await db.updateTable('workers').set({ name: LONG_NAME }).where('id', '=', worker.id).execute();
    await db
      .updateTable('companies')
      .set({ name: `${company.name}${LONG_NAME}` })
      .where('id', '=', company.id)
      .execute();
    // A named file (it downloads on its name, 预览 beside it) whose name is a little longer than its column, as the
    // PDF preview test's uploads are: a partly cut name ran on under 预览 (a far longer one did not show it).
    const certificate = await db
      .selectFrom('tax_certificates')
      .select(['id', 'file_name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tax_certificates')
      .set({ file_name: '中文完税证明1795877477828.pdf' })
      .where('id', '=', certificate.id)
      .execute();
    return { worker, company, certificate };
  });
  restore = () =>
    withServerDb(async (db) => {
      await db.updateTable('workers').set({ name: saved.worker.name }).where('id', '=', saved.worker.id).execute();
      await db.updateTable('companies').set({ name: saved.company.name }).where('id', '=', saved.company.id).execute();
      await db
        .updateTable('tax_certificates')
        .set({ file_name: saved.certificate.file_name })
        .where('id', '=', saved.certificate.id)
        .execute();
    });
});
test.afterAll(async () => restore?.());

test('无障碍检查找得出严重问题和 Lighthouse 会扣分的问题，在同一文档里再查一次也找得出', async ({ page }) => {
  await page.setContent(
    '<html lang="zh-CN"><title>检查</title><main><h1>标题</h1><h4>小节</h4><img src="data:,"><button></button></main></html>',
  );
  const first = (await accessibilityProblems(page, '样例')).join('\n');
  expect(first).toContain('image-alt (critical)');
  expect(first).toContain('button-name (critical)');
  // A skipped heading level is only "moderate" for axe, but Lighthouse's score counts it.
  expect(first).toContain('heading-order (moderate)');
  await page.evaluate(() => {
    document.querySelector('img')?.setAttribute('alt', '标志');
    document.querySelector('h4')?.replaceWith(Object.assign(document.createElement('h2'), { textContent: '小节' }));
  });
  const second = (await accessibilityProblems(page, '样例')).join('\n');
  expect(second).not.toContain('image-alt');
  expect(second).not.toContain('heading-order');
  expect(second).toContain('button-name (critical)');
});

test('登录页没有严重的、也没有 Lighthouse 会扣分的无障碍问题', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('账号')).toBeVisible();
  const found = await accessibilityProblems(page, '/login 标准版');
  await page.getByRole('tab', { name: '小规模版' }).click();
  found.push(...(await accessibilityProblems(page, '/login 小规模版')));
  expect(found, found.join('\n')).toEqual([]);
});

for (const { username, edition, parts, part } of WALKS) {
  const share = parts > 1 ? `（第 ${part + 1}/${parts} 部分）` : '';
  test(`${username}${share}：菜单与快捷入口用页面的名称，能打开的每个页面标题正确、1280 宽时放得下、没有严重的或 Lighthouse 会扣分的无障碍问题`, async ({
    page,
  }) => {
    test.setTimeout(600_000); // admin walks over 100 pages
    await page.setViewportSize(VIEWPORT);
    const quiet = trackRequests(page);
    await loginAs(page, username, { edition });
    await expect(page.getByTestId('current-user')).toBeVisible();
    const routes = await openableRoutes(page);
    expect(routes.length, `${username} 能打开的页面`).toBeGreaterThan(1);

    // The menu and quick links are one check per account: its first part makes it.
    const found = part === 0 ? await namingProblems(page, routes) : [];
    for (const rule of routes.filter((_, index) => index % parts === part)) {
      await navigate(page, rule.path);
      await settled(page, rule.title, quiet);
      found.push(...(await accessibilityProblems(page, `${rule.path} ${rule.title}`)));
      for (const problem of await overflow(page)) found.push(`${rule.path} ${rule.title}: ${problem}`);
    }
    if (part === 0) {
      // A path that is no page: react-admin's 404, whose message was drawn at half opacity (3.2:1).
      await navigate(page, '/noSuchPage');
      await expect(page.locator('.RaNotFound-message')).toBeVisible();
      found.push(...(await accessibilityProblems(page, '/noSuchPage 404')));
    }
    expect(found, `${username}:\n${found.join('\n')}`).toEqual([]);
  });
}
