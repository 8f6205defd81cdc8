import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf, postEntries } from '../../server/money/ledger/ledger';
import { findOwnDraft, insertDraft } from '../../server/money/payouts/drafts';
import { submitDraft } from '../../server/money/payouts/submitDraft';
import { rateInForce } from '../../server/money/rates/rates.service';
import { itemServiceCharge } from '../../src/domain/charges';
import { LEDGER } from '../../src/domain/moneyEnums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** 企业费率调整 / 合伙人费率调整: rate history, the rate in force, payouts and the log. */

let test: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let partnerId: number;
const today = () => chinaTime().slice(0, 10);
const tomorrow = () => dayjs(today()).add(1, 'day').format('YYYY-MM-DD');

beforeAll(async () => {
  test = await createTestApp();
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  const partner = await test.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'hehuoren')
    .executeTakeFirstOrThrow();
  partnerId = Number(partner.id);
});
afterAll(async () => test?.close());

async function post(url: string, payload: Record<string, unknown>) {
  return envelopeOf(await admin({ method: 'POST', url, payload }));
}

async function chargeOf(client: AuthedClient, platformMark: number): Promise<number | undefined> {
  const answer = envelopeOf(await client({ method: 'GET', url: '/api/v1/servicecharge' }));
  expect(answer.code).toBe(1020000);
  return (answer.content as { rate: number; platformMark: number }[]).find((row) => row.platformMark === platformMark)
    ?.rate;
}

describe('company rates', () => {
  it('refuses a rate out of range, a past date and a company that does not exist', async () => {
    const base = { companyId: 1, platformMark: 1, rate: 700, effectiveDate: today() };
    const past = dayjs(today()).subtract(1, 'day').format('YYYY-MM-DD');
    expect((await post('/api/v1/servicerates/company', { ...base, rate: 10_001 })).content.errors.rate).toMatch(
      /0-10000/,
    );
    expect((await post('/api/v1/servicerates/company', { ...base, rate: 6.5 })).code).toBe(1040400);
    expect((await post('/api/v1/servicerates/company', { ...base, effectiveDate: past })).message).toBe(
      '生效日期不能早于今天',
    );
    expect((await post('/api/v1/servicerates/company', { ...base, companyId: 99_999_999 })).message).toBe(
      '所选企业不存在或不在您的权限范围内，请重新选择',
    );
  });

  it('a change in force today is what GET /servicecharge answers; a later one only from its day', async () => {
    expect(await chargeOf(merchant, 1)).toBe(600);
    const now = await post('/api/v1/servicerates/company', {
      companyId: 1,
      platformMark: 1,
      rate: 800,
      effectiveDate: today(),
      remark: '年度调价',
    });
    expect(now.code, now.message).toBe(1020000);
    expect(await chargeOf(merchant, 1)).toBe(800);
    const later = await post('/api/v1/servicerates/company', {
      companyId: 1,
      platformMark: 1,
      rate: 900,
      effectiveDate: tomorrow(),
    });
    expect(later.code).toBe(1020000);
    expect(await chargeOf(merchant, 1)).toBe(800);
    expect(await rateInForce(test.db, 1, 1, `${tomorrow()} 00:00:00`)).toBe(900);
    expect(await rateInForce(test.db, 1, 1, `${today()} 23:59:59`)).toBe(800);

    const list = envelopeOf(
      await admin({
        method: 'GET',
        url: `/api/v1/servicerates/company/search?q=coname:${encodeURIComponent('')}&page=0&size=10`,
      }),
    );
    const rows = list.content.content as {
      companyId: number;
      rate: number;
      companyName: string;
      operatorName: string;
    }[];
    expect(rows.filter((row) => row.companyId === 1).map((row) => row.rate)).toEqual([900, 800]);
    expect(rows[0].companyName.length).toBeGreaterThan(0);
    expect(rows[0].operatorName.length).toBeGreaterThan(0);

    const logged = await test.db
      .selectFrom('operation_logs')
      .select(['action', 'changes'])
      .where('resource', '=', 'adJcyHappyElimination')
      .execute();
    expect(logged.filter((row) => row.action === 'create')).toHaveLength(2);
    expect(logged.some((row) => row.changes.includes('800'))).toBe(true);
  });

  it('withdraws a change not yet in force, never one in force', async () => {
    const rows = await test.db
      .selectFrom('service_rates')
      .select(['id', 'effective_date'])
      .where('company_id', '=', 1)
      .orderBy('id')
      .execute();
    const inForce = rows.find((row) => row.effective_date === today());
    const pending = rows.find((row) => row.effective_date === tomorrow());
    const refused = envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/servicerates/company/${inForce?.id}` }));
    expect(refused.message).toBe('该费率已生效，不能撤销；请新增一条调整');
    const withdrawn = envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/servicerates/company/${pending?.id}` }));
    expect(withdrawn.code).toBe(1020000);
    expect(await rateInForce(test.db, 1, 1, `${tomorrow()} 00:00:00`)).toBe(800);
  });

  it('a merchant and a finance account without the code are refused', async () => {
    const answer = await merchant({ method: 'GET', url: '/api/v1/servicerates/company/search?page=0&size=10' });
    expect(answer.statusCode).toBe(403);
  });
});

