import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { addSecondPartner } from './support/secondPartner';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * A partner reads only its own companies (sale partner) on every page it can open, not every company of its
 * departments: two partners of the same department, each with companies of its own, perform the
 * cross-partner attack on the statistics reports, the ledger list and the company summary. Expected figures are
 * summed here straight from the ledger entries, grouped by the companies' sale partner.
 */
let t: TestApp;
const as: Record<string, AuthedClient> = {};
const YUAN = 10_000;
const MONTH = '2031-07';
const ids: Record<string, number> = {};
/** The sale partner's companies that carry entries this month. */
const own: Record<string, number[]> = {};

async function post(companyId: number, time: string, entries: { kind: number; amount: number }[]) {
  await t.db.transaction().execute((tx) =>
    postEntries(
      tx,
      { companyId, platformMark: 1 },
      entries.map((entry) => ({ ...entry, refType: 'recharge' as const, refId: 1, operatorId: null })),
      time,
    ),
  );
}

/** The oracle: payout and top-up of the month over a partner's companies, from ledger_entries. */
async function ledgerTotals(partner: string) {
  const rows = await t.db
    .selectFrom('ledger_entries')
    .innerJoin('companies', 'companies.id', 'ledger_entries.company_id')
    .select(['ledger_entries.kind', 'ledger_entries.amount', 'ledger_entries.company_id'])
    .where('companies.sale_partner_id', '=', ids[partner])
    .where('ledger_entries.platform_mark', '=', 1)
    .where('ledger_entries.create_time', '>=', `${MONTH}-01 00:00:00`)
    .where('ledger_entries.create_time', '<=', `${MONTH}-31 23:59:59`)
    .execute();
  const sum = (kind: number) =>
    rows.filter((row) => row.kind === kind).reduce((total, row) => total + Math.abs(Number(row.amount)), 0);
  return {
    payoutAmount: sum(LEDGER.payout),
    topupAmount: sum(LEDGER.recharge),
    companies: [...new Set(rows.map((row) => Number(row.company_id)))].sort((a, b) => a - b),
    entries: rows.length,
  };
}

const report = (route: string, extra = '') => `/api/v1/statistics/reports/${route}?period=month&month=${MONTH}${extra}`;

