import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// Issue 17 item 1: at 1440×900 no list cell wraps into a column of single characters; wide tables scroll
// inside their card with the first column and the action column held in place.
test.use({ viewport: { width: 1440, height: 900 } });

/** Every body cell's height against two lines of its own text (computed line-height) plus its padding. */
async function tallCells(page: Page) {
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);
  return table.evaluate((element) =>
    [...element.querySelectorAll('tbody td')].flatMap((cell) => {
      const style = getComputedStyle(cell);
      const lineHeight = Number.parseFloat(style.lineHeight);
      const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
      const height = cell.getBoundingClientRect().height;
      return height > 2 * lineHeight + padding + 1
        ? [`${cell.className.match(/column-\S+/)?.[0]}: ${cell.textContent} (${height}px)`]
        : [];
    }),
  );
}

async function expectNoTallCells(page: Page, path: string) {
  await page.goto(path);
  expect(await tallCells(page), `cells taller than two lines on ${path}`).toEqual([]);
  // The table scrolls inside its card: the page itself never gets wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
}

test('管理端的宽列表：没有单元格超过两行，宽表格在卡片内横向滚动，首列与操作列固定', async ({ page }) => {
  test.setTimeout(90_000);
  // The demo has no pending registration: one with a long company name, as real ones have.
  await withServerDb((db) =>
    db
      .insertInto('registrations')
      .values({
        name: '深圳市前海灵活用工人力资源服务外包有限公司',
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
      .execute(),
  );
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  for (const path of ['/adTransferLot', '/adPlatformCooperation', '/adMoneyManagement', '/adActivateMerchant']) {
    await expectNoTallCells(page, path);
  }

  await page.goto('/adTransferLot');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const geometry = await table.evaluate((element) => {
    const wrapper = element.parentElement as HTMLElement;
    const scrollable = wrapper.scrollWidth > wrapper.clientWidth;
    wrapper.scrollLeft = wrapper.scrollWidth;
    const box = wrapper.getBoundingClientRect();
    const row = element.querySelector('tbody tr') as HTMLElement;
    const first = row.querySelector('td') as HTMLElement;
    const actions = row.querySelector('td:last-child') as HTMLElement;
    return {
      scrollable,
      scrolled: wrapper.scrollLeft > 0,
      firstLeft: first.getBoundingClientRect().left - box.left,
      actionsRight: box.right - actions.getBoundingClientRect().right,
      actionsText: actions.textContent,
    };
  });
  expect(geometry.scrollable, 'the batch list is wider than its card').toBe(true);
  expect(geometry.scrolled).toBe(true);
  expect(Math.abs(geometry.firstLeft), 'the first column stays at the left edge').toBeLessThanOrEqual(1);
  expect(Math.abs(geometry.actionsRight), 'the action column stays at the right edge').toBeLessThanOrEqual(1);
  expect(geometry.actionsText).toContain('查看明细');

  // A company name cut short carries its full text on hover.
  const nameCell = table.getByRole('row').nth(1).getByRole('cell').nth(1);
  const name = (await nameCell.textContent()) ?? '';
  expect(name.length).toBeGreaterThan(0);
  await expect(nameCell.getByTitle(name, { exact: true })).toBeVisible();
});

test('商户的异常资金列表：没有单元格超过两行', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expectNoTallCells(page, '/errorMoney');
});
