import { expect, type Page, test } from '@playwright/test';
import { clientHash, hashClientPassword } from '../../server/auth/passwords';
import { chinaTime } from '../../server/db/time';
import { DEMO_PASSWORD, loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// The spec's rule "Role 11 with subid 51 plus XGM_INVOICE_APPLY_DETAILS_SAVE sees the small-scale invoice
// application" (§6), and /adContractTemplate managing its agreement types and showing its unbound templates.

const PAGE_TITLE = '小规模开票申请';

function menu(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' });
}

/** Opens every group of the admin menu. */
async function openMenu(page: Page) {
  await expect(menu(page)).toBeVisible();
  const closed = menu(page).locator('[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/** A role 11 account of subsidiary 2 holding the rule's code and the page's: the spec's rule still refuses it. */
async function otherSubsidiaryClerk(): Promise<string> {
  const username = `fgs2clerk${Date.now() % 100000}`;
  const passwordHash = await hashClientPassword(clientHash(DEMO_PASSWORD));
  await withServerDb(async (db) => {
    const row = await db
      .insertInto('users')
      .values({
        username,
        mobile: `1370${String(Date.now() % 10_000_000).padStart(7, '0')}`,
        password_hash: passwordHash,
        role_id: 11,
        company_id: null,
        platform_mark: 3,
        display_name: '其他分公司开票员',
        is_change: 0,
        status: 1,
        parent_user_id: null,
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const userId = Number(row.id);
    const codes = [
      'ADM_HOME',
      'XGM_COMPANY_CORE',
      'XGM_INVOICE_APPLY_DETAILS_SAVE',
      'UI_XGM_INVOICE_APPLY_DETAILS_SAVE',
    ];
    await db
      .insertInto('user_authorities')
      .values(codes.map((authority) => ({ user_id: userId, authority })))
      .execute();
    await db.insertInto('user_subsidiaries').values({ user_id: userId, subsidiary_id: 2 }).execute();
  });
  return username;
}

test.describe('role 11 with subid 51 (spec §6)', () => {
  test('xgmkaipiao sees 小规模开票申请 in its menu and quick links, and the page lists small-scale applications', async ({
    page,
  }) => {
    await loginAs(page, 'xgmkaipiao', { edition: '小规模版' });
    await expect(page).toHaveURL(/\/adMain$/);
    await openMenu(page);
    const entry = menu(page).getByRole('link', { name: PAGE_TITLE, exact: true });
    await expect(entry).toBeVisible();
    await expect(page.getByRole('link', { name: PAGE_TITLE, exact: true })).toHaveCount(2);
    await entry.click();
    await expect(page).toHaveURL(/\/smallScaleAdInvoice/);
    await expect(page.getByRole('heading', { name: '无权限访问此页面！' })).toHaveCount(0);
    await expect(page.locator('.RaDatagrid-root tbody tr').first()).toBeVisible();
  });

  test('role 11 of another subsidiary has no entry and is refused the page, though it holds the page code', async ({
    page,
  }) => {
    const username = await otherSubsidiaryClerk();
    await loginAs(page, username, { edition: '小规模版' });
    await expect(page).toHaveURL(/\/adMain$/);
    await expect(page.getByTestId('current-user')).toBeVisible();
    await openMenu(page);
    await expect(page.getByRole('link', { name: PAGE_TITLE, exact: true })).toHaveCount(0);
    await page.goto('/smallScaleAdInvoice');
    await expect(page.getByRole('heading', { name: '无权限访问此页面！' })).toBeVisible();
  });
});

test.describe('/adContractTemplate', () => {
  test('agreement types are managed on its tab 协议类型管理, with no menu entry of their own', async ({ page }) => {
    const name = `测试协议类型${Date.now() % 100000}`;
    await loginAs(page, 'admin', { path: '/login?Rurl=/adContractTemplate' });
    await expect(page).toHaveURL(/\/adContractTemplate$/);
    await openMenu(page);
    await expect(menu(page).getByRole('link', { name: '协议类型', exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: '协议类型管理' }).click();
    const seeded = await withServerDb((db) =>
      db.selectFrom('agreement_types').select('name').orderBy('sort').orderBy('id').executeTakeFirstOrThrow(),
    );
    await expect(page.locator('.RaDatagrid-root tbody tr').filter({ hasText: seeded.name }).first()).toBeVisible();

    await page.getByRole('link', { name: '新建协议类型' }).click();
    await expect(page).toHaveURL(/\/agreementTypes\/create$/);
    // The form's trail leads back to the page it belongs to.
    await expect(
      page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '合同模板管理' }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: '类型名称' }).fill(name);
    await page.getByRole('button', { name: '保存' }).click();
    // Saved: back on the page, on the same tab, the new type listed.
    await expect(page).toHaveURL(/\/adContractTemplate$/);
    await expect(page.getByRole('tab', { name: '协议类型管理' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: '类型名称' }).fill(name);
    await expect(page.locator('.RaDatagrid-root tbody tr').filter({ hasText: name })).toHaveCount(1);
    const stored = await withServerDb((db) =>
      db.selectFrom('agreement_types').select('status').where('name', '=', name).executeTakeFirst(),
    );
    expect(stored?.status).toBe(1);
  });

  test('its tab 未绑定主体的模板 lists the templates no signing entity uses', async ({ page }) => {
    const unbound = await withServerDb((db) =>
      db.selectFrom('agreement_templates').select(['id', 'nm', 'platformmark']).where('entid', 'is', null).execute(),
    );
    const bound = await withServerDb((db) =>
      db.selectFrom('agreement_templates').select('nm').where('entid', 'is not', null).orderBy('id').executeTakeFirst(),
    );
    expect(unbound.length).toBeGreaterThan(0);
    await loginAs(page, 'admin', { path: '/login?Rurl=/adContractTemplate' });
    await page.getByRole('tab', { name: '未绑定主体的模板' }).click();
    const table = page.getByRole('table', { name: '未绑定主体的模板' });
    await expect(table.locator('tbody tr')).toHaveCount(unbound.length);
    for (const template of unbound)
      await expect(table.getByRole('cell', { name: template.nm, exact: true })).toBeVisible();
    if (bound) await expect(table.getByRole('cell', { name: bound.nm, exact: true })).toHaveCount(0);

    // The edition filter asks for one edition's.
    await page.getByRole('combobox', { name: '版本' }).click();
    await page.getByRole('option', { name: '小规模版' }).click();
    const small = unbound.filter((template) => Number(template.platformmark) === 3);
    if (small.length === 0) await expect(page.getByText('没有未绑定主体的模板')).toBeVisible();
    else await expect(table.locator('tbody tr')).toHaveCount(small.length);
    // Back on 合同模板 for the next test of this browser tab.
    await page.getByRole('tab', { name: '合同模板', exact: true }).click();
  });
});
