import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql } from 'kysely';
import {
  DAY_PATTERN,
  RECON_RESULT,
  SUB_ACCOUNT,
  SUB_ACCOUNT_STATUS,
  TRIGGER,
  UNATTRIBUTED,
} from '../../src/domain/finance';
import type { AppServices } from '../appServices';
import { holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyInScope, companyScope, parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import { assertEditionAccess, type EditionCodes, editionParam } from '../money/editionAccess';
import { editionLedgerTotal } from '../statistics/rollups';
import { withRunClaim } from '../system/runClaims';
import { withCallLog } from '../thirdparty/outboundCalls';
import { type BankChannel, bankChannel } from './bank/bankChannel';
import {
  accountStatusSchema,
  attributeSchema,
  balanceSchema,
  closingSchema,
  informationSchema,
  itemsSchema,
  passwordSchema,
  reconcileSchema,
  returnSchema,
  syncBalanceSchema,
} from './finance.schemas';
import { reconcileDay } from './reconciliation.service';
import {
  DEFAULT_RECONCILE_CRON,
  reconciliationClaim,
  reconciliationJob,
  startReconciliationJob,
} from './reconciliationJob';
import { attributeDeposit, returnDeposit } from './unattributed.service';

/**
 * The bank side of finance beside the engine's lists (bank.binding.ts):
 * - spec §7: GET /api/v1/bankaccounts/bank/balance?bacc= (one account's bank balance against the ledger),
 *   PATCH /api/v1/bankaccounts/bank/syncbalance (every sub-account's bank balance copied and compared),
 *   GET /api/v1/accounts/status/{companyId}?platformmark=, PATCH /api/v1/accounts/{childAccountNumber}/password,
 *   GET /api/v1/closingaccounts/platform/{mark}/ongoing (sub-accounts being closed; 资金管理 of that edition reads it
 *   too, to know which companies' accounts take no more top-ups);
 * - GET /api/v1/bank/information (银行信息), POST /api/v1/reconciliation/run {day},
 *   GET /api/v1/reconciliation/items?day=&q=result:…, POST /api/v1/unattributedfunds/{id}/attribute
 *   {companyId, platformmark, remark}, POST /api/v1/unattributedfunds/{id}/return {reason}.
 * The daily reconciliation job starts with the server (reconciliationJob.ts).
 */
const CODES = {
  bankInfo: ['UI_BANK_INFORMATION', 'UI_SUB_ACCOUNT_QUERY', 'UI_BALANCE_SHEET'],
  subAccounts: ['UI_SUB_ACCOUNT_QUERY'],
  reconciliation: ['UI_FUND_RECONCILIATION'],
  unattributed: ['UI_NO_ATTRIBUTABLE_FUNDS'],
} as const;
/** 资金管理 of each edition lists the closings under way of its own edition (a closing account takes no top-up). */
const FUND_MANAGEMENT: EditionCodes = { 1: ['UI_FUND_MANAGEMENT'], 3: ['UI_XGM_FUND_MANAGEMENT'] };
const access = (codes: readonly string[], schema: FastifySchema) => ({
  config: { access: { permissions: [...codes] } },
  schema,
});

/** The body, an object or none by its schema (finance.schemas.ts). */
function text(raw: unknown, max: number, label: string): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if ([...value].length > max) fail(`${label}不能超过${max}个字`);
  return value;
}

function dayOf(raw: unknown): string {
  const day = typeof raw === 'string' ? raw.trim() : '';
  if (!day) fail('请选择对账日期');
  if (!DAY_PATTERN.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) fail('对账日期格式不正确');
  if (day >= chinaTime().slice(0, 10)) fail('只能对已结束的日期对账');
  return day;
}

/**
 * Copies every sub-account's bank balance next to its ledger balance (bank_account_syncs), and keeps what the
 * sync found per edition (bank_sync_totals, 0 = the collection account), which 银行信息 shows.
 */
