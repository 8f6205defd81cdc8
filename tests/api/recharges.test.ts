import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies } from '../../server/money/ledger/ledger';
import type { RechargeRecord as Recharge } from '../../server/money/recharges.repository';
import { LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { encodeQ } from '../../src/domain/query';
import { RECHARGE_MSG } from '../../src/domain/recharge';
import { MSG } from '../../src/domain/validation';
import { fileBytes, multipartRequest } from './support/multipart';
import { RACERS, race } from './support/raceKit';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  login,
  type TestApp,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const YUAN = 10_000;

type Account = 'admin' | 'kefu' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'caiwu', 'merchant', 'xgm'];
const MARK: Record<Account, 1 | 3> = { admin: 1, kefu: 1, caiwu: 1, merchant: 1, xgm: 3 };

interface Page<T> {
  content: T[];
  totalElements: number;
  number: number;
  size: number;
}

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
const userIds = {} as Record<Account, number>;
const vouchers = {} as Record<'merchant' | 'xgm', string>;
let serialCounter = 0;

async function upload(as: Account, filename: string, content: Buffer, kind = 'image'): Promise<string> {
  const response = await clients[as]({
    method: 'POST',
    url: '/api/v1/common/uploadfiles',
    ...multipartRequest([
      { name: 'kind', value: kind },
      { name: 'file', filename, content },
    ]),
  });
  const answer = envelopeOf<{ url: string }>(response);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.url;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const answer = await login(t.app, account, undefined, MARK[account]);
    expect(answer.code, `${account}: ${answer.message}`).toBe(OK);
    clients[account] = authed(t.app, answer.content.token, MARK[account]);
    const user = await t.db.selectFrom('users').select('id').where('username', '=', account).executeTakeFirstOrThrow();
    userIds[account] = Number(user.id);
  }
  vouchers.merchant = await upload('merchant', '转账凭证.png', fileBytes('png', 2048));
  vouchers.xgm = await upload('xgm', 'voucher.jpg', fileBytes('jpeg', 2048));
});

afterAll(async () => {
  await t?.close();
});

function nextSerial(): string {
  serialCounter += 1;
  return `TEST${Date.now()}${String(serialCounter).padStart(4, '0')}`;
}

function validBody(as: 'merchant' | 'xgm', overrides: Record<string, unknown> = {}) {
  return {
    amount: 12_345_600,
    payerName: as === 'merchant' ? '上海灵动科技有限公司' : '杭州小微电子商务有限公司',
    payerAccount: '6222021001122334455',
    bankSerial: nextSerial(),
    voucherUrl: vouchers[as],
    remark: '三月服务费预存',
    ...overrides,
  };
}

async function call<T = any>(
  as: Account,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await clients[as]({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: envelopeOf<T>(response) };
}

async function create(as: 'merchant' | 'xgm', overrides: Record<string, unknown> = {}): Promise<Recharge> {
  const { status, body } = await call<Recharge>(as, 'POST', '/api/v1/recharges', validBody(as, overrides));
  expect(status).toBe(200);
  expect(body.code, body.message).toBe(OK);
  return body.content;
}

/** The message (and that field's error) a body with these overrides is refused with. */
async function refusal(overrides: Record<string, unknown>, as: 'merchant' | 'xgm' = 'merchant') {
  const { status, body } = await call(as, 'POST', '/api/v1/recharges', validBody(as, overrides));
  expect(status).toBe(200);
  expect(body.code).toBe(BUSINESS);
  return { message: body.message, errors: (body.content as { errors?: Record<string, string> } | null)?.errors };
}

function search(as: Account, q: Record<string, unknown> = {}, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries({ size: 1000, ...params }).map(([k, v]) => [k, String(v)]));
  const encoded = encodeQ(q);
  return call<Page<Recharge>>(as, 'GET', `/api/v1/recharges/search?${encoded ? `q=${encoded}&` : ''}${query}`);
}

async function balance(companyId: number, platformMark: number): Promise<number> {
  return balanceOf(t.db, { companyId, platformMark });
}

async function rechargeEntries(id: number) {
  return t.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('ref_type', '=', 'recharge')
    .where('ref_id', '=', id)
    .execute();
}

