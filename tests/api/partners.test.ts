import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_CATEGORY } from '../../src/domain/enums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Partners and channels: 渠道管理, performance, sale partner, service enterprises, virtual companies. */

let test: TestApp;
let admin: AuthedClient;
let partner: AuthedClient;
let finance: AuthedClient;
let partnerId: number;

beforeAll(async () => {
  test = await createTestApp();
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
  partner = authed(test.app, await tokenOf(test.app, 'hehuoren'));
  finance = authed(test.app, await tokenOf(test.app, 'caiwu'));
  const row = await test.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'hehuoren')
    .executeTakeFirstOrThrow();
  partnerId = Number(row.id);
});
afterAll(async () => test?.close());

const get = async (client: AuthedClient, url: string) => envelopeOf(await client({ method: 'GET', url }));

describe('渠道管理', () => {
  it('lists partner accounts with the spec category, their companies and month performance', async () => {
    const page = await get(admin, '/api/v1/cloud/partner/search?page=0&size=10');
    expect(page.code).toBe(1020000);
    const row = page.content.content.find((item: { id: number }) => item.id === partnerId);
    const companies = await test.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sale_partner_id', '=', partnerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ displayName: '合伙人老李', csort: 6, companyCount: Number(companies.n) });
    expect(Number(companies.n)).toBeGreaterThan(0);
    expect(PARTNER_CATEGORY.find((choice) => choice.id === 6)?.name).toBe('事业合伙人');
    const filtered = await get(admin, `/api/v1/cloud/partner/search?q=csort:7&page=0&size=10`);
    expect(filtered.content.totalElements).toBe(0);
  });

  it('changes a category and logs it; refuses a category outside 1-10', async () => {
    const bad = envelopeOf(
      await admin({ method: 'PUT', url: `/api/v1/cloud/partner/${partnerId}`, payload: { csort: 11 } }),
    );
    expect(bad.message).toBe('请选择合伙人类别');
    const saved = envelopeOf(
      await admin({
        method: 'PUT',
        url: `/api/v1/cloud/partner/${partnerId}`,
        payload: { csort: 10, channelName: '特殊渠道A' },
      }),
    );
    expect(saved.content).toMatchObject({ csort: 10, channelName: '特殊渠道A' });
    const log = await test.db
      .selectFrom('operation_logs')
      .select('changes')
      .where('resource', '=', 'adPartnerManage')
      .where('record_id', '=', partnerId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes).csort).toEqual([6, 10]);
  });

  it('is refused to accounts without UI_CHANNEL_MGR', async () => {
    expect((await partner({ method: 'GET', url: '/api/v1/cloud/partner/search' })).statusCode).toBe(403);
  });
});

describe('sale partner and performance', () => {
  it('sets the sale partner of a company, refusing an account that is not a partner', async () => {
    const company = await test.db
      .selectFrom('companies')
      .select('id')
      .where('department_id', '=', 2)
      .where('sale_partner_id', 'is', null)
      .executeTakeFirst();
    const companyId = Number(
      company?.id ??
        (await test.db.selectFrom('companies').select('id').where('department_id', '=', 2).executeTakeFirstOrThrow())
          .id,
    );
    const notPartner = envelopeOf(
      await admin({ method: 'PUT', url: '/api/v1/companies/salepartner', payload: { coid: companyId, partnerId: 1 } }),
    );
    expect(notPartner.message).toBe('合伙人不存在');
    const saved = envelopeOf(
      await admin({ method: 'PUT', url: '/api/v1/companies/salepartner', payload: { coid: companyId, partnerId } }),
    );
    expect(saved.content).toMatchObject({ companyId, partnerId, partnerName: '合伙人老李' });
    expect((await get(admin, `/api/v1/companies/salepartner?coid=${companyId}`)).content.partnerId).toBe(partnerId);
  });

  it("sums the month's rollups of the partner's companies; a partner sees only its own line", async () => {
    const month = (
      await test.db.selectFrom('stat_company_month').select('month').orderBy('month', 'desc').executeTakeFirstOrThrow()
    ).month;
    const mine = await test.db
      .selectFrom('stat_company_month')
      .innerJoin('companies', 'companies.id', 'stat_company_month.company_id')
      .select((eb) => eb.fn.sum<number>('stat_company_month.payout_amount').as('payout'))
      .where('companies.sale_partner_id', '=', partnerId)
      .where('stat_company_month.month', '=', month)
      .executeTakeFirstOrThrow();
    const answer = await get(partner, `/api/v1/partnerperformance?month=${month}`);
    expect(answer.content.content).toHaveLength(1);
    expect(answer.content.content[0]).toMatchObject({ partnerId, payoutAmount: Number(mine.payout ?? 0) });
    const posted = envelopeOf(await admin({ method: 'POST', url: '/api/v1/partnerperformance', payload: { month } }));
    expect(posted.content.content.some((row: { partnerId: number }) => row.partnerId === partnerId)).toBe(true);
    expect((await get(admin, '/api/v1/partnerperformance?month=2024-13')).message).toBe('请选择正确的月份（YYYY-MM）');
  });
});

