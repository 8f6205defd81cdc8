import { expect, type Page, test } from '@playwright/test';
import { canAccessRoute, isAdminShellUser, type SessionUser } from '../../src/domain/permissions';
import { ROUTES } from '../../src/domain/routes';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// Issue 32 items 10 and 11: at 1280×720 no page is wider than the window (a wide table scrolls inside its card),
// every table's 操作 column is on screen, a cut name carries its full text as a tooltip, no date picker cuts its
// value (对账日期, 统计区间). The pages come from the route table and each account's session, as in
// accessibility.spec.ts, so a new page is walked as soon as it is in the table.

const ACCOUNTS = [
  { username: 'admin', edition: '标准版' },
  { username: 'kefu', edition: '标准版' },
  { username: 'hehuoren', edition: '标准版' },
  { username: 'caiwu', edition: '标准版' },
  { username: 'merchant', edition: '标准版' },
  { username: 'xgm', edition: '小规模版' },
] as const;

const VIEWPORT = { width: 1280, height: 720 };
/** A name longer than any column: what made 签约人员 1 479 px wide. */
const LONG_NAME = '阿卜杜热合曼·买买提艾力·库尔班江·艾则孜·吐尔洪·阿不都沙拉木·热西提';

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

async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
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
      if (!element.closest('[title]')) problems.push(`「${(element.textContent ?? '').slice(0, 16)}…」被截断却没有提示`);
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

async function settled(page: Page, title: string) {
  await expect(page.locator('#react-admin-title')).toHaveText(title);
  await expect(page.getByRole('status', { name: '页面加载中' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: '加载中' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(250);
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
    return { worker, company };
  });
  restore = () =>
    withServerDb(async (db) => {
      await db.updateTable('workers').set({ name: saved.worker.name }).where('id', '=', saved.worker.id).execute();
      await db.updateTable('companies').set({ name: saved.company.name }).where('id', '=', saved.company.id).execute();
    });
});
test.afterAll(async () => restore?.());

for (const { username, edition } of ACCOUNTS) {
  test(`${username}：1280 宽时每个页面都不比窗口宽，「操作」列在屏幕内`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(VIEWPORT);
    await loginAs(page, username, { edition });
    await expect(page.getByTestId('current-user')).toBeVisible();
    const routes = await openableRoutes(page);
    expect(routes.length).toBeGreaterThan(1);
    const found: string[] = [];
    for (const rule of routes) {
      await navigate(page, rule.path);
      await settled(page, rule.title);
      for (const problem of await overflow(page)) found.push(`${rule.path} ${rule.title}: ${problem}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