beforeAll(async () => {
  t = await createTestApp();
  const partners = await addSecondPartner(t.db, { mobile: '13800000045', displayName: '合伙人小钱' });
  // The ledger list's and the platform contracts' codes for both partners (a role can be given them as data).
  for (const userId of [partners.hehuoren, partners.hehuoren2]) {
    for (const authority of ['UI_TRANSACTION_FLOW', 'ADM_PLAT_CONTRACT_MGR']) {
      await t.db.insertInto('user_authorities').values({ user_id: userId, authority }).execute();
    }
  }
  ids.hehuoren = partners.hehuoren;
  ids.hehuoren2 = partners.hehuoren2;
  // Two standard-edition companies of department 2 (the seed gives them all to hehuoren): the second goes to hehuoren2.
  const companies = await t.db
    .selectFrom('companies')
    .select('id')
    .where('department_id', '=', 2)
    .where('platform_mark', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  expect(companies).toHaveLength(2);
  const [first, second] = companies.map((company) => Number(company.id));
  await t.db.updateTable('companies').set({ sale_partner_id: ids.hehuoren2 }).where('id', '=', second).execute();
  own.hehuoren = [first];
  own.hehuoren2 = [second];
  await post(first, `${MONTH}-03 10:00:00`, [{ kind: LEDGER.recharge, amount: 900 * YUAN }]);
  await post(first, `${MONTH}-05 11:00:00`, [
    { kind: LEDGER.payout, amount: -400 * YUAN },
    { kind: LEDGER.serviceCharge, amount: -24 * YUAN },
  ]);
  await post(second, `${MONTH}-06 09:00:00`, [{ kind: LEDGER.recharge, amount: 70 * YUAN + 300 }]);
  await post(second, `${MONTH}-18 16:00:00`, [
    { kind: LEDGER.payout, amount: -55 * YUAN },
    { kind: LEDGER.serviceCharge, amount: -3 * YUAN },
  ]);
  for (const name of ['hehuoren', 'hehuoren2', 'caiwu']) as[name] = authed(t.app, await tokenOf(t.app, name));
});

afterAll(async () => {
  await t?.close();
});

describe("a partner's statistics are its own companies' figures", () => {
  it('企业汇总 lists only its own companies, and the totals are their sum', async () => {
    for (const partner of ['hehuoren', 'hehuoren2']) {
      const oracle = await ledgerTotals(partner);
      expect(oracle.companies).toEqual(own[partner]);
      const answer = envelopeOf(await as[partner].get(report('adEnterpriseFlow', '&size=100')));
      expect(answer.code, answer.message).toBe(1020000);
      const rows = answer.content.content as { companyId: number; payoutAmount: number }[];
      const withFigures = rows.filter((row) => row.payoutAmount !== 0).map((row) => row.companyId);
      expect(withFigures).toEqual(own[partner]);
      // No row of a company the other partner brought.
      const other = partner === 'hehuoren' ? 'hehuoren2' : 'hehuoren';
      expect(rows.map((row) => row.companyId)).not.toEqual(expect.arrayContaining(own[other]));
      expect(answer.content.totals.payoutAmount).toBe(oracle.payoutAmount);
      expect(answer.content.totals.topupAmount).toBe(oracle.topupAmount);
      expect(rows.reduce((sum, row) => sum + row.payoutAmount, 0)).toBe(oracle.payoutAmount);
    }
  });

  it('企业流水, 平台业绩, partner statistics and 个人业绩 total only its own companies', async () => {
    for (const partner of ['hehuoren', 'hehuoren2']) {
      const oracle = await ledgerTotals(partner);
      for (const route of ['adEntFlow', 'adPlatform', 'adPartnerStatistics', 'adPartnerPersonalStatistics']) {
        const answer = envelopeOf(await as[partner].get(report(route, '&size=100')));
        expect(answer.code, `${route}: ${answer.message}`).toBe(1020000);
        expect(answer.content.totals.payoutAmount, `${partner} ${route}`).toBe(oracle.payoutAmount);
        expect(answer.content.totals.topupAmount, `${partner} ${route}`).toBe(oracle.topupAmount);
        const rows = answer.content.content as { payoutAmount: number; companyId?: number }[];
        expect(
          rows.reduce((sum, row) => sum + row.payoutAmount, 0),
          `${partner} ${route} rows`,
        ).toBe(oracle.payoutAmount);
        for (const row of rows) if (row.companyId !== undefined) expect(own[partner]).toContain(row.companyId);
      }
    }
  });

  it("finance sees the whole department: its total is the sum of both partners' totals", async () => {
    const a = await ledgerTotals('hehuoren');
    const b = await ledgerTotals('hehuoren2');
    const answer = envelopeOf(
      await as.caiwu.get(report('adEnterpriseFlow', `&q=${encodeURIComponent('departmentId:2')}`)),
    );
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.totals.payoutAmount).toBe(a.payoutAmount + b.payoutAmount);
    expect(answer.content.totals.topupAmount).toBe(a.topupAmount + b.topupAmount);
  });

  it("the xlsx export holds only the partner's own companies", async () => {
    const names = async (companyIds: number[]) =>
      (await t.db.selectFrom('companies').select('name').where('id', 'in', companyIds).execute()).map(
        (row) => row.name,
      );
    const response = await as.hehuoren2.get(
      `/api/v1/statistics/reports/adEnterpriseFlow/export?period=month&month=${MONTH}`,
    );
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0].eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    for (const name of await names(own.hehuoren2)) expect(cells).toContain(name);
    for (const name of await names(own.hehuoren)) expect(cells).not.toContain(name);
  });
});

