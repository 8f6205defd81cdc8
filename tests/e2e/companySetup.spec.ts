import { createHash } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chinaTime } from '../../server/db/time';
import { assignRole } from '../../server/people/roles.service';
import { creditCodeCheckCharacter } from '../../src/domain/creditCode';
import { accessibilityProblems } from './support/axe';
import { DEMO_PASSWORD, loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/**
 * A new company's 开通进度 on its detail view (/adMerchant/:id/show): the operator's steps are done from the
 * checklist itself (the row actions' own dialogs), the rate through the link to 企业费率调整 with the company in its
 * filter, and the merchant's two (its service agreement, its payment password) by the merchant's own calls; the
 * checklist walks to all 已完成 and the page stays axe clean.
 */

const RUN = Date.now() % 100000;
const NAME = `杭州开通进度${RUN}科技有限公司`;
const MOBILE = `1391${String(RUN).padStart(7, '0')}`;
const CREDIT_CODE = (() => {
  const first17 = `9133010066${String(RUN).padStart(7, '0')}`;
  return `${first17}${creditCodeCheckCharacter(first17)}`;
})();
const DAXIONG = '天津大熊灵活用工服务有限公司';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A company as the operator creates it (no customer service yet) and its administrator's login. */
async function newCompany(): Promise<{ id: number; username: string; kefu: string }> {
  return withServerDb(async (db) => {
    const subsidiary = await db
      .selectFrom('subsidiaries')
      .select(['id', 'department_id'])
      .where('sname', '=', '上海分公司')
      .executeTakeFirstOrThrow();
    const time = chinaTime();
    const company = await db
      .insertInto('companies')
      .values({
        name: NAME,
        platform_mark: 1,
        credit_code: CREDIT_CODE,
        company_nature: null,
        company_size: null,
        industry_id: null,
        legal_person_name: '周法人',
        linkman_name: '吴联系',
        linkman_mobile: MOBILE,
        province: null,
        city: null,
        district: null,
        department_id: Number(subsidiary.department_id),
        subsidiary_id: Number(subsidiary.id),
        service_id: null,
        sale_name: null,
        status: 1,
        sign_status: 0,
        fdd_corp_free_status: 0,
        certification_type: 1,
        sub_status: 0,
        invoice_title: NAME,
        invoice_tax_number: CREDIT_CODE,
        create_time: time,
        update_time: time,
        sale_partner_id: null,
        vip_level: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(company.id);
    const demo = await db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        username: MOBILE,
        mobile: MOBILE,
        password_hash: demo.password_hash,
        role_id: 2,
        company_id: id,
        platform_mark: 1,
        display_name: NAME,
        is_change: 0,
        status: 1,
        parent_user_id: null,
        create_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((tx) => assignRole(tx, Number(user.id), 2));
    const kefu = await db
      .selectFrom('users')
      .select('display_name')
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    return { id, username: MOBILE, kefu: kefu.display_name };
  });
}

/** A call with the page's own session (the admin's), answering the envelope. */
async function served(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
          'Content-Type': 'application/json',
          platformMark: '1',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.json();
    },
    { method, path, body },
  );
}

function stepRow(page: Page, label: string): Locator {
  return page.getByRole('table', { name: '开通进度' }).getByRole('row').filter({ hasText: label });
}

async function expectDone(page: Page, label: string, value: string | RegExp) {
  const row = stepRow(page, label);
  await expect(row).toContainText('已完成');
  await expect(row).toContainText(value);
}

test('新企业的开通进度：在详情页逐项完成，直到全部已完成', async ({ page }) => {
  test.setTimeout(120_000);
  const company = await newCompany();
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto(`/adMerchant/${company.id}/show`);
  await expect(page.locator('#react-admin-title')).toHaveText('企业详情');
  const progress = page.getByRole('region', { name: '开通进度' });
  await expect(progress.getByRole('status')).toHaveText('待完善 6 项');
  for (const label of [
    '分公司与客服',
    '签约主体已绑定',
    '销售合伙人',
    '服务费率',
    '服务协议已签署',
    '支付密码已设置',
  ]) {
    await expect(stepRow(page, label)).toContainText('未完成');
  }
  await expect(stepRow(page, '分公司与客服')).toContainText('上海分公司，未分配客服');
  await expect(progress).toContainText('尚未绑定签约主体');
  expect(await accessibilityProblems(page, '企业详情')).toEqual([]);

  // 分公司与客服: the customer service picked in the checklist's own dialog.
  await stepRow(page, '分公司与客服').getByRole('button', { name: '分配客服' }).click();
  let dialog = page.getByRole('dialog', { name: /分配客服/ });
  await dialog.getByRole('combobox', { name: '客服' }).fill(company.kefu.slice(0, 2));
  await page.getByRole('option', { name: company.kefu }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expectDone(page, '分公司与客服', `上海分公司，客服 ${company.kefu}`);
  await expect(progress.getByRole('status')).toHaveText('待完善 5 项');

  // 签约主体已绑定: the same dialog as the row's 绑定签约主体.
  await stepRow(page, '签约主体已绑定').getByRole('button', { name: '绑定签约主体' }).click();
  dialog = page.getByRole('dialog', { name: /绑定签约主体/ });
  await dialog.getByRole('combobox', { name: '签约主体' }).fill('大熊');
  await page.getByRole('option', { name: DAXIONG }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expectDone(page, '签约主体已绑定', DAXIONG);
  await expect(progress.getByRole('table', { name: '签约主体' })).toContainText(DAXIONG);
  await expect(progress.getByRole('table', { name: '签约主体' })).toContainText('未签署');

  // 销售合伙人: the row's 分配销售合伙人.
  await stepRow(page, '销售合伙人').getByRole('button', { name: '分配销售合伙人' }).click();
  dialog = page.getByRole('dialog', { name: /分配销售合伙人/ });
  await dialog.getByRole('combobox', { name: '销售合伙人' }).fill('老李');
  await page.getByRole('option', { name: '合伙人老李' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expectDone(page, '销售合伙人', '合伙人老李');

  // 服务费率: the link opens 企业费率调整 with the company in its filter; the rate is added there.
  await expect(stepRow(page, '服务费率')).toContainText('未设置服务费率');
  await stepRow(page, '服务费率').getByRole('link', { name: '去设置费率' }).click();
  await expect(page).toHaveURL(/\/adJcyHappyElimination\?filter=/);
  await expect(page.getByRole('textbox', { name: '企业名称' })).toHaveValue(NAME);
  const rate = await served(page, 'POST', '/api/v1/servicerates/company', {
    companyId: company.id,
    platformMark: 1,
    rate: 650,
    effectiveDate: chinaTime().slice(0, 10),
    remark: '开通费率',
  });
  expect(rate.code, rate.message).toBe(1020000);
  await page.goto(`/adMerchant/${company.id}/show`);
  await expectDone(page, '服务费率', '6.50%（企业费率）');
  await expect(stepRow(page, '服务协议已签署')).toContainText('由企业登录后在「合同管理」签署');

  // The merchant's part: its service agreement with the bound entity, signed, and its payment password.
  const login = await page.request.post('/login', {
    headers: { Accept: 'application/json', platformMark: '1' },
    form: { username: company.username, password: sha256Hex(DEMO_PASSWORD), type: 1, platformMark: 1 },
  });
  const token = ((await login.json()) as { content: { token: string } }).content.token;
  const merchantCall = async (method: 'POST' | 'PATCH', path: string, data: unknown) => {
    const answer = await page.request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, platformMark: '1', Accept: 'application/json' },
      data,
    });
    const envelope = (await answer.json()) as { code: number; message: string; content: any };
    expect(envelope.code, `${path}: ${envelope.message}`).toBe(1020000);
    return envelope.content;
  };
  const daxiong = await withServerDb((db) =>
    db.selectFrom('enterprises').select('id').where('name', '=', DAXIONG).executeTakeFirstOrThrow(),
  );
  const drawn = await merchantCall('POST', `/api/v1/companies/service_sign/${company.id}/${daxiong.id}`, { type: 1 });
  await merchantCall('POST', `/api/v1/consent/${drawn.id}`, {});
  await merchantCall('PATCH', `/api/v1/bankaccounts/password?coid=${company.id}`, {
    password: '135790',
    loginPassword: sha256Hex(DEMO_PASSWORD),
  });

  await page.reload();
  await expectDone(page, '服务协议已签署', `已与${DAXIONG}签署`);
  await expectDone(page, '支付密码已设置', '已设置');
  await expect(progress.getByRole('status')).toHaveText('已全部完成，企业可以打款');
  await expect(page.getByRole('table', { name: '开通进度' }).getByText('未完成')).toHaveCount(0);
  await expect(progress.getByRole('table', { name: '签约主体' })).toContainText('已签署');
  // The rest of the detail: its balance per edition and its contracts, the one just signed among them.
  await expect(page.getByRole('region', { name: '账户余额' })).toContainText('标准版余额（元）');
  await expect(page.getByRole('table', { name: '合同' }).locator('tbody tr')).toHaveCount(1);
  expect(await accessibilityProblems(page, '企业详情')).toEqual([]);
});

test('小规模企业的详情页同样有开通进度，按本页的权限办理', async ({ page }) => {
  const small = await withServerDb((db) =>
    db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('platform_mark', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
  );
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto(`/adSmallMerchant/${small.id}/show`);
  await expect(page.locator('#react-admin-title')).toHaveText('小规模企业详情');
  const progress = page.getByRole('region', { name: '开通进度' });
  await expect(progress.getByRole('status')).toHaveText(/^(待完善 \d 项|已全部完成，企业可以打款)$/);
  await expect(page.getByRole('table', { name: '开通进度' }).locator('tbody tr')).toHaveCount(6);
  const served = await page.evaluate(async (id) => {
    const answer = await fetch(`/api/v1/companies/${id}/setup`, {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return (await answer.json()).content as { remaining: number; companyName: string };
  }, small.id);
  expect(served.companyName).toBe(small.name);
  await expect(page.getByRole('table', { name: '开通进度' }).getByText('未完成')).toHaveCount(served.remaining);
});
