import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankChannel } from '../../server/finance/bank/bankChannel';
import { DEV_PLATFORM_ACCOUNT } from '../../server/finance/bank/devBank';
import { startReconciliationJob, yesterday } from '../../server/finance/reconciliationJob';
import { postEntries } from '../../server/money/ledger/ledger';
import { DIRECTION, RECON_RUN, RESULT, SUB_ACCOUNT, TRIGGER, UNATTRIBUTED } from '../../src/domain/finance';
import { LEDGER } from '../../src/domain/moneyEnums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Reconciliation and bank: the development bank's books against the ledger, 无法归属资金
 * attributed (a ledger entry in the status change's transaction, once) or returned, sub-accounts and balances,
 * the spec §7 bank calls, and the daily job.
 */
let test: TestApp;
let caiwu: AuthedClient;

beforeAll(async () => {
  test = await createTestApp();
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
});
afterAll(async () => test?.close());

function json(client: AuthedClient, method: 'POST' | 'PATCH', url: string, payload?: unknown) {
  return client({ method, url, payload: payload as Record<string, unknown> });
}

async function balanceOf(companyId: number, mark = 1): Promise<number> {
  const row = await test.db
    .selectFrom('accounts')
    .select('balance')
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', mark)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** The bank's own books, summed here independently of the code under test. */
async function bankBookBalance(accountNumber: string): Promise<number> {
  const rows = await test.db
    .selectFrom('bank_transactions')
    .select(['direction', 'amount'])
    .where('account_number', '=', accountNumber)
    .execute();
  return rows.reduce((sum, row) => sum + (Number(row.direction) === 1 ? Number(row.amount) : -Number(row.amount)), 0);
}

async function pendingFunds() {
  const answer = envelopeOf(
    await caiwu.get('/api/v1/unattributedfunds/search?q=status:0&page=0&size=50&sort=arriveTime,asc'),
  );
  expect(answer.code).toBe(1020000);
  return answer.content.content as Record<string, any>[];
}

async function firstCompany() {
  const row = await test.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('platform_mark', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), name: row.name };
}

describe('无法归属资金', () => {
  it('lists the deposits on the collection account that match no top-up', async () => {
    const funds = await pendingFunds();
    expect(funds).toHaveLength(4);
    const planted = await test.db
      .selectFrom('bank_transactions')
      .select(['serial', 'amount'])
      .where('account_number', '=', DEV_PLATFORM_ACCOUNT.accountNumber)
      .where('direction', '=', DIRECTION.credit)
      .orderBy('value_time')
      .execute();
    expect(funds.map((fund) => [fund.bankSerial, fund.amount])).toEqual(
      planted.map((row) => [row.serial, Number(row.amount)]),
    );
  });

  it('attributes a deposit: the company balance rises by exactly its amount, once, even under concurrency', async () => {
    const company = await firstCompany();
    const [fund] = await pendingFunds();
    const before = await balanceOf(company.id);
    const sub = await bankChannel(test.db).subAccountOf(company.id, 1);
    if (!sub) throw new Error('no sub-account');
    const bankBefore = await bankBookBalance(sub.accountNumber);
    const body = { companyId: company.id, platformmark: 1, remark: '付款人电话确认为该企业' };
    const answers = await Promise.all([
      json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/attribute`, body),
      json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/attribute`, body),
    ]);
    const envelopes = answers.map((answer) => envelopeOf(answer));
    expect(envelopes.filter((e) => e.code === 1020000)).toHaveLength(1);
    expect(envelopes.find((e) => e.code !== 1020000)?.message).toBe('该笔资金已处理，请刷新后查看');
    expect(await balanceOf(company.id)).toBe(before + fund.amount);
    const entries = await test.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref_type', '=', 'deposit')
      .where('ref_id', '=', fund.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: LEDGER.recharge });
    expect(Number(entries[0].amount)).toBe(fund.amount);
    // The bank moved the deposit into the company's sub-account, once.
    expect(await bankBookBalance(sub.accountNumber)).toBe(bankBefore + fund.amount);
    const row = await test.db
      .selectFrom('unattributed_funds')
      .selectAll()
      .where('id', '=', fund.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: UNATTRIBUTED.attributed, remark: '付款人电话确认为该企业' });
    expect(Number(row.company_id)).toBe(company.id);
    const again = envelopeOf(await json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/return`, { reason: 'x' }));
    expect(again.message).toBe('该笔资金已处理，请刷新后查看');
  });

  it('returns a deposit to its payer through the bank', async () => {
    const [fund] = await pendingFunds();
    const empty = envelopeOf(await json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/return`, {}));
    expect(empty.message).toBe('请填写退回原因');
    const answer = envelopeOf(
      await json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/return`, { reason: '付款人误转' }),
    );
    expect(answer.code).toBe(1020000);
    const debit = await test.db
      .selectFrom('bank_transactions')
      .selectAll()
      .where('serial', '=', answer.content.returnSerial)
      .executeTakeFirstOrThrow();
    expect(debit).toMatchObject({ direction: DIRECTION.debit, counterparty_name: fund.payerName });
    expect(Number(debit.amount)).toBe(fund.amount);
    expect(await pendingFunds()).toHaveLength(2);
  });

  it('validates attribution input', async () => {
    const [fund] = await pendingFunds();
    const cases: [unknown, string][] = [
      [{}, '请选择归属企业'],
      [{ companyId: 'abc' }, '企业编号格式不正确'],
      [{ companyId: 999_999 }, '公司不存在'],
      [{ companyId: 1, platformmark: 9 }, '版本格式不正确'],
    ];
    for (const [body, message] of cases) {
      const answer = envelopeOf(await json(caiwu, 'POST', `/api/v1/unattributedfunds/${fund.id}/attribute`, body));
      expect(answer.message, JSON.stringify(body)).toBe(message);
    }
    expect((await caiwu({ method: 'POST', url: `/api/v1/unattributedfunds/x/attribute` })).statusCode).toBeLessThan(
      500,
    );
  });
});

describe('资金对账', () => {
  it('the seed left a run per day of the last week', async () => {
    const answer = envelopeOf(await caiwu.get('/api/v1/reconciliation/runs/search?page=0&size=50'));
    expect(answer.code).toBe(1020000);
    const seeded = (answer.content.content as Record<string, any>[]).filter((run) => run.trigger === TRIGGER.seed);
    expect(seeded).toHaveLength(7);
    expect(seeded.every((run) => run.status === RECON_RUN.balanced || run.status === RECON_RUN.differences)).toBe(true);
  });

  it('finds matched lines, bank-only deposits and ledger-only top-ups of a day; running again replaces the day', async () => {
    const day = '2021-03-15';
    const company = await firstCompany();
    const sub = await bankChannel(test.db).subAccountOf(company.id, 1);
    if (!sub) throw new Error('no sub-account');
    // A top-up the bank received and finance confirmed: matched.
    const recharge = await test.db
      .insertInto('recharges')
      .values({
        company_id: company.id,
        platform_mark: 1,
        amount: 2_000_000,
        payer_name: company.name,
        payer_account: '6222000011112222',
        bank_serial: 'SER20210315A',
        voucher_url: '/v.png',
        status: 1,
        applicant_id: 1,
        handler_id: 1,
        handle_time: `${day} 10:00:00`,
        create_time: `${day} 09:00:00`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.db.transaction().execute((tx) =>
      postEntries(
        tx,
        { companyId: company.id, platformMark: 1 },
        [
          {
            kind: LEDGER.recharge,
            amount: 2_000_000,
            refType: 'recharge',
            refId: Number(recharge.id),
            operatorId: 1,
          },
        ],
        `${day} 10:00:00`,
      ),
    );
    // A ledger top-up without any money at the bank: ledger only.
    await test.db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          { companyId: company.id, platformMark: 1 },
          [{ kind: LEDGER.recharge, amount: 70_000, refType: 'recharge', refId: 987_654, operatorId: 1 }],
          `${day} 11:00:00`,
        ),
      );
    // Money on the sub-account the platform never recorded: bank only.
    await test.db
      .insertInto('bank_transactions')
      .values({
        serial: 'TESTX20210315',
        account_number: sub.accountNumber,
        direction: DIRECTION.credit,
        amount: 30_000,
        counterparty_name: '某付款人',
        counterparty_account: '1234',
        reference: 'NOPE',
        memo: null,
        value_day: day,
        value_time: `${day} 12:00:00`,
      })
      .execute();
    const run = envelopeOf(await json(caiwu, 'POST', '/api/v1/reconciliation/run', { day }));
    expect(run.code).toBe(1020000);
    expect(run.content).toMatchObject({ matched: 1, bankOnly: 1, ledgerOnly: 1, status: RECON_RUN.differences });
    const items = envelopeOf(await caiwu.get(`/api/v1/reconciliation/items?day=${day}&page=0&size=50`));
    const byResult = (result: number) =>
      (items.content.content as Record<string, any>[]).filter((item) => item.result === result);
    expect(byResult(RESULT.matched)).toMatchObject([
      { reference: 'SER20210315A', bankAmount: 2_000_000, ledgerAmount: 2_000_000 },
    ]);
    expect(byResult(RESULT.bankOnly)).toMatchObject([{ reference: 'NOPE', bankAmount: 30_000, ledgerAmount: 0 }]);
    expect(byResult(RESULT.ledgerOnly)).toMatchObject([{ reference: '充值 #987654', ledgerAmount: 70_000 }]);
    const onlyBank = envelopeOf(await caiwu.get(`/api/v1/reconciliation/items?day=${day}&q=result:2&page=0&size=50`));
    expect(onlyBank.content.totalElements).toBe(1);

    const again = envelopeOf(await json(caiwu, 'POST', '/api/v1/reconciliation/run', { day }));
    expect(again.content.runId).toBeGreaterThan(run.content.runId);
    const lines = await test.db
      .selectFrom('reconciliation_items')
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(lines.n)).toBe(3);
  });

  it('validates the day and refuses other roles', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const [day, message] of [
      [today, '只能对已结束的日期对账'],
      ['2021-02-30x', '对账日期格式不正确'],
      ['', '请选择对账日期'],
    ]) {
      expect(envelopeOf(await json(caiwu, 'POST', '/api/v1/reconciliation/run', { day })).message).toBe(message);
    }
    const merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
    for (const url of [
      '/api/v1/reconciliation/runs/search?page=0&size=10',
      '/api/v1/unattributedfunds/search?page=0&size=10',
      '/api/v1/bankaccounts/subaccounts/search?page=0&size=10',
      '/api/v1/bankaccounts/balancesheet/search?page=0&size=10',
      '/api/v1/bank/information',
    ]) {
      expect((await merchant.get(url)).statusCode, url).toBe(403);
    }
  });

  it('the daily job runs by itself, once per day, and leaves its run', async () => {
    const bank = bankChannel(test.db);
    const job = startReconciliationJob(test.db, { bank }, '* * * * * *', (error) => {
      throw error;
    });
    try {
      const deadline = Date.now() + 5_000;
      let runs: unknown[] = [];
      while (Date.now() < deadline && runs.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        runs = await test.db
          .selectFrom('reconciliation_runs')
          .selectAll()
          .where('trigger', '=', TRIGGER.auto)
          .where('day', '=', yesterday())
          .where('finish_time', 'is not', null)
          .execute();
      }
      expect(runs.length).toBe(1);
      // It fires every second here; the day already has its automatic run, so later ticks add none.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const after = await test.db
        .selectFrom('reconciliation_runs')
        .select('id')
        .where('trigger', '=', TRIGGER.auto)
        .where('day', '=', yesterday())
        .execute();
      expect(after).toHaveLength(1);
    } finally {
      job?.stop();
    }
  });
});

describe('子账户与银行信息', () => {
  it('syncs balances: every sub-account’s bank balance is the bank’s books', async () => {
    const answer = envelopeOf(await json(caiwu, 'PATCH', '/api/v1/bankaccounts/bank/syncbalance'));
    expect(answer.code).toBe(1020000);
    const list = envelopeOf(await caiwu.get('/api/v1/bankaccounts/subaccounts/search?page=0&size=200'));
    expect(list.content.totalElements).toBe(answer.content.count);
    for (const row of (list.content.content as Record<string, any>[]).slice(0, 10)) {
      expect(row.bankBalance).toBe(await bankBookBalance(row.accountNumber));
    }
    const company = await firstCompany();
    const status = envelopeOf(await caiwu.get(`/api/v1/accounts/status/${company.id}?platformmark=1`));
    expect(status.content).toMatchObject({ statusName: '正常' });
    const balance = envelopeOf(
      await caiwu.get(`/api/v1/bankaccounts/bank/balance?bacc=${status.content.accountNumber}`),
    );
    expect(balance.content.bankBalance).toBe(await bankBookBalance(status.content.accountNumber));
    expect(balance.content.ledgerBalance).toBe(await balanceOf(company.id));
  });

  it('sets a sub-account password with the bank; refuses bad ones', async () => {
    const company = await firstCompany();
    const status = envelopeOf(await caiwu.get(`/api/v1/accounts/status/${company.id}`));
    const url = `/api/v1/accounts/${status.content.accountNumber}/password`;
    const cases: [unknown, string][] = [
      [{ password: '12345', repassword: '12345' }, '请输入6位数字密码'],
      [{ password: '135790', repassword: '135791' }, '两次输入的密码不一致'],
      [{ password: '111111', repassword: '111111' }, '密码过于简单，请勿使用连续或相同的数字'],
      [{ password: '123456', repassword: '123456' }, '密码过于简单，请勿使用连续或相同的数字'],
    ];
    for (const [body, message] of cases)
      expect(envelopeOf(await json(caiwu, 'PATCH', url, body)).message).toBe(message);
    const done = envelopeOf(await json(caiwu, 'PATCH', url, { password: '135790', repassword: '135790' }));
    expect(done.message).toBe('子账户密码已设置');
    const row = await test.db
      .selectFrom('bank_sub_accounts')
      .select(['password_hash'])
      .where('account_number', '=', status.content.accountNumber)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2[aby]\$/);
    expect(
      envelopeOf(
        await json(caiwu, 'PATCH', '/api/v1/accounts/999999999/password', { password: '135790', repassword: '135790' }),
      ).message,
    ).toBe('子账户不存在');
  });

  it('lists the sub-accounts being closed, and the bank information page’s totals', async () => {
    const closing = await test.db
      .selectFrom('bank_sub_accounts')
      .select(['account_number', 'platform_mark'])
      .where('status', '=', SUB_ACCOUNT.closing)
      .execute();
    expect(closing.length).toBeGreaterThan(0);
    const mark = Number(closing[0].platform_mark);
    const ongoing = envelopeOf(await caiwu.get(`/api/v1/closingaccounts/platform/${mark}/ongoing`));
    expect((ongoing.content as { accountNumber: string }[]).map((row) => row.accountNumber)).toContain(
      closing[0].account_number,
    );
    envelopeOf(await json(caiwu, 'PATCH', '/api/v1/bankaccounts/bank/syncbalance'));
    const info = envelopeOf(await caiwu.get('/api/v1/bank/information'));
    expect(info.content.platformAccount.accountNumber).toBe(DEV_PLATFORM_ACCOUNT.accountNumber);
    const standard = info.content.editions.find((row: { platformMark: number }) => row.platformMark === 1);
    // The bank side as of that sync, summed here from the development bank's own statement.
    const bankSide = await test.db
      .selectFrom('bank_transactions')
      .innerJoin('bank_sub_accounts', 'bank_sub_accounts.account_number', 'bank_transactions.account_number')
      .select(sql<string>`SUM(CASE WHEN direction = 1 THEN amount ELSE -amount END)`.as('total'))
      .where('bank_sub_accounts.platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(standard.bankBalance).toBe(Number(bankSide.total));
    const subs = await test.db
      .selectFrom('bank_sub_accounts')
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(standard.subAccountCount).toBe(Number(subs.n));
    expect(standard.difference).toBe(standard.bankBalance - standard.syncedLedgerBalance);
    const ledger = await test.db
      .selectFrom('accounts')
      .select(sql<string>`SUM(balance)`.as('total'))
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(standard.ledgerBalance).toBe(Number(ledger.total));
    expect(standard.syncedLedgerBalance).toBe(Number(ledger.total));
    expect(info.content.unattributedCount).toBe((await pendingFunds()).length);
  });
});
