import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { DEMO_ENTERPRISES } from '../../server/db/seed/enterprises';
import { companyEnterprise } from '../../server/enterprises/enterprises.service';
import { ENTERPRISE_MSG } from '../../src/domain/enterprises';
import { encodeQ } from '../../src/domain/query';
import { csvFile, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Enterprises (代征主体): records, edition views, status with who and why, rates, industries, payout lock. */

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  // Payouts go only to signed workers: the payees this file uploads have signed.
  for (const company of [{ companyId: 1, platformMark: 1 }]) await signPayees(t, company, [8101]);
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

const NEW_ENTERPRISE = {
  name: '浙江测试灵活用工服务有限公司',
  shortName: '测试',
  creditCode: '91330100MA2TEST01X',
  taxOffice: '国家税务总局杭州市西湖区税务局',
  invoiceCategories: '现代服务*人力资源服务',
  bankName: '杭州银行西湖支行',
  bankAccount: '3301040160099887766',
  rateLevel1: 650,
  rateLevel2: 600,
  rateLevel3: 550,
  uploadEnabled: 1,
};

describe('existing references are real enterprises', () => {
  it('every contract, template and seal names an enterprise that exists, of the same edition where it says one', async () => {
    const ids = new Set((await t.db.selectFrom('enterprises').select('id').execute()).map((row) => Number(row.id)));
    const contracts = await t.db
      .selectFrom('contracts')
      .select(['enterprise_id'])
      .where('enterprise_id', 'is not', null)
      .execute();
    expect(contracts.length).toBeGreaterThan(100);
    for (const row of contracts) expect(ids.has(Number(row.enterprise_id))).toBe(true);
    const templates = await t.db
      .selectFrom('agreement_templates')
      .innerJoin('enterprises', 'enterprises.id', 'agreement_templates.entid')
      .select(['agreement_templates.platformmark', 'enterprises.platform_mark'])
      .execute();
    expect(templates.length).toBeGreaterThan(10);
    for (const row of templates) expect(row.platformmark).toBe(row.platform_mark);
    const unbound = await t.db
      .selectFrom('agreement_templates')
      .select('id')
      .where('entid', 'is not', null)
      .where('entid', 'not in', [...ids])
      .execute();
    expect(unbound).toEqual([]);
  });

  it('the demo enterprises include 大熊, 宝谷 and 安徽亚辉 with their callback channels', async () => {
    const rows = await t.db.selectFrom('enterprises').select(['name', 'callback_channel']).execute();
    const byName = new Map(rows.map((row) => [row.name, row.callback_channel]));
    expect(byName.get('天津大熊灵活用工服务有限公司')).toBe(1);
    expect(byName.get('江西宝谷企业管理咨询有限公司')).toBe(2);
    expect(byName.get('安徽亚辉人力资源服务有限公司')).toBe(3);
    expect(rows.length).toBe(DEMO_ENTERPRISES.length);
  });
});

describe('management pages', () => {
  it('each edition page lists only its edition; 主体信息 lists both', async () => {
    const standard = await call(admin, 'GET', '/api/v1/enterprises/search?size=200');
    const small = await call(admin, 'GET', '/api/v1/enterprises/xgm/search?size=200');
    const all = await call(admin, 'GET', '/api/v1/enterprises/searchlist?size=200');
    const marks = (page: { content: { content: { platformMark?: number; id: number }[] } }) =>
      page.content.content.map((row) => row.id);
    const standardIds = marks(standard as never);
    const smallIds = marks(small as never);
    const db = await t.db.selectFrom('enterprises').select(['id', 'platform_mark']).execute();
    expect(new Set(standardIds)).toEqual(new Set(db.filter((r) => r.platform_mark === 1).map((r) => Number(r.id))));
    expect(new Set(smallIds)).toEqual(new Set(db.filter((r) => r.platform_mark === 3).map((r) => Number(r.id))));
    expect(all.content.totalElements).toBe(db.length);
    const smallOne = smallIds[0];
    expect((await call(admin, 'GET', `/api/v1/enterprises/${smallOne}`)).message).toBe('主体不存在');
  });

  it('creates an enterprise with its rates, checks the credit code and the rates, refuses a taken code', async () => {
    const bad = await call(admin, 'POST', '/api/v1/enterprises', {
      ...NEW_ENTERPRISE,
      creditCode: '123',
      rateLevel1: 12000,
    });
    expect(bad.code).toBe(1040400);
    expect(bad.content.errors.creditCode).toContain('纳税人识别号');
    expect(bad.content.errors.rateLevel1).toBe(ENTERPRISE_MSG.rate);
    const fractional = await call(admin, 'POST', '/api/v1/enterprises', { ...NEW_ENTERPRISE, rateLevel2: '6.5' });
    expect(fractional.code).toBe(1040400);

    const created = await call(admin, 'POST', '/api/v1/enterprises', NEW_ENTERPRISE);
    expect(created.code, created.message).toBe(1020000);
    expect(created.content).toMatchObject({ ...NEW_ENTERPRISE, status: 1 });
    const row = await t.db
      .selectFrom('enterprises')
      .selectAll()
      .where('id', '=', created.content.id)
      .executeTakeFirstOrThrow();
    expect(row.platform_mark).toBe(1);
    expect([row.rate_level1, row.rate_level2, row.rate_level3]).toEqual([650, 600, 550]);
    expect(row.webhook_secret).toMatch(/^[0-9a-f]{64}$/);

    const again = await call(admin, 'POST', '/api/v1/enterprises/xgm', {
      ...NEW_ENTERPRISE,
      name: '另一家测试服务有限公司',
    });
    expect(again.message).toBe('统一社会信用代码已存在');

    const rates = await call(admin, 'POST', '/api/v1/enterpriseslevelrate/get', { enterpriseId: created.content.id });
    expect(rates.content.map((rate: { rate: number }) => rate.rate)).toEqual([650, 600, 550]);
    // A merchant reads the rates of an enterprise bound to its company only (signingEntities.ts).
    const bound = { enterpriseId: created.content.id };
    expect((await call(merchant, 'POST', '/api/v1/enterpriseslevelrate/get', bound)).message).toBe(
      ENTERPRISE_MSG.notBound(NEW_ENTERPRISE.name),
    );
    await t.db
      .insertInto('company_enterprises')
      .values({ company_id: 1, enterprise_id: created.content.id, create_time: '2030-01-01 00:00:00' })
      .execute();
    const one = await call(merchant, 'POST', '/api/v1/enterpriseslevelrate/get', {
      enterpriseId: created.content.id,
      level: 2,
    });
    expect(one.content).toEqual([{ enterpriseId: created.content.id, level: 2, levelName: '优选VIP', rate: 600 }]);
    const byLevel = await call(merchant, 'GET', `/api/v1/enterprises/get/3/${created.content.id}/1`);
    expect(byLevel.content).toMatchObject({ id: created.content.id, level: 3, rate: 550 });
    expect((await call(merchant, 'GET', `/api/v1/enterprises/get/9/${created.content.id}/1`)).code).toBe(1040400);

    // Bound to a company, it is in use.
    expect((await call(admin, 'DELETE', `/api/v1/enterprises/${created.content.id}`)).code).toBe(1040400);
    await t.db.deleteFrom('company_enterprises').where('enterprise_id', '=', created.content.id).execute();
    const deleted = await call(admin, 'DELETE', `/api/v1/enterprises/${created.content.id}`);
    expect(deleted.code).toBe(1020000);
  });

  it('lock, risky and unlock keep who and why, each only from the right status, and a reason is required', async () => {
    const created = await call(admin, 'POST', '/api/v1/enterprises', {
      ...NEW_ENTERPRISE,
      creditCode: '91330100MA2TEST02X',
    });
    const id = created.content.id;
    expect((await call(admin, 'POST', `/api/v1/enterprises/lock/${id}`, {})).message).toBe(
      ENTERPRISE_MSG.reasonRequired,
    );
    const risky = await call(admin, 'PUT', `/api/v1/enterprises/risky/${id}`, { reason: '开票异常' });
    expect(risky.content).toMatchObject({ status: 3, statusReason: '开票异常', statusBy: '系统管理员' });
    expect((await call(admin, 'PUT', `/api/v1/enterprises/risky/${id}`, { reason: '再次' })).message).toBe(
      '只有状态正常的主体可以标记风险',
    );
    // A merchant reads the risk of an enterprise bound to its company (signingEntities.ts).
    await t.db
      .insertInto('company_enterprises')
      .values({ company_id: 1, enterprise_id: id, create_time: '2030-01-01 00:00:00' })
      .execute();
    const risk = await call(merchant, 'GET', `/api/v1/enterprises/risk/${id}`);
    expect(risk.content).toMatchObject({ needsConfirm: true, statusBy: null });
    expect(
      (await kefu({ method: 'POST', url: `/api/v1/enterprises/lock/${id}`, payload: { reason: 'x' } })).statusCode,
    ).toBe(403);
    const locked = await call(admin, 'POST', `/api/v1/enterprises/lock/${id}`, { reason: '暂停合作' });
    expect(locked.content).toMatchObject({ status: 2, statusReason: '暂停合作', statusBy: '系统管理员' });
    expect((await call(admin, 'POST', `/api/v1/enterprises/lock/${id}`, { reason: '再锁' })).message).toBe(
      '该主体已锁定',
    );
    const unlocked = await call(admin, 'GET', `/api/v1/enterprises/unlock/${id}`);
    expect(unlocked.content).toMatchObject({ status: 1, statusReason: null });
    expect((await call(admin, 'GET', `/api/v1/enterprises/unlock/${id}`)).message).toBe('该主体状态正常，无需恢复');
    const log = await t.db
      .selectFrom('operation_logs')
      .select('action')
      .where('resource', '=', 'adAgentmanagement')
      .where('record_id', '=', id)
      .execute();
    expect(log.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'risky', 'lock', 'unlock']));
    expect((await merchant.get(`/api/v1/enterprises/search`)).statusCode).toBe(403);
  });

  it('an enterprise with contracts cannot be deleted', async () => {
    const used = await t.db
      .selectFrom('contracts')
      .select('enterprise_id')
      .where('enterprise_id', 'is not', null)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const answer = await call(admin, 'DELETE', `/api/v1/enterprises/${used.enterprise_id}`);
    expect(answer.message).toBe('该主体已有合同、协议模板或绑定的企业，不能删除；不再合作请锁定');
  });

  it('ranks, industries (add, detail, delete) and the upload switch', async () => {
    const list = await call(admin, 'GET', `/api/v1/enterprises/search?size=2&sort=rank,asc`);
    const [first, second] = list.content.content as { id: number; rank: number }[];
    const ranked = await call(admin, 'POST', '/api/v1/enterprises/rank', {
      items: [
        { id: first.id, rank: 500 },
        { id: second.id, rank: 1 },
      ],
    });
    expect(ranked.code).toBe(1020000);
    const after = await call(admin, 'GET', `/api/v1/enterprises/search?size=1&sort=rank,asc`);
    expect(after.content.content[0].id).toBe(second.id);
    expect((await call(admin, 'POST', '/api/v1/enterprises/rank', { items: [{ id: first.id, rank: -1 }] })).code).toBe(
      1040400,
    );

    const industry = await t.db
      .selectFrom('industries')
      .select(['id', 'nm'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const added = await call(admin, 'POST', `/api/v1/enterprises/${first.id}/industry`, {
      industryId: industry.id,
      scope: '技术服务',
    });
    expect(added.content).toMatchObject({
      industryId: Number(industry.id),
      industryName: industry.nm,
      scope: '技术服务',
    });
    expect(
      (await call(admin, 'POST', `/api/v1/enterprises/${first.id}/industry`, { industryId: industry.id })).message,
    ).toBe('该主体已配置此行业');
    const detail = await call(
      admin,
      'GET',
      `/api/v1/enterprises/${first.id}/industry/detail?industryId=${industry.id}`,
    );
    expect(detail.content.industryName).toBe(industry.nm);
    const listed = await call(admin, 'GET', `/api/v1/enterprises/${first.id}/industry`);
    expect(listed.content.some((row: { industryId: number }) => row.industryId === Number(industry.id))).toBe(true);
    expect((await call(admin, 'DELETE', `/api/v1/enterprises/${first.id}/industry/${industry.id}/delete`)).code).toBe(
      1020000,
    );
    expect(
      (await call(admin, 'DELETE', `/api/v1/enterprises/${first.id}/industry/${industry.id}/delete`)).message,
    ).toBe('该主体未配置此行业');
  });

  it('pickers: a merchant sees its edition without locked ones; /all is for staff', async () => {
    const options = await call(merchant, 'GET', '/api/v1/enterprises?platformmark=3');
    expect(options.content.length).toBeGreaterThan(0);
    for (const row of options.content) {
      expect(row.platformMark).toBe(1);
      expect(row.status).not.toBe(2);
    }
    expect((await merchant.get('/api/v1/enterprises/all')).statusCode).toBe(403);
    const all = await call(admin, 'GET', '/api/v1/enterprises/all');
    expect(all.content.some((row: { status: number }) => row.status === 2)).toBe(true);
    const filtered = await call(admin, 'GET', `/api/v1/enterprises/search?q=${encodeQ({ name: '大熊' })}`);
    expect(filtered.content.content.map((row: { name: string }) => row.name)).toEqual(['天津大熊灵活用工服务有限公司']);
  });
});

describe('a locked enterprise takes no new payouts', () => {
  it('the merchant cannot submit a batch while its enterprise is locked, and can once it is unlocked', async () => {
    const enterprise = await companyEnterprise(t.db, 1, 1);
    expect(enterprise).toBeDefined();
    const id = enterprise!.id;
    const { payload, headers } = multipartRequest([
      { name: 'file', filename: '批量打款.csv', content: csvFile([payee(8101)]) },
    ]);
    const validated = envelopeOf(
      await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
    );
    expect(validated.code, validated.message).toBe(1020000);
    const draftId = validated.content.draftId;
    await call(admin, 'POST', `/api/v1/enterprises/lock/${id}`, { reason: '暂停打款' });
    const refused = await call(merchant, 'POST', '/api/v1/remittances/batch/submit', {
      draftId,
      payPassword: DEMO_PAYMENT_PASSWORD,
    });
    expect(refused.message).toBe(ENTERPRISE_MSG.locked(enterprise!.name));
    expect(await t.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute()).toEqual([]);
    await call(admin, 'GET', `/api/v1/enterprises/unlock/${id}`);
    const accepted = await call(merchant, 'POST', '/api/v1/remittances/batch/submit', {
      draftId,
      payPassword: DEMO_PAYMENT_PASSWORD,
    });
    expect(accepted.code, accepted.message).toBe(1020000);
  });
});