export async function syncBalances(app: { db: AppServices['db']; bank: BankChannel }) {
  const { db, bank } = app;
  const [subAccounts, balances, ledger] = await Promise.all([
    bank.subAccounts(),
    bank.balances(),
    db.selectFrom('accounts').select(['company_id', 'platform_mark', 'balance']).execute(),
  ]);
  const ledgerOf = new Map(ledger.map((row) => [`${row.company_id}:${row.platform_mark}`, Number(row.balance)]));
  const now = chinaTime();
  let differences = 0;
  const totals = new Map<number, { subs: number; closing: number; bank: number; ledger: number }>(
    [0, 1, 3].map((mark) => [mark, { subs: 0, closing: 0, bank: 0, ledger: 0 }]),
  );
  const ledgerByMark = new Map<number, number>();
  for (const row of ledger) {
    ledgerByMark.set(
      Number(row.platform_mark),
      (ledgerByMark.get(Number(row.platform_mark)) ?? 0) + Number(row.balance),
    );
  }
  for (const sub of subAccounts) {
    const bankBalance = balances.get(sub.accountNumber) ?? 0;
    const ledgerBalance = ledgerOf.get(`${sub.companyId}:${sub.platformMark}`) ?? 0;
    if (bankBalance !== ledgerBalance) differences += 1;
    const total = totals.get(sub.platformMark) ?? { subs: 0, closing: 0, bank: 0, ledger: 0 };
    total.subs += 1;
    if (sub.status === SUB_ACCOUNT.closing) total.closing += 1;
    total.bank += bankBalance;
    totals.set(sub.platformMark, total);
    await db
      .insertInto('bank_account_syncs')
      .values({
        account_number: sub.accountNumber,
        bank_balance: bankBalance,
        ledger_balance: ledgerBalance,
        sync_time: now,
      })
      .onConflict((conflict) =>
        conflict
          .column('account_number')
          .doUpdateSet({ bank_balance: bankBalance, ledger_balance: ledgerBalance, sync_time: now }),
      )
      .execute();
  }
  totals.get(0)!.bank = balances.get(bank.platformAccount.accountNumber) ?? 0;
  for (const [mark, total] of totals) {
    // Every account of the edition counts on the ledger side, with a sub-account or not yet.
    const values = {
      sub_account_count: total.subs,
      closing_count: total.closing,
      bank_balance: total.bank,
      ledger_balance: mark === 0 ? 0 : (ledgerByMark.get(mark) ?? 0),
      sync_time: now,
    };
    await db
      .insertInto('bank_sync_totals')
      .values({ platform_mark: mark, ...values })
      .onConflict((conflict) => conflict.column('platform_mark').doUpdateSet(values))
      .execute();
  }
  return { count: subAccounts.length, differences, syncTime: now };
}

