import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/**
 * As an operator meets them at 1280×720: the task panel's 分配人员 on screen; the
 * statistics controls, labels and axes whole; the 激活 dialog without 已停用 分公司; 企业信息 asking before unsaved
 * changes are lost; 查看合同 opening the expiring contracts; 快捷入口 the few pages the merchant uses.
 * (Item 13, the operation log in words, is tests/e2e/operationLog.spec.ts; item 10's walk is part of routeWalk.spec.ts.)
 */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
});

async function api(page: Page, method: 'POST' | 'GET', path: string, data?: object) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, platformMark: '1' },
  });
  return response.json();
}

/** Date pickers whose value does not fit before their buttons (what read 「2026-1」 for November). */
async function cutPickers(page: Page): Promise<string[]> {
  return page.locator('.MuiPickersInputBase-root').evaluateAll((fields) =>
    fields
      .filter((field) => {
        const sections = [...field.querySelectorAll('.MuiPickersSectionList-section')];
        const last = sections[sections.length - 1];
        const buttons = field.querySelector('.MuiInputAdornment-positionEnd');
        const list = field.querySelector('.MuiPickersSectionList-root') as HTMLElement | null;
        if (!last || !list) return false;
        const end = last.getBoundingClientRect().right;
        const limit = Math.min(list.getBoundingClientRect().right, buttons?.getBoundingClientRect().left ?? Infinity);
        return end > limit + 0.5 || list.scrollWidth > list.clientWidth + 1;
      })
      .map((field) => (field.querySelector('.MuiPickersSectionList-root')?.textContent ?? '').trim()),
  );
}