describe('demo seed', () => {
  it('credits the demo companies’ confirmed top-ups through the ledger, every balance equal to its entries', async () => {
    // The top-ups of this seed (serials DEMO…); the payouts seed adds and spends one of its own.
    const credited = async (companyId: number) => {
      const row = await t.db
        .selectFrom('ledger_entries')
        .innerJoin('recharges', 'recharges.id', 'ledger_entries.ref_id')
        .select((eb) => eb.fn.sum<number | string>('ledger_entries.amount').as('n'))
        .where('ledger_entries.ref_type', '=', 'recharge')
        .where('recharges.bank_serial', 'like', 'DEMO%')
        .where('ledger_entries.company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await credited(1)).toBe(500_000 * YUAN);
    expect(await credited(2)).toBe(200_000 * YUAN);
    expect(await balance(1, 1)).toBeGreaterThanOrEqual(100_000 * YUAN);
    const statuses = await t.db.selectFrom('recharges').select('status').where('company_id', '=', 1).execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(
      new Set([RECHARGE.pending, RECHARGE.confirmed, RECHARGE.rejected]),
    );
    const confirmedWithoutEntry = await t.db
      .selectFrom('recharges')
      .select('recharges.id')
      .where('recharges.status', '=', RECHARGE.confirmed)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_entries')
              .select('ledger_entries.id')
              .where('ledger_entries.ref_type', '=', 'recharge')
              .whereRef('ledger_entries.ref_id', '=', 'recharges.id'),
          ),
        ),
      )
      .execute();
    expect(confirmedWithoutEntry).toEqual([]);
    const companies = await t.db.selectFrom('recharges').select('company_id').distinct().execute();
    expect(companies.length).toBeGreaterThanOrEqual(30);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });
});

describe('GET /api/v1/bankaccounts/balance and /receiving', () => {
  it('answers the merchant its own balance, by default and by its own coid and edition', async () => {
    for (const url of [
      '/api/v1/bankaccounts/balance',
      '/api/v1/bankaccounts/balance?coid=1',
      '/api/v1/bankaccounts/balance?coid=1&platformmark=1',
    ]) {
      const { body } = await call('merchant', 'GET', url);
      expect(body.code, body.message).toBe(OK);
      expect(body.content).toEqual({ balance: await balance(1, 1), companyId: 1, platformMark: 1 });
    }
    const { body } = await call('xgm', 'GET', '/api/v1/bankaccounts/balance?coid=2');
    expect(body.content).toEqual({ balance: await balance(2, 3), companyId: 2, platformMark: 3 });
    expect(body.content.balance).toBeGreaterThan(0);
  });

  it('refuses a merchant another company or another edition', async () => {
    expect((await call('merchant', 'GET', '/api/v1/bankaccounts/balance?coid=2')).status).toBe(403);
    expect((await call('merchant', 'GET', '/api/v1/bankaccounts/balance?coid=1&platformmark=3')).status).toBe(403);
    expect((await call('xgm', 'GET', '/api/v1/bankaccounts/balance?coid=1')).status).toBe(403);
  });

  it('answers staff any company in scope, 0 for an account without entries', async () => {
    const { body } = await call('caiwu', 'GET', '/api/v1/bankaccounts/balance?coid=1');
    expect(body.content).toEqual({ balance: await balance(1, 1), companyId: 1, platformMark: 1 });
    const empty = await call('caiwu', 'GET', '/api/v1/bankaccounts/balance?coid=3');
    expect(empty.body.content).toEqual({ balance: 0, companyId: 3, platformMark: 3 });
    const missing = await call('caiwu', 'GET', '/api/v1/bankaccounts/balance');
    expect(missing.body).toMatchObject({ code: BUSINESS, message: '请指定公司编号' });
    const bad = await call('caiwu', 'GET', '/api/v1/bankaccounts/balance?coid=1&platformmark=2');
    expect(bad.body).toMatchObject({ code: BUSINESS, message: '版本格式不正确' });
  });

  it('tells merchants to pay the one platform collection account 银行信息 shows (one source)', async () => {
    const information = await call('admin', 'GET', '/api/v1/bank/information');
    const platform = information.body.content.platformAccount;
    const expected = {
      accountName: platform.accountName,
      bankName: platform.branchName,
      accountNumber: platform.accountNumber,
    };
    expect((await call('merchant', 'GET', '/api/v1/bankaccounts/receiving')).body.content).toEqual(expected);
    expect((await call('xgm', 'GET', '/api/v1/bankaccounts/receiving')).body.content).toEqual(expected);
    expect((await call('caiwu', 'GET', '/api/v1/bankaccounts/receiving?platformmark=3')).body.content).toEqual(
      expected,
    );
    const bad = await call('caiwu', 'GET', '/api/v1/bankaccounts/receiving?platformmark=2');
    expect(bad.body).toMatchObject({ code: BUSINESS, message: '版本格式不正确' });
  });
});