export async function bankRoutes(app: FastifyInstance, { db, jobs, payoutChannel }: AppServices): Promise<void> {
  // Every call to the bank is logged as a call out (server/thirdparty), the sub-account password masked.
  const channel = bankChannel(db);
  const bank = withCallLog(
    db,
    channel,
    { service: 'bank', provider: channel.name, enterpriseId: null },
    {
      subAccounts: [],
      subAccount: ['accountNumber'],
      subAccountOf: ['companyId', 'platformMark'],
      balances: [],
      statement: ['day'],
      setPassword: ['accountNumber', 'password', 'now'],
      transferToSubAccount: ['input'],
      returnToPayer: ['input'],
    },
  );
  const reconcileCron = process.env.RECONCILE_CRON ?? DEFAULT_RECONCILE_CRON;
  const sources = { bank, payoutChannel };
  jobs.define(reconciliationJob(db, sources, reconcileCron));
  jobs.schedule('reconciliation', () =>
    startReconciliationJob(db, sources, reconcileCron, (error) => app.log.error({ err: error }, '每日对账失败')),
  );

  app.get('/api/v1/bankaccounts/bank/balance', access(CODES.bankInfo, balanceSchema), async (request) => {
    const auth = requireAuth(request);
    const bacc = text((request.query as Record<string, unknown>).bacc, 32, '账号');
    if (!bacc) fail('请指定银行账号（bacc）');
    const balances = await bank.balances();
    if (bacc === bank.platformAccount.accountNumber) {
      const ledger = await db
        .selectFrom('accounts')
        .select(sql<string>`COALESCE(SUM(balance), 0)`.as('total'))
        .executeTakeFirstOrThrow();
      const total = [...balances.values()].reduce((sum, value) => sum + value, 0);
      return ok({
        accountNumber: bacc,
        accountName: bank.platformAccount.accountName,
        bankBalance: total,
        collectionBalance: balances.get(bacc) ?? 0,
        ledgerBalance: Number(ledger.total),
      });
    }
    const sub = await bank.subAccount(bacc);
    if (!sub) fail('银行账号不存在');
    await assertCompanyVisible(db, auth, sub.companyId);
    const ledger = await db
      .selectFrom('accounts')
      .select('balance')
      .where('company_id', '=', sub.companyId)
      .where('platform_mark', '=', sub.platformMark)
      .executeTakeFirst();
    const bankBalance = balances.get(bacc) ?? 0;
    const ledgerBalance = Number(ledger?.balance ?? 0);
    return ok({ ...sub, bankBalance, ledgerBalance, difference: bankBalance - ledgerBalance });
  });

  app.patch('/api/v1/bankaccounts/bank/syncbalance', access(CODES.bankInfo, syncBalanceSchema), async (request) => {
    const auth = requireAuth(request);
    const claim = { job: 'bankBalanceSync', label: '同步余额', operator: auth.displayName };
    const result = await withRunClaim(db, claim, () => syncBalances({ db, bank }));
    await recordOperation(db, request, auth, {
      action: '同步银行余额',
      resource: 'subAccountQuery',
      changes: { count: [null, result.count], differences: [null, result.differences] },
    });
    return ok(
      result,
      result.differences
        ? `已同步 ${result.count} 个子账户，${result.differences} 个与账本余额不一致`
        : `已同步 ${result.count} 个子账户，余额与账本一致`,
    );
  });

  app.get('/api/v1/accounts/status/:id', access(CODES.bankInfo, accountStatusSchema), async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { id: string }).id, '企业编号');
    const query = request.query as Record<string, unknown>;
    const mark = query.platformmark === undefined || query.platformmark === '' ? 1 : editionParam(query.platformmark);
    await assertCompanyVisible(db, auth, companyId);
    const sub = await bank.subAccountOf(companyId, mark);
    if (!sub) fail('该企业尚未开立子账户');
    return ok({
      accountNumber: sub.accountNumber,
      accountName: sub.accountName,
      status: sub.status,
      statusName: SUB_ACCOUNT_STATUS.find((item) => item.id === sub.status)?.name ?? '',
      openTime: sub.openTime,
    });
  });

  app.patch(
    '/api/v1/accounts/:childAccountNumber/password',
    access(CODES.subAccounts, passwordSchema),
    async (request) => {
      const auth = requireAuth(request);
      const number = (request.params as { childAccountNumber: string }).childAccountNumber;
      if (!/^\d{6,32}$/.test(number)) fail('子账户账号格式不正确');
      const body = bodyFields(request.body);
      const password = typeof body.password === 'string' ? body.password : '';
      const repassword = typeof body.repassword === 'string' ? body.repassword : '';
      if (!/^\d{6}$/.test(password)) fail('请输入6位数字密码');
      if (password !== repassword) fail('两次输入的密码不一致');
      if (/^(\d)\1{5}$/.test(password) || '0123456789'.includes(password) || '9876543210'.includes(password)) {
        fail('密码过于简单，请勿使用连续或相同的数字');
      }
      const sub = await bank.subAccount(number);
      if (!sub) fail('子账户不存在');
      await assertCompanyVisible(db, auth, sub.companyId);
      if (sub.status === SUB_ACCOUNT.closed) fail('子账户已销户，不能设置密码');
      const now = chinaTime();
      await bank.setPassword(number, password, now);
      await recordOperation(db, request, auth, {
        action: '设置子账户密码',
        resource: 'subAccountQuery',
        changes: { password: ['******', '******'], accountNumber: [null, number] },
      });
      return ok(null, '子账户密码已设置');
    },
  );

  const closingAccess = access([...CODES.bankInfo, ...FUND_MANAGEMENT[1], ...FUND_MANAGEMENT[3]], closingSchema);
  app.get('/api/v1/closingaccounts/platform/:id/ongoing', closingAccess, async (request) => {
    const auth = requireAuth(request);
    const mark = editionParam((request.params as { id: string }).id);
    if (!holdsAny(auth, CODES.bankInfo)) assertEditionAccess(auth, FUND_MANAGEMENT, mark);
    const scope = companyScope(auth);
    const closing = (await bank.subAccounts()).filter(
      (sub) => sub.platformMark === mark && sub.status === SUB_ACCOUNT.closing,
    );
    const companies = closing.length
      ? await db
          .selectFrom('companies')
          .select(['id', 'name', 'department_id', 'sale_partner_id', 'subsidiary_id', 'service_id', 'platform_mark'])
          .where(
            'id',
            'in',
            closing.map((sub) => sub.companyId),
          )
          .execute()
      : [];
    const visible = companies.filter(
      (company) =>
        (scope.companyId === undefined || scope.companyId === Number(company.id)) && companyInScope(scope, company),
    );
    const nameOf = new Map(visible.map((company) => [Number(company.id), company.name]));
    return ok(
      closing
        .filter((sub) => nameOf.has(sub.companyId))
        .map((sub) => ({ ...sub, companyName: nameOf.get(sub.companyId), statusName: '销户中' })),
    );
  });

  app.get('/api/v1/bank/information', access(['UI_BANK_INFORMATION'], informationSchema), async (request) => {
    requireAuth(request);
    const [synced, ledgerTotals] = await Promise.all([
      db.selectFrom('bank_sync_totals').selectAll().execute(),
      Promise.all([1, 3].map((mark) => editionLedgerTotal(db, mark))),
    ]);
    const syncOf = new Map(synced.map((row) => [Number(row.platform_mark), row]));
    // The bank side is as of the last sync (a bank is asked for 100 000 balances in a sync, not per page view);
    // the difference compares the bank with the ledger at that same moment. The ledger's current total is
    // from the statistics rollups, kept with every entry.
    const editions = [1, 3].map((mark, index) => {
      const sync = syncOf.get(mark);
      const bankBalance = Number(sync?.bank_balance ?? 0);
      const syncedLedgerBalance = Number(sync?.ledger_balance ?? 0);
      return {
        platformMark: mark,
        subAccountCount: Number(sync?.sub_account_count ?? 0),
        closingCount: Number(sync?.closing_count ?? 0),
        bankBalance,
        syncedLedgerBalance,
        difference: bankBalance - syncedLedgerBalance,
        ledgerBalance: ledgerTotals[index],
      };
    });
    const pending = await db
      .selectFrom('unattributed_funds')
      .select([sql<string>`COUNT(*)`.as('n'), sql<string>`COALESCE(SUM(amount), 0)`.as('total')])
      .where('status', '=', UNATTRIBUTED.pending)
      .executeTakeFirstOrThrow();
    return ok({
      channel: bank.name,
      platformAccount: bank.platformAccount,
      collectionBalance: Number(syncOf.get(0)?.bank_balance ?? 0),
      editions,
      unattributedCount: Number(pending.n),
      unattributedAmount: Number(pending.total),
      lastSyncTime: syncOf.get(0)?.sync_time ?? null,
    });
  });

  app.post('/api/v1/reconciliation/run', access(CODES.reconciliation, reconcileSchema), async (request) => {
    const auth = requireAuth(request);
    const day = dayOf(bodyFields(request.body).day);
    const outcome = await withRunClaim(db, reconciliationClaim(auth.displayName), () =>
      reconcileDay(db, sources, day, TRIGGER.manual, auth.userId),
    );
    await recordOperation(db, request, auth, {
      action: '资金对账',
      resource: 'fundReconciliation',
      recordId: outcome.runId,
      changes: { day: [null, day], status: [null, outcome.status] },
    });
    const differs = outcome.differs > 0 ? `，金额或状态不符 ${outcome.differs} 笔` : '';
    return ok(
      outcome,
      `${day} 对账完成：匹配 ${outcome.matched} 笔，仅银行有 ${outcome.bankOnly} 笔，仅账本有 ${outcome.ledgerOnly} 笔${differs}`,
    );
  });

  app.get('/api/v1/reconciliation/items', access(CODES.reconciliation, itemsSchema), async (request) => {
    requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const day = typeof query.day === 'string' ? query.day.trim() : '';
    if (!DAY_PATTERN.test(day)) fail('对账日期格式不正确');
    const list = parseListQuery(request.url, query, { filterKeys: ['result', 'source'], sortFields: [] });
    const resultFilter = list.filters.result;
    let result: number | undefined;
    if (resultFilter !== undefined && resultFilter !== '') {
      result = Number(resultFilter);
      if (!RECON_RESULT.some((item) => item.id === result)) fail('对账结果格式不正确');
    }
    const source = typeof list.filters.source === 'string' ? list.filters.source.trim() : '';
    if (source !== '' && !/^[a-z][a-z0-9_-]{0,31}$/.test(source)) fail('对账来源格式不正确');
    let select = db
      .selectFrom('reconciliation_items')
      .leftJoin('companies', 'companies.id', 'reconciliation_items.company_id')
      .where('reconciliation_items.day', '=', day);
    if (result !== undefined) select = select.where('reconciliation_items.result', '=', result);
    if (source !== '') select = select.where('reconciliation_items.source', '=', source);
    const [count, rows] = await Promise.all([
      select.select(sql<string>`COUNT(*)`.as('n')).executeTakeFirstOrThrow(),
      select
        .select([
          'reconciliation_items.id',
          'reconciliation_items.source',
          'reconciliation_items.result',
          'reconciliation_items.direction',
          'reconciliation_items.reference',
          'reconciliation_items.platform_mark',
          'reconciliation_items.bank_amount',
          'reconciliation_items.ledger_amount',
          'reconciliation_items.note',
          'companies.name as company_name',
        ])
        .orderBy('reconciliation_items.result', 'desc')
        .orderBy('reconciliation_items.id')
        .limit(list.size)
        .offset(list.offset)
        .execute(),
    ]);
    return ok(
      pageOf(
        rows.map((row) => ({
          id: Number(row.id),
          source: row.source,
          result: Number(row.result),
          direction: Number(row.direction),
          reference: row.reference,
          companyName: row.company_name,
          platformMark: row.platform_mark === null ? null : Number(row.platform_mark),
          bankAmount: Number(row.bank_amount),
          ledgerAmount: Number(row.ledger_amount),
          note: row.note,
        })),
        Number(count.n),
        list,
      ),
    );
  });

  app.post('/api/v1/unattributedfunds/:id/attribute', access(CODES.unattributed, attributeSchema), async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '资金编号');
    const body = bodyFields(request.body);
    if (body.companyId === undefined || body.companyId === null || body.companyId === '') fail('请选择归属企业');
    const companyId = parseId(body.companyId, '企业编号');
    const platformMark = editionParam(body.platformmark ?? 1);
    const remark = text(body.remark, 200, '备注') || null;
    await assertCompanyVisible(db, auth, companyId);
    const result = await attributeDeposit(db, bank, request, auth, { id, companyId, platformMark, remark });
    return ok(result, `已归属至 ${result.companyName}，已记入其账户余额`);
  });

  app.post('/api/v1/unattributedfunds/:id/return', access(CODES.unattributed, returnSchema), async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '资金编号');
    const reason = text(bodyFields(request.body).reason, 200, '退回原因');
    if (!reason) fail('请填写退回原因');
    const serial = await returnDeposit(db, bank, request, auth, { id, reason });
    return ok({ returnSerial: serial }, '已退回付款人');
  });
}