describe('partner rates', () => {
  it("apply to the partner's companies that have no rate of their own", async () => {
    const company = await test.db
      .selectFrom('companies')
      .select(['id', 'platform_mark'])
      .where(
        'id',
        'not in',
        test.db.selectFrom('service_rates').select('company_id').where('company_id', 'is not', null),
      )
      .where('id', 'not in', test.db.selectFrom('service_charges').select('company_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const companyId = Number(company.id);
    expect(await rateInForce(test.db, companyId, company.platform_mark)).toBe(0);
    await test.db.updateTable('companies').set({ sale_partner_id: partnerId }).where('id', '=', companyId).execute();
    const saved = await post('/api/v1/servicerates/partner', {
      partnerId,
      platformMark: company.platform_mark,
      rate: 450,
      effectiveDate: today(),
    });
    expect(saved.code, saved.message).toBe(1020000);
    expect(await rateInForce(test.db, companyId, company.platform_mark)).toBe(450);
    // The company's own rate wins over its partner's.
    await post('/api/v1/servicerates/company', {
      companyId,
      platformMark: company.platform_mark,
      rate: 300,
      effectiveDate: today(),
    });
    expect(await rateInForce(test.db, companyId, company.platform_mark)).toBe(300);
    const list = envelopeOf(await admin({ method: 'GET', url: '/api/v1/servicerates/partner/search?page=0&size=10' }));
    expect(list.content.content[0]).toMatchObject({ partnerId, partnerName: '合伙人老李', rate: 450 });
  });

  it('refuses an account that is not a partner', async () => {
    const answer = await post('/api/v1/servicerates/partner', {
      partnerId: 1,
      platformMark: 1,
      rate: 450,
      effectiveDate: today(),
    });
    expect(answer.content.errors.partnerId).toBe('所选合伙人不存在或不在您的权限范围内，请重新选择');
  });
});

describe('payouts', () => {
  it('pay the rate in force when submitted, not the one the upload was priced at', async () => {
    const account = { companyId: 1, platformMark: 1 };
    await test.db.transaction().execute(async (tx) => {
      await postEntries(
        tx,
        account,
        [{ kind: LEDGER.recharge, amount: 1_000_000_000, refType: 'recharge', refId: 1, operatorId: 1 }],
        chinaTime(),
      );
    });
    const rows = [
      {
        rowNo: 2,
        name: '张三',
        idCard: '110101199003074477',
        bankCard: '6222020200000000001',
        mobile: null,
        amount: 1_234_500,
        remark: null,
      },
    ];
    const user = await test.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const draftId = await insertDraft(test.db, {
      ...account,
      userId: Number(user.id),
      fileName: '批量打款.csv',
      rows,
      totalAmount: 1_234_500,
      serviceCharge: itemServiceCharge(1_234_500, 800),
      rate: 800,
      createTime: chinaTime(),
    });
    await post('/api/v1/servicerates/company', { ...account, rate: 550, effectiveDate: today() });
    const before = await balanceOf(test.db, account);
    const draft = await findOwnDraft(test.db, draftId, 1, 1);
    if (!draft) throw new Error('draft missing');
    const submitted = await submitDraft(test.db, draft, Number(user.id), chinaTime());
    expect(submitted.batch.serviceCharge).toBe(itemServiceCharge(1_234_500, 550));
    const batch = await test.db
      .selectFrom('payout_batches')
      .select(['rate', 'service_charge'])
      .where('id', '=', submitted.batch.batchId)
      .executeTakeFirstOrThrow();
    expect(Number(batch.rate)).toBe(550);
    expect(before - (await balanceOf(test.db, account))).toBe(1_234_500 + itemServiceCharge(1_234_500, 550));
  });
});