describe('服务企业管理', () => {
  it('links a partner to a service enterprise of the edition once', async () => {
    const enterprises = await test.db.selectFrom('enterprises').select(['id', 'platform_mark']).orderBy('id').execute();
    const standard = enterprises.filter((row) => row.platform_mark === 1);
    const small = enterprises.find((row) => row.platform_mark === 3);
    const url = '/api/v1/partner/enterprises';
    const second = Number(standard[1].id);
    const created = envelopeOf(await admin({ method: 'POST', url, payload: { partnerId, enterpriseId: second } }));
    expect(created.code, created.message).toBe(1020000);
    const again = envelopeOf(await admin({ method: 'POST', url, payload: { partnerId, enterpriseId: second } }));
    expect(again.content.errors.enterpriseId).toBe('该合伙人已服务此企业');
    const wrongEdition = envelopeOf(
      await admin({ method: 'POST', url, payload: { partnerId, enterpriseId: Number(small?.id) } }),
    );
    expect(wrongEdition.content.errors.enterpriseId).toBe('该服务企业不属于本版本');
    const list = await get(partner, `${url}/search?page=0&size=10`);
    expect(list.content.content.every((row: { partnerName: string }) => row.partnerName === '合伙人老李')).toBe(true);
    expect(list.content.content.length).toBeGreaterThanOrEqual(2);
    expect((await finance({ method: 'GET', url: `${url}/search` })).statusCode).toBe(403);
  });
});

describe('virtual partner companies', () => {
  const base = '/api/v1/cloud/virtual/partner/company';
  it('a partner saves, finds, edits and deletes its own; never in the name of another account', async () => {
    const other = envelopeOf(
      await partner({ method: 'POST', url: base, payload: { partnerId: 1, name: '某某科技有限公司' } }),
    );
    expect(other.content.errors.partnerId).toBe('合伙人只能登记自己的虚拟企业');
    const badCode = envelopeOf(
      await partner({ method: 'POST', url: base, payload: { partnerId, name: '某某科技有限公司', creditCode: '123' } }),
    );
    expect(badCode.content.errors.creditCode).toMatch(/18位/);
    const saved = envelopeOf(
      await partner({ method: 'POST', url: base, payload: { partnerId, name: '杭州测试网络有限公司' } }),
    );
    expect(saved.code, saved.message).toBe(1020000);
    const found = await get(partner, `${base}/search?q=name:${encodeURIComponent('测试网络')}&page=0&size=10`);
    expect(found.content.content).toHaveLength(1);
    const id = found.content.content[0].id;
    const edited = envelopeOf(await partner({ method: 'PUT', url: `${base}/${id}`, payload: { linkmanName: '陈立' } }));
    expect(edited.code).toBe(1020000);
    expect((await get(partner, `${base}/${id}`)).content.linkmanName).toBe('陈立');
    expect(envelopeOf(await partner({ method: 'DELETE', url: `${base}/${id}` })).code).toBe(1020000);
    expect((await get(partner, `${base}/${id}`)).message).toBe('虚拟企业不存在');
  });
});
