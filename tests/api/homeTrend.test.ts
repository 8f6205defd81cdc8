import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/money/ledger/ledger';
import { chinaToday } from '../../src/domain/chinaTime';
import { LEDGER } from '../../src/domain/moneyEnums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** 近30天趋势 on the home pages: GET /api/v1/home/trend, own company for a merchant, the role's scope for staff. */
interface Day {
  day: string;
  topupAmount: number;
  payoutAmount: number;
  chargeAmount: number;
}

let test: TestApp;
let merchant: AuthedClient;
let admin: AuthedClient;
let invoiceClerk: AuthedClient;
let otherCompanyId: number;
const MERCHANT = { companyId: 1, platformMark: 1 };
// 12 345.67 yuan and 8 765.43 yuan in 1/10000 yuan: whole fen, as every ledger amount.
const OWN_TOPUP = 123_456_700;
const OTHER_TOPUP = 87_654_300;

async function topUp(companyId: number, amount: number): Promise<void> {
  await test.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        { companyId, platformMark: 1 },
        [{ kind: LEDGER.recharge, amount, refType: 'recharge', refId: 1, operatorId: 1 }],
        `${chinaToday()} 10:00:00`,
      ),
    );
}

async function trendOf(client: AuthedClient, query = ''): Promise<Day[]> {
  const answer = envelopeOf(await client.get(`/api/v1/home/trend${query}`));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content as Day[];
}

const todayOf = (days: Day[]) => days[days.length - 1];

beforeAll(async () => {
  test = await createTestApp();
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
  invoiceClerk = authed(test.app, await tokenOf(test.app, 'xgmkaipiao'));
  const other = await test.db
    .selectFrom('companies')
    .select('id')
    .where('id', '<>', MERCHANT.companyId)
    .where('platform_mark', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherCompanyId = Number(other.id);
});
afterAll(async () => test?.close());

describe('GET /api/v1/home/trend', () => {
  it('answers 30 consecutive China days ending today, oldest first, with every metric a whole fen', async () => {
    const days = await trendOf(merchant);
    expect(days).toHaveLength(30);
    expect(todayOf(days).day).toBe(chinaToday());
    for (let index = 1; index < days.length; index += 1) {
      const gap = Date.parse(`${days[index].day}T00:00:00Z`) - Date.parse(`${days[index - 1].day}T00:00:00Z`);
      expect(gap).toBe(86_400_000);
    }
    for (const day of days) {
      for (const value of [day.topupAmount, day.payoutAmount, day.chargeAmount]) {
        expect(Number.isSafeInteger(value) && value % 100 === 0).toBe(true);
      }
    }
  });

  it("shows a merchant its own top-up today and never another company's", async () => {
    const before = todayOf(await trendOf(merchant)).topupAmount;
    await topUp(MERCHANT.companyId, OWN_TOPUP);
    await topUp(otherCompanyId, OTHER_TOPUP);
    expect(todayOf(await trendOf(merchant)).topupAmount).toBe(before + OWN_TOPUP);
    // The edition asked for does not widen a merchant's view: it is always its own company.
    expect(todayOf(await trendOf(merchant, '?platformmark=3')).topupAmount).toBe(before + OWN_TOPUP);
  });

  it("shows the admin the platform's day, both companies' top-ups included", async () => {
    const before = todayOf(await trendOf(admin)).topupAmount;
    await topUp(MERCHANT.companyId, OWN_TOPUP);
    await topUp(otherCompanyId, OTHER_TOPUP);
    expect(todayOf(await trendOf(admin)).topupAmount).toBe(before + OWN_TOPUP + OTHER_TOPUP);
  });

  it('refuses a staff role that may not open 平台业绩, and a malformed edition', async () => {
    const refused = await invoiceClerk.get('/api/v1/home/trend');
    expect(refused.statusCode).toBe(403);
    const malformed = envelopeOf(await admin.get('/api/v1/home/trend?platformmark=2'));
    expect(malformed.code).toBe(1040400);
    expect(malformed.message).toContain('版本');
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/v1/home/trend' });
    expect(anonymous.statusCode).toBe(401);
  });
});