test('任务面板在 1280 宽时「分配人员」在屏幕内', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  const title = `面板宽度${Date.now() % 100000}`;
  const industry = await withServerDb((db) =>
    db.selectFrom('industries').select('id').orderBy('id').executeTakeFirstOrThrow(),
  );
  const created = await api(page, 'POST', '/api/v1/tasks', {
    title,
    industryId: Number(industry.id),
    description: '宽度检查',
    headcount: 2,
    pricing: 1,
    unitPrice: 15000,
    startDate: '2026-12-01',
    endDate: '2026-12-31',
  });
  expect(created.code, created.message).toBe(1020000);
  await page.goto('/taskRelease');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('cell', { name: title }).click();
  const assign = page.getByRole('button', { name: '分配人员' });
  await expect(assign).toBeVisible();
  const box = await assign.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test('统计页：按月显示完整月份，区间与日期不被截断，坐标轴不截断，打款笔数说明按人次', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adEnterpriseFlow');
  await expect(page.locator('#react-admin-title')).toHaveText('企业汇总');
  const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
  await expect(page.getByRole('group', { name: '月份' }).locator('.MuiPickersSectionList-root')).toHaveText(month);
  expect(await cutPickers(page)).toEqual([]);
  await expect(page.getByRole('columnheader', { name: '打款笔数（人次）' })).toBeVisible();
  await expect(page.getByText('打款笔数（人次）合计')).toBeVisible();

  await page.getByRole('combobox', { name: '统计周期' }).click();
  await page.getByRole('option', { name: '自定义区间' }).click();
  await expect(page.getByRole('group', { name: '统计区间起' }).locator('.MuiPickersSectionList-root')).toHaveText(
    `${month}-01`,
  );
  expect(await cutPickers(page)).toEqual([]);

  // Axes: a trend over days (合伙人个人统计 draws a line) ticks whole labels.
  await page.goto('/adPlatform');
  await page.getByRole('combobox', { name: '统计周期' }).click();
  await page.getByRole('option', { name: '自定义区间' }).click();
  // Last month's days: the current month's first days may hold no payments yet (the seed's history ends days ago).
  await page.getByRole('button', { name: '上月' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  const ticks = page.locator('.MuiChartsAxis-tickLabel');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.allTextContents();
  expect(labels.filter((label) => label.includes('…'))).toEqual([]);
});

test('商户激活对话框不提供已停用的分公司', async ({ page }) => {
  const stamp = Date.now() % 100000;
  const subsidiaryName = `停用分公司${stamp}`;
  const companyName = `激活检查${stamp}有限公司`;
  const ids = await withServerDb(async (db) => {
    const subsidiary = await db
      .insertInto('subsidiaries')
      .values({
        sname: subsidiaryName,
        department_id: 1,
        platform_mark: 1,
        crm_company_name: null,
        is_virtual: 0,
        status: 0,
        create_time: '2026-01-01 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const registration = await db
      .insertInto('registrations')
      .values({
        name: companyName,
        linkman_mobile: `137${String(stamp).padStart(8, '0')}`,
        password_hash: 'x',
        platform_mark: 1,
        company_nature: null,
        company_size: null,
        industry_id: null,
        business_license: '',
        invoice_tax_number: `9133010${String(stamp).padStart(11, '0')}`,
        province: null,
        city: null,
        district: null,
        legal_person_name: null,
        linkman_name: null,
        license_url: '',
        student_card_url: null,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: '2026-01-01 00:00:00',
        activate_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { subsidiary: Number(subsidiary.id), registration: Number(registration.id) };
  });
  try {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    await page.goto('/adActivateMerchant');
    await page.getByRole('textbox', { name: '公司名称' }).fill(companyName);
    const row = page.getByRole('row').filter({ hasText: companyName });
    await row.getByRole('button', { name: '激活' }).click();
    const picker = page.getByRole('dialog').getByRole('combobox', { name: '分公司' });
    await picker.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await picker.fill(subsidiaryName);
    await expect(page.getByText(`没有名称含「${subsidiaryName}」的分公司`)).toBeVisible();
    await expect(page.getByRole('option', { name: new RegExp(subsidiaryName) })).toHaveCount(0);
  } finally {
    await withServerDb(async (db) => {
      await db.deleteFrom('registrations').where('id', '=', ids.registration).execute();
      await db.deleteFrom('subsidiaries').where('id', '=', ids.subsidiary).execute();
    });
  }
});

test('企业信息有未保存的修改时离开会先询问', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/merchant?type=first');
  const contact = page.getByRole('form', { name: '联系人' });
  const field = contact.getByRole('textbox').first();
  await expect(field).not.toHaveValue('');
  await field.fill('未保存的联系人');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.locator('.RaSidebar-fixed').getByRole('link', { name: '首页', exact: true }).click();
  await expect.poll(() => asked).toEqual(['部分修改尚未保存，确定要放弃吗？']);
  await expect(page).toHaveURL(/\/merchant/);
  await expect(field).toHaveValue('未保存的联系人');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('.RaSidebar-fixed').getByRole('link', { name: '首页', exact: true }).click();
  await expect(page).toHaveURL(/\/manage$/);
});

test('首页：到期提醒的「查看合同」只列出将到期的合同；快捷入口是常用的几个页面', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  const warning = page.getByRole('alert').filter({ hasText: '份合同将在30天内到期' });
  const count = Number(/您有 (\d+) 份合同/.exec((await warning.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);

  const quick = page.locator('h2:text("快捷入口") + div a');
  await expect(quick.first()).toBeVisible();
  const menuCount = await page.locator('.RaSidebar-fixed a').count();
  expect(await quick.count()).toBeLessThanOrEqual(6);
  expect(await quick.count()).toBeLessThan(menuCount);

  await warning.getByRole('link', { name: '查看合同' }).click();
  await expect(page).toHaveURL(/\/contractManagement\?.*expiring/);
  await expect(page.getByText(`共 ${count} 条`)).toBeVisible();

  // Opening 开票记录 a few times makes it a shortcut.
  for (let visit = 0; visit < 3; visit += 1) {
    await page.locator('.RaSidebar-fixed').getByRole('link', { name: '开票记录' }).click();
    await expect(page.locator('#react-admin-title')).toHaveText('开票记录');
    await page.locator('.RaSidebar-fixed').getByRole('link', { name: '帮助中心' }).click();
    await expect(page.locator('#react-admin-title')).toHaveText('帮助中心');
  }
  await page.locator('.RaSidebar-fixed').getByRole('link', { name: '首页', exact: true }).click();
  await expect(quick.first()).toBeVisible();
  expect((await quick.allTextContents()).slice(0, 2).sort()).toEqual(['帮助中心', '开票记录']);
});