describe('a partner reads only its own companies elsewhere', () => {
  it("the ledger list shows its own companies' entries only", async () => {
    for (const partner of ['hehuoren', 'hehuoren2']) {
      const answer = envelopeOf(await as[partner].get('/api/v1/ledger/search?platformmark=1&size=100'));
      expect(answer.code, answer.message).toBe(1020000);
      const rows = answer.content.content as { companyId: number }[];
      expect(rows.length).toBeGreaterThan(0);
      const mine = (
        await t.db.selectFrom('companies').select('id').where('sale_partner_id', '=', ids[partner]).execute()
      ).map((company) => Number(company.id));
      for (const row of rows) expect(mine).toContain(Number(row.companyId));
      const every = await t.db
        .selectFrom('ledger_entries')
        .innerJoin('companies', 'companies.id', 'ledger_entries.company_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('companies.sale_partner_id', '=', ids[partner])
        .where('ledger_entries.platform_mark', '=', 1)
        .executeTakeFirstOrThrow();
      const all = envelopeOf(await as[partner].get('/api/v1/ledger/search?platformmark=1&size=1'));
      expect(all.content.totalElements).toBe(Number(every.n));
    }
  });

  it("the contract list holds only its own companies' contracts, and the other partner's contract is refused", async () => {
    const time = chinaTime();
    const contract = await t.db
      .insertInto('contracts')
      .values({
        company_id: own.hehuoren[0],
        nm: '合伙人甲的企业合同',
        contract_no: 'HTPARTNER01',
        csort: 9,
        contract_status: 2,
        sign_status: 0,
        data_status: 1,
        enterprise_id: null,
        industry_id: null,
        sign_nm: '测试',
        start_date: time.slice(0, 10),
        end_date: time.slice(0, 10),
        sign_time: null,
        platform_mark: 1,
        create_time: time,
        update_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const partner of ['hehuoren', 'hehuoren2']) {
      const expected = (
        await t.db
          .selectFrom('contracts')
          .innerJoin('companies', 'companies.id', 'contracts.company_id')
          .select('contracts.id')
          .where('companies.sale_partner_id', '=', ids[partner])
          .execute()
      ).length;
      const answer = envelopeOf(await as[partner].get('/api/v1/contract?size=1'));
      expect(answer.code, answer.message).toBe(1020000);
      expect(answer.content.totalElements, partner).toBe(expected);
    }
    expect((await as.hehuoren.get(`/api/v1/contract/${contract.id}`)).statusCode).toBe(200);
    const refused = await as.hehuoren2.get(`/api/v1/contract/${contract.id}`);
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).message).toBe('无权访问该公司的合同');
  });

  it("the other partner's virtual companies are neither listed nor opened", async () => {
    const base = '/api/v1/cloud/virtual/partner/company';
    const saved = envelopeOf(
      await as.hehuoren({
        method: 'POST',
        url: base,
        payload: { partnerId: ids.hehuoren, name: '合伙人甲虚拟企业有限公司' },
      }),
    );
    expect(saved.code, saved.message).toBe(1020000);
    const [record] = await t.db
      .selectFrom('virtual_partner_companies')
      .select('id')
      .where('name', '=', '合伙人甲虚拟企业有限公司')
      .execute();
    for (const partner of ['hehuoren', 'hehuoren2']) {
      const expected = (
        await t.db.selectFrom('virtual_partner_companies').select('id').where('partner_id', '=', ids[partner]).execute()
      ).length;
      const answer = envelopeOf(await as[partner].get(`${base}/search?page=0&size=100`));
      expect(answer.code, answer.message).toBe(1020000);
      expect(answer.content.totalElements, partner).toBe(expected);
    }
    expect((await as.hehuoren.get(`${base}/${record.id}`)).statusCode).toBe(200);
    const opened = envelopeOf(await as.hehuoren2.get(`${base}/${record.id}`));
    expect(opened.code).not.toBe(1020000);
    expect(opened.content).toBeNull();
  });

  it("the second partner is refused the other partner's company summary", async () => {
    const [company] = own.hehuoren;
    expect((await as.hehuoren.get(`/api/v1/companies/${company}/summary/platform/1`)).statusCode).toBe(200);
    expect((await as.hehuoren2.get(`/api/v1/companies/${company}/summary/platform/1`)).statusCode).toBe(403);
  });
});
