import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// At 1440×900 no list cell wraps into a column of single characters; long text is cut with an
// ellipsis and carries its full text on hover; wide tables scroll inside their card with the first column and the
// action column held in place (position: sticky).
test.use({ viewport: { width: 1440, height: 900 } });

const LONG_NAME = '上海灵动科技信息服务与灵活用工人力资源外包管理有限公司';
const LONG_REGISTRATION = '深圳市前海灵活用工人力资源服务外包有限公司';

interface Layout {
  rows: number;
  /** Body cells taller than two lines of their own text (computed line-height) plus padding. */
  tall: string[];
  /** Cells whose text is cut without an ellipsis, or without the full text in a title. */
  badlyCut: string[];
  /** Texts of the cells cut with an ellipsis. */
  ellipsised: string[];
  pageWidth: number;
  scrollable: boolean;
  firstPosition: string;
  actionsPosition: string | null;
  /** After scrolling the table to its right end: the first column's and the action column's offsets. */
  firstLeft: number;
  actionsRight: number | null;
}

async function layoutOf(page: Page): Promise<Layout> {
  const table = page.locator('.RaDatagrid-root table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);
  return table.evaluate((element) => {
    const cells = [...element.querySelectorAll('tbody td')] as HTMLElement[];
    const name = (cell: Element) => `${cell.className.match(/column-\S+/)?.[0]}: ${cell.textContent}`;
    const tall = cells.flatMap((cell) => {
      const style = getComputedStyle(cell);
      const lineHeight = Number.parseFloat(style.lineHeight);
      const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
      const height = cell.getBoundingClientRect().height;
      return height > 2 * lineHeight + padding + 1 ? [`${name(cell)} (${height}px)`] : [];
    });
    const badlyCut: string[] = [];
    const ellipsised: string[] = [];
    for (const cell of cells) {
      for (const box of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' || box.scrollWidth <= box.clientWidth + 1) continue;
        const full = (box.textContent ?? '').trim();
        const titled = box.closest('[title]') ?? box.querySelector('[title]');
        if (style.textOverflow !== 'ellipsis') badlyCut.push(`${name(cell)}: cut without an ellipsis`);
        else if (!titled || titled.getAttribute('title') !== full) badlyCut.push(`${name(cell)}: no title`);
        else ellipsised.push(full);
      }
    }
    const wrapper = element.parentElement as HTMLElement;
    const scrollable = wrapper.scrollWidth > wrapper.clientWidth;
    const row = element.querySelector('tbody tr') as HTMLElement;
    const first = row.querySelector('td') as HTMLElement;
    const actions = row.querySelector('td.column-_actions') as HTMLElement | null;
    wrapper.scrollLeft = wrapper.scrollWidth;
    const box = wrapper.getBoundingClientRect();
    return {
      rows: element.querySelectorAll('tbody tr').length,
      tall,
      badlyCut,
      ellipsised,
      pageWidth: document.documentElement.scrollWidth,
      scrollable,
      firstPosition: getComputedStyle(first).position,
      actionsPosition: actions ? getComputedStyle(actions).position : null,
      firstLeft: first.getBoundingClientRect().left - box.left,
      actionsRight: actions ? box.right - actions.getBoundingClientRect().right : null,
    };
  });
}

/** The layout rules every list keeps, whatever its width. */
function expectTidy(layout: Layout, path: string) {
  expect(layout.tall, `cells taller than two lines on ${path}`).toEqual([]);
  expect(layout.badlyCut, `cells cut badly on ${path}`).toEqual([]);
  // The table scrolls inside its card: the page itself never gets wider than the window.
  expect(layout.pageWidth, path).toBeLessThanOrEqual(1440);
  if (layout.scrollable) {
    expect(layout.firstPosition, `first column of ${path}`).toBe('sticky');
    expect(Math.abs(layout.firstLeft), `first column of ${path} stays at the left edge`).toBeLessThanOrEqual(1);
    if (layout.actionsPosition !== null) {
      expect(layout.actionsPosition, `action column of ${path}`).toBe('sticky');
      expect(Math.abs(layout.actionsRight ?? 99), `action column of ${path} stays right`).toBeLessThanOrEqual(1);
    }
  }
}

async function listed(page: Page, path: string, companyName?: string): Promise<Layout> {
  await page.goto(path);
  if (companyName) {
    await page.getByRole('textbox', { name: /^(企业|公司)名称$/ }).fill(companyName);
    await expect(page.locator('.RaDatagrid-root tbody tr').first()).toContainText(companyName.slice(0, 8));
  }
  const layout = await layoutOf(page);
  expectTidy(layout, path);
  return layout;
}

test('管理端的宽列表：长公司名不折行（省略号加悬停全文），宽表格在卡片内横向滚动，首列与操作列固定', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Real company names run long: the demo company gets one for this test, and a pending registration has one.
  const original = await withServerDb(async (db) => {
    const { name } = await db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    await db.updateTable('companies').set({ name: LONG_NAME }).where('id', '=', 1).execute();
    const pending = await db.selectFrom('registrations').select('id').where('name', '=', LONG_REGISTRATION).execute();
    if (pending.length === 0) {
      await db
        .insertInto('registrations')
        .values({
          name: LONG_REGISTRATION,
          linkman_mobile: '13712345678',
          password_hash: 'x',
          platform_mark: 1,
          company_nature: '有限责任公司',
          company_size: '50-100人',
          industry_id: null,
          business_license: '91440300MA5FXXXX1X',
          invoice_tax_number: '91440300MA5FXXXX1X',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          license_url: '/api-v1/dl?f=none.png',
          student_card_url: null,
          status: 0,
          reason: null,
          department_id: null,
          subsidiary_id: null,
          service_id: null,
          company_id: null,
          create_time: '2026-11-20 10:00:00',
          activate_time: null,
        })
        .execute();
    }
    return name;
  });
  try {
    await loginAs(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();

    // Every row of a full first page (50 rows), then the long name's own rows.
    const wide: string[] = [];
    for (const path of ['/adTransferLot', '/adPlatformCooperation', '/adMoneyManagement', '/adActivateMerchant']) {
      const full = await listed(page, `${path}?perPage=50`);
      expect(full.rows, `${path} shows a full page`).toBeGreaterThan(path === '/adActivateMerchant' ? 0 : 20);
      if (full.scrollable) wide.push(path);
    }
    for (const path of ['/adTransferLot', '/adPlatformCooperation', '/adMoneyManagement']) {
      const layout = await listed(page, path, LONG_NAME);
      expect(layout.ellipsised, `${path}: the long name is cut with an ellipsis`).toContain(LONG_NAME);
    }
    const registrations = await listed(page, '/adActivateMerchant', LONG_REGISTRATION);
    expect(registrations.ellipsised).toContain(LONG_REGISTRATION);
    // The wide ones scroll sideways (checked with their sticky columns in expectTidy).
    expect(wide).toEqual(expect.arrayContaining(['/adPlatformCooperation', '/adActivateMerchant']));

    // On hover the browser shows the title: the whole name.
    await page.goto('/adTransferLot');
    await page.getByRole('textbox', { name: '企业名称' }).fill(LONG_NAME);
    const cell = page.locator('.RaDatagrid-root tbody tr').first().getByTitle(LONG_NAME, { exact: true });
    await expect(cell).toBeVisible();
    await expect(cell).toHaveText(LONG_NAME);
  } finally {
    await withServerDb((db) => db.updateTable('companies').set({ name: original }).where('id', '=', 1).execute());
  }
});

test('商户的异常资金列表：没有单元格超过两行，长文本有省略号和悬停全文', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await listed(page, '/errorMoney?perPage=50');
});