describe('POST /api/v1/recharges', () => {
  it('creates a pending notice of the merchant’s company and edition', async () => {
    const created = await create('merchant', { amount: '500000000' });
    expect(created).toMatchObject({
      companyId: 1,
      companyName: '上海灵动科技有限公司',
      platformMark: 1,
      amount: 50_000 * YUAN,
      status: RECHARGE.pending,
      rejectReason: null,
      handleTime: null,
      remark: '三月服务费预存',
    });
    expect(created.voucherUrl).toBe(vouchers.merchant);
    expect(created.summary).toBe('上海灵动科技有限公司 充值 50,000.00 元');
    const row = await t.db.selectFrom('recharges').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(Number(row.applicant_id)).toBe(userIds.merchant);
    expect(await rechargeEntries(created.id)).toEqual([]);
  });

  it('refuses each bad amount with its message', async () => {
    const cases: [unknown, string][] = [
      [undefined, RECHARGE_MSG.amount],
      ['', RECHARGE_MSG.amount],
      ['12.5', RECHARGE_MSG.amount],
      [12.5, RECHARGE_MSG.amount],
      ['一百', RECHARGE_MSG.amount],
      [0, RECHARGE_MSG.amountPositive],
      [-10_000, RECHARGE_MSG.amountPositive],
      [1_000_000_000_100, RECHARGE_MSG.amountMax],
      [12_345, RECHARGE_MSG.amountFen],
    ];
    for (const [amount, message] of cases) {
      const refused = await refusal({ amount });
      expect(refused.message, String(amount)).toBe(message);
      expect(refused.errors).toEqual({ amount: message });
    }
    expect(RECHARGE_MSG.amountMax).toBe('单笔充值金额不能超过100,000,000.00元');
    // The largest amount allowed passes.
    await create('merchant', { amount: 1_000_000_000_000 });
  });

  it('refuses each bad field with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payerName: '' }, 'payerName', RECHARGE_MSG.payerName],
      [{ payerName: '张' }, 'payerName', RECHARGE_MSG.payerName],
      [{ payerName: '公'.repeat(65) }, 'payerName', RECHARGE_MSG.payerName],
      [{ payerAccount: '' }, 'payerAccount', MSG.bankAccount],
      [{ payerAccount: '12345678' }, 'payerAccount', MSG.bankAccount],
      [{ payerAccount: '6222-0210-0112' }, 'payerAccount', MSG.bankAccount],
      [{ payerAccount: '1'.repeat(33) }, 'payerAccount', MSG.bankAccount],
      [{ bankSerial: '' }, 'bankSerial', RECHARGE_MSG.bankSerial],
      [{ bankSerial: 'AB123' }, 'bankSerial', RECHARGE_MSG.bankSerial],
      [{ bankSerial: '流水号123456' }, 'bankSerial', RECHARGE_MSG.bankSerial],
      [{ bankSerial: 'A'.repeat(65) }, 'bankSerial', RECHARGE_MSG.bankSerial],
      [{ voucherUrl: '' }, 'voucherUrl', RECHARGE_MSG.voucher],
      [{ voucherUrl: undefined }, 'voucherUrl', RECHARGE_MSG.voucher],
      [{ voucherUrl: '/api-v1/dl?file=99999999&rn=x.png' }, 'voucherUrl', RECHARGE_MSG.voucherInvalid],
      [{ voucherUrl: 'https://example.com/x.png' }, 'voucherUrl', RECHARGE_MSG.voucherInvalid],
      [{ remark: '备'.repeat(129) }, 'remark', RECHARGE_MSG.remark],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await refusal(overrides);
      expect(refused.message, JSON.stringify(overrides)).toBe(message);
      expect(refused.errors).toEqual({ [field]: message });
    }
    expect(RECHARGE_MSG.voucher).toBe('请上传转账凭证');
  });

  it('refuses a voucher of another company, and an upload that is not an image', async () => {
    expect((await refusal({ voucherUrl: vouchers.xgm })).message).toBe(RECHARGE_MSG.voucherInvalid);
    const pdf = await upload('merchant', '凭证.pdf', fileBytes('pdf', 2048), 'annex');
    expect((await refusal({ voucherUrl: pdf })).message).toBe(RECHARGE_MSG.voucherInvalid);
  });

  it('reports every bad field at once, the first as the message', async () => {
    const refused = await refusal({ amount: 0, payerName: '', bankSerial: '1', voucherUrl: '' });
    expect(refused.message).toBe(RECHARGE_MSG.amountPositive);
    expect(refused.errors).toEqual({
      amount: RECHARGE_MSG.amountPositive,
      payerName: RECHARGE_MSG.payerName,
      bankSerial: RECHARGE_MSG.bankSerial,
      voucherUrl: RECHARGE_MSG.voucher,
    });
  });

  it('accepts a bank serial number once, across companies', async () => {
    const first = await create('merchant');
    expect((await refusal({ bankSerial: first.bankSerial })).message).toBe('该银行流水号已提交过');
    expect((await refusal({ bankSerial: first.bankSerial }, 'xgm')).message).toBe('该银行流水号已提交过');
    const seeded = await t.db
      .selectFrom('recharges')
      .select('bank_serial')
      .where('company_id', '=', 5)
      .executeTakeFirstOrThrow();
    expect((await refusal({ bankSerial: seeded.bank_serial })).message).toBe(RECHARGE_MSG.bankSerialTaken);
  });

  it('is for merchant accounts only', async () => {
    for (const as of ['caiwu', 'admin', 'kefu'] as const) {
      const { status } = await call(as, 'POST', '/api/v1/recharges', validBody('merchant'));
      expect(status, as).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/recharges', payload: validBody('merchant') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('merchant isolation', () => {
  let foreign: Recharge;
  beforeAll(async () => {
    foreign = await create('xgm', { amount: 1_000 * YUAN });
  });

  it('lists only the merchant’s own top-ups, whatever the query says', async () => {
    const { body } = await search('merchant', {}, { platformmark: 3 });
    expect(body.code, body.message).toBe(OK);
    const own = await t.db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(body.content.totalElements).toBe(Number(own.n));
    expect(body.content.content.every((row) => row.companyId === 1)).toBe(true);
    const bySerial = await search('merchant', { bankSerial: foreign.bankSerial });
    expect(bySerial.body.content.totalElements).toBe(0);
    const byName = await search('merchant', { coname: '杭州' });
    expect(byName.body).toMatchObject({ code: BUSINESS });
    expect(byName.body.message).toContain('不支持的查询条件');
  });

  it('refuses another company’s top-up by id, confirm and reject', async () => {
    expect((await call('merchant', 'GET', `/api/v1/recharges/${foreign.id}`)).status).toBe(403);
    expect((await call('merchant', 'PUT', `/api/v1/recharges/${foreign.id}/confirm`, {})).status).toBe(403);
    expect((await call('merchant', 'PUT', `/api/v1/recharges/${foreign.id}/reject`, { reason: 'x' })).status).toBe(403);
    const own = await call<Recharge>('xgm', 'GET', `/api/v1/recharges/${foreign.id}`);
    expect(own.body.content.id).toBe(foreign.id);
  });

  it('does not let a merchant confirm even its own top-up', async () => {
    const mine = await create('merchant');
    expect((await call('merchant', 'PUT', `/api/v1/recharges/${mine.id}/confirm`, {})).status).toBe(403);
    expect((await call('merchant', 'PUT', `/api/v1/recharges/${mine.id}/reject`, { reason: '自己' })).status).toBe(403);
    const row = await t.db.selectFrom('recharges').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(RECHARGE.pending);
  });

  it('keeps merchants out of the transaction flow', async () => {
    expect((await call('merchant', 'GET', '/api/v1/ledger/search?platformmark=1')).status).toBe(403);
  });
});

describe('finance: the fund management list', () => {
  it('needs an edition, and that edition’s code', async () => {
    expect((await search('caiwu')).body).toMatchObject({ code: BUSINESS, message: '请指定版本（platformmark）' });
    expect((await search('kefu', {}, { platformmark: 1 })).status).toBe(403);
  });

  it('lists one edition with its filters, matching the database', async () => {
    const created = await create('merchant', { amount: 777 * YUAN });
    const all = await search('caiwu', {}, { platformmark: 1 });
    const expected = await t.db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(all.body.content.totalElements).toBe(Number(expected.n));
    expect(all.body.content.content.every((row) => row.platformMark === 1)).toBe(true);
    // Newest first by default.
    expect(all.body.content.content[0].id).toBe(created.id);

    const bySerial = await search('caiwu', { bankSerial: created.bankSerial }, { platformmark: 1 });
    expect(bySerial.body.content.content.map((row) => row.id)).toEqual([created.id]);
    const byName = await search('caiwu', { coname: '灵动' }, { platformmark: 1 });
    expect(byName.body.content.content.length).toBeGreaterThan(0);
    expect(byName.body.content.content.every((row) => row.companyName?.includes('灵动'))).toBe(true);
    const pending = await search('caiwu', { status: 0 }, { platformmark: 1 });
    expect(pending.body.content.content.every((row) => row.status === 0)).toBe(true);
    const today = chinaTime().slice(0, 10);
    const byDay = await search('caiwu', { stime: today, etime: today }, { platformmark: 1 });
    expect(byDay.body.content.content.some((row) => row.id === created.id)).toBe(true);
    expect(byDay.body.content.content.every((row) => row.createTime.startsWith(today))).toBe(true);
    const half = await search('caiwu', { stime: today }, { platformmark: 1 });
    expect(half.body).toMatchObject({ code: BUSINESS, message: MSG.endRequired });
    const badStatus = await search('caiwu', { status: 7 }, { platformmark: 1 });
    expect(badStatus.body.code).toBe(BUSINESS);

    const small = await search('caiwu', {}, { platformmark: 3 });
    expect(small.body.content.content.length).toBeGreaterThan(0);
    expect(small.body.content.content.every((row) => row.platformMark === 3)).toBe(true);
    expect(small.body.content.content.some((row) => row.id === created.id)).toBe(false);
  });

  it('sorts by amount on request', async () => {
    const { body } = await search('caiwu', {}, { platformmark: 1, sort: 'amount,asc', size: 50 });
    const amounts = body.content.content.map((row) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });
});

describe('finance: confirm and reject', () => {
  it('credits the balance exactly once when two confirmations race', async () => {
    const created = await create('merchant', { amount: 3_210_000 });
    const before = await balance(1, 1);
    const answers = await Promise.all([
      call<Recharge>('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {}),
      call<Recharge>('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {}),
      call<Recharge>('admin', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {}),
    ]);
    const succeeded = answers.filter((answer) => answer.body.code === OK);
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((item) => item.body.code !== OK)) {
      expect(answer.body).toMatchObject({ code: BUSINESS, message: '该充值已处理' });
    }
    expect(succeeded[0].body.message).toBe('确认到账成功');
    expect(succeeded[0].body.content).toMatchObject({ id: created.id, status: RECHARGE.confirmed });
    expect(succeeded[0].body.content.handleTime).not.toBeNull();
    expect(await balance(1, 1)).toBe(before + 3_210_000);

    const entries = await rechargeEntries(created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ company_id: 1, platform_mark: 1, kind: LEDGER.recharge });
    expect(Number(entries[0].amount)).toBe(3_210_000);
    expect(Number(entries[0].balance_after)).toBe(before + 3_210_000);

    // Later clicks change nothing either.
    const again = await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {});
    expect(again.body).toMatchObject({ code: BUSINESS, message: '该充值已处理' });
    expect(
      (await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/reject`, { reason: '晚了' })).body.message,
    ).toBe('该充值已处理');
    expect(await balance(1, 1)).toBe(before + 3_210_000);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });

  it(`race kit: ${RACERS} parallel confirm / reject clicks credit at most once and end in one outcome`, async () => {
    const created = await create('merchant', { amount: 4_560_000 });
    const before = await balance(1, 1);
    let turn = 0;
    const { winners, refused } = await race(async () => {
      turn += 1;
      const who = turn % 3 === 0 ? 'admin' : 'caiwu';
      const answer =
        turn % 2 === 0
          ? await call<Recharge>(who, 'PUT', `/api/v1/recharges/${created.id}/confirm`, {})
          : await call<Recharge>(who, 'PUT', `/api/v1/recharges/${created.id}/reject`, { reason: '凭证不清晰' });
      return answer.body;
    });
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    for (const answer of refused) expect(answer.message).toBe('该充值已处理');
    const confirmed = winners[0].content.status === RECHARGE.confirmed;
    expect(await balance(1, 1)).toBe(before + (confirmed ? 4_560_000 : 0));
    expect(await rechargeEntries(created.id)).toHaveLength(confirmed ? 1 : 0);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });

  it('confirms a small-scale top-up into the small-scale account', async () => {
    const created = await create('xgm', { amount: 8_800 * YUAN });
    const before = await balance(2, 3);
    const { body } = await call<Recharge>('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {});
    expect(body.code, body.message).toBe(OK);
    expect(await balance(2, 3)).toBe(before + 8_800 * YUAN);
    const xgmBalance = await call('xgm', 'GET', '/api/v1/bankaccounts/balance');
    expect(xgmBalance.body.content.balance).toBe(before + 8_800 * YUAN);
  });

  it('needs a reason to reject, and a rejected top-up cannot be confirmed', async () => {
    const created = await create('merchant', { amount: 4_000 * YUAN });
    const before = await balance(1, 1);
    const missing = await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/reject`, {});
    expect(missing.body).toMatchObject({ code: BUSINESS, message: '请输入驳回原因' });
    const blank = await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/reject`, { reason: '   ' });
    expect(blank.body.message).toBe('请输入驳回原因');
    const long = await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/reject`, { reason: '长'.repeat(129) });
    expect(long.body.message).toBe(RECHARGE_MSG.rejectReasonMax);

    const rejected = await call<Recharge>('caiwu', 'PUT', `/api/v1/recharges/${created.id}/reject`, {
      reason: '未查询到该笔银行流水',
    });
    expect(rejected.body.code, rejected.body.message).toBe(OK);
    expect(rejected.body.content).toMatchObject({
      status: RECHARGE.rejected,
      rejectReason: '未查询到该笔银行流水',
      handlerName: '财务小张',
    });
    const confirm = await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {});
    expect(confirm.body).toMatchObject({ code: BUSINESS, message: '该充值已处理' });
    expect(await balance(1, 1)).toBe(before);
    expect(await rechargeEntries(created.id)).toEqual([]);

    const mine = await search('merchant', { status: RECHARGE.rejected });
    expect(mine.body.content.content.find((row) => row.id === created.id)?.rejectReason).toBe('未查询到该笔银行流水');
  });

  it('answers a missing top-up as a business error', async () => {
    const { body } = await call('caiwu', 'PUT', '/api/v1/recharges/99999999/confirm', {});
    expect(body).toMatchObject({ code: BUSINESS, message: RECHARGE_MSG.notFound });
  });
});

describe('GET /api/v1/ledger/search', () => {
  it('lists the confirmation’s entry with its company, reference and operator', async () => {
    const created = await create('merchant', { amount: 6_543_200 });
    await call('caiwu', 'PUT', `/api/v1/recharges/${created.id}/confirm`, {});
    const { body } = await call<Page<any>>(
      'caiwu',
      'GET',
      `/api/v1/ledger/search?platformmark=1&q=${encodeQ({ companyId: 1 })}`,
    );
    expect(body.code, body.message).toBe(OK);
    const entry = body.content.content[0];
    expect(entry).toMatchObject({
      companyId: 1,
      companyName: '上海灵动科技有限公司',
      platformMark: 1,
      kind: LEDGER.recharge,
      amount: 6_543_200,
      balanceAfter: await balance(1, 1),
      refType: 'recharge',
      refId: created.id,
      reference: `充值 #${created.id}`,
      operatorName: '财务小张',
      remark: `银行流水号 ${created.bankSerial}`,
    });
    const count = await t.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', 1)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(body.content.totalElements).toBe(Number(count.n));
  });

  it('pages without overlap in the time order, filters by kind, name and day', async () => {
    const first = await call<Page<any>>('admin', 'GET', '/api/v1/ledger/search?platformmark=1&size=5&page=0');
    const second = await call<Page<any>>('admin', 'GET', '/api/v1/ledger/search?platformmark=1&size=5&page=1');
    const ids = [...first.body.content.content, ...second.body.content.content].map((row) => row.id);
    expect(new Set(ids).size).toBe(10);
    const times = [...first.body.content.content, ...second.body.content.content].map((row) => `${row.createTime}`);
    expect(times).toEqual([...times].sort().reverse());

    const byKind = await call<Page<any>>(
      'admin',
      'GET',
      `/api/v1/ledger/search?platformmark=1&q=${encodeQ({ kind: 1 })}`,
    );
    expect(byKind.body.content.content.every((row) => row.kind === 1)).toBe(true);
    const badKind = await call('admin', 'GET', `/api/v1/ledger/search?platformmark=1&q=${encodeQ({ kind: 9 })}`);
    expect(badKind.body.code).toBe(BUSINESS);
    const byName = await call<Page<any>>(
      'admin',
      'GET',
      `/api/v1/ledger/search?platformmark=1&q=${encodeQ({ coname: '灵动科技' })}`,
    );
    expect(byName.body.content.content.length).toBeGreaterThan(0);
    expect(byName.body.content.content.every((row) => row.companyName.includes('灵动科技'))).toBe(true);
    const today = chinaTime().slice(0, 10);
    const byDay = await call<Page<any>>(
      'admin',
      'GET',
      `/api/v1/ledger/search?platformmark=1&q=${encodeQ({ stime: today, etime: today })}`,
    );
    expect(byDay.body.content.content.length).toBeGreaterThan(0);
    expect(byDay.body.content.content.every((row) => row.createTime.startsWith(today))).toBe(true);
    const small = await call<Page<any>>('admin', 'GET', '/api/v1/ledger/search?platformmark=3');
    expect(small.body.content.content.every((row) => row.platformMark === 3)).toBe(true);
  });

  it('needs that edition’s code', async () => {
    expect((await call('caiwu', 'GET', '/api/v1/ledger/search')).body.message).toBe('请指定版本（platformmark）');
    // caiwu holds UI_TRANSACTION_FLOW but not UI_XGM_TRANSACTION_FLOW.
    expect((await call('caiwu', 'GET', '/api/v1/ledger/search?platformmark=3')).status).toBe(403);
    expect((await call('kefu', 'GET', '/api/v1/ledger/search?platformmark=1')).status).toBe(403);
  });
});

describe('department scope (kefu: departments 1 and 2)', () => {
  const inDepartments = async (companyIds: number[]) => {
    const rows = await t.db
      .selectFrom('companies')
      .select(['id', 'department_id'])
      .where('id', 'in', companyIds.length ? companyIds : [-1])
      .execute();
    return rows.every((row) => row.department_id === 1 || row.department_id === 2);
  };

  beforeAll(async () => {
    await t.db
      .insertInto('user_authorities')
      .values(['UI_FUND_MANAGEMENT', 'UI_TRANSACTION_FLOW'].map((authority) => ({ user_id: userIds.kefu, authority })))
      .execute();
  });

  it('lists top-ups and ledger entries of the departments’ companies only', async () => {
    const { body } = await search('kefu', {}, { platformmark: 1 });
    expect(body.code, body.message).toBe(OK);
    const expected = await t.db
      .selectFrom('recharges')
      .innerJoin('companies', 'companies.id', 'recharges.company_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recharges.platform_mark', '=', 1)
      .where('companies.department_id', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    expect(body.content.totalElements).toBe(Number(expected.n));
    expect(await inDepartments(body.content.content.map((row) => row.companyId))).toBe(true);
    const all = await search('caiwu', {}, { platformmark: 1 });
    expect(all.body.content.totalElements).toBeGreaterThan(body.content.totalElements);

    const ledger = await call<Page<any>>('kefu', 'GET', '/api/v1/ledger/search?platformmark=1&size=1000');
    expect(ledger.body.code, ledger.body.message).toBe(OK);
    expect(ledger.body.content.content.length).toBeGreaterThan(0);
    expect(await inDepartments(ledger.body.content.content.map((row: { companyId: number }) => row.companyId))).toBe(
      true,
    );
  });

  it('refuses a company outside the departments: by id, confirm and balance', async () => {
    const outside = await t.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('platform_mark', '=', 1)
      .where('department_id', 'not in', [1, 2])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('recharges')
      .values({
        company_id: Number(outside.id),
        platform_mark: 1,
        amount: 100 * YUAN,
        payer_name: outside.name.slice(0, 64),
        payer_account: '6222021001122334455',
        bank_serial: nextSerial(),
        voucher_url: '',
        remark: null,
        status: RECHARGE.pending,
        reject_reason: null,
        applicant_id: 0,
        handler_id: null,
        handle_time: null,
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    expect((await call('kefu', 'GET', `/api/v1/recharges/${id}`)).status).toBe(403);
    expect((await call('kefu', 'PUT', `/api/v1/recharges/${id}/confirm`, {})).status).toBe(403);
    expect((await call('kefu', 'GET', `/api/v1/bankaccounts/balance?coid=${outside.id}`)).status).toBe(403);
    expect(await rechargeEntries(id)).toEqual([]);
    // Finance without a department scope may.
    expect((await call('caiwu', 'PUT', `/api/v1/recharges/${id}/confirm`, {})).body.code).toBe(OK);
  });

  it('confirms within the departments, but only in the edition it holds the code of', async () => {
    const own = await create('merchant', { amount: 50 * YUAN });
    const { body } = await call('kefu', 'PUT', `/api/v1/recharges/${own.id}/confirm`, {});
    expect(body.code, body.message).toBe(OK);
    const small = await create('xgm', { amount: 60 * YUAN });
    expect((await call('kefu', 'PUT', `/api/v1/recharges/${small.id}/confirm`, {})).status).toBe(403);
    expect((await search('kefu', {}, { platformmark: 3 })).status).toBe(403);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });
});

describe('the transaction flow at a few thousand entries (both query plans)', () => {
  const BULK = 3000;

  beforeAll(async () => {
    const companies = await t.db.selectFrom('companies').select('id').where('platform_mark', '=', 1).execute();
    const base = Date.parse('2025-01-01T00:00:00Z');
    // Pairs that cancel out (a payout and its refund), so every balance still equals its entries.
    const rows = Array.from({ length: BULK }, (_, index) => ({
      company_id: Number(companies[Math.floor(index / 2) % companies.length].id),
      platform_mark: 1,
      kind: index % 2 === 0 ? LEDGER.payout : LEDGER.refund,
      amount: index % 2 === 0 ? -100 : 100,
      balance_after: 0,
      ref_type: 'item',
      ref_id: 900_000 + index,
      operator_id: null,
      remark: null,
      // Some share a second: id breaks the tie.
      create_time: chinaTime(base + Math.floor(index / 3) * 60_000),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.db
        .insertInto('ledger_entries')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  });

  /** The expected page straight from the database: newest first, id breaking ties. */
  async function oracle(where: { departmentIds?: number[]; name?: string; companyId?: number }, offset: number) {
    const rows = await t.db
      .selectFrom('ledger_entries')
      .innerJoin('companies', 'companies.id', 'ledger_entries.company_id')
      .select(['ledger_entries.id', 'ledger_entries.create_time', 'companies.department_id', 'companies.name'])
      .where('ledger_entries.platform_mark', '=', 1)
      .$if(where.companyId !== undefined, (query) => query.where('ledger_entries.company_id', '=', where.companyId!))
      .execute();
    const matching = rows
      .filter((row) => !where.departmentIds || where.departmentIds.includes(row.department_id ?? -1))
      .filter((row) => !where.name || row.name.includes(where.name))
      .sort((a, b) =>
        a.create_time === b.create_time ? Number(b.id) - Number(a.id) : a.create_time < b.create_time ? 1 : -1,
      );
    return { total: matching.length, ids: matching.slice(offset, offset + 50).map((row) => Number(row.id)) };
  }

  async function page(as: Account, q: Record<string, unknown>, number: number) {
    const encoded = encodeQ(q);
    const { body } = await call<Page<{ id: number }>>(
      as,
      'GET',
      `/api/v1/ledger/search?platformmark=1&size=50&page=${number}${encoded ? `&q=${encoded}` : ''}`,
    );
    expect(body.code, body.message).toBe(OK);
    return { total: body.content.totalElements, ids: body.content.content.map((row) => row.id) };
  }

  it('pages a department scope with many entries exactly like the database orders them', async () => {
    for (const number of [0, 7]) {
      const expected = await oracle({ departmentIds: [1, 2] }, number * 50);
      expect(expected.total).toBeGreaterThan(2000);
      expect(await page('kefu', {}, number)).toEqual(expected);
    }
  });

  it('pages a broad name and a single company the same way', async () => {
    const broad = await oracle({ name: '科技' }, 50);
    expect(await page('admin', { coname: '科技' }, 1)).toEqual(broad);
    const one = await oracle({ companyId: 1 }, 0);
    expect(one.total).toBeLessThan(2000);
    expect(await page('admin', { companyId: 1 }, 0)).toEqual(one);
    const all = await oracle({}, 50 * 20);
    expect(await page('caiwu', {}, 20)).toEqual(all);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });
});
