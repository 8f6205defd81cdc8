import { sql } from 'kysely';
import { DIRECTION, RECON_RUN, RECON_SOURCE_BANK, RESULT, UNATTRIBUTED } from '../../src/domain/finance';
import { LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { PayoutChannel } from '../money/payouts/payoutChannel';
import type { BankChannel, StatementLine } from './bank/bankChannel';
import { compareChannelBill } from './channelReconciliation';

/**
 * 资金对账: one day of the bank's statement against the ledger.
 * - A top-up credit on a sub-account matches the confirmed top-up whose payer serial it carries (same company,
 *   edition and amount) and that top-up's ledger entry; a transfer into a sub-account (ATTR:<serial>) matches the
 *   ledger entry of the attributed deposit.
 * - A credit on the collection account is a deposit nobody claimed: it becomes a 无法归属资金 record (once) and
 *   stays "only in the bank" until finance attributes or returns it; the transfer and return debits
 *   (ATTR:/RET:) match their deposit.
 * - Payout debits are compared per batch, cumulatively up to the day's end: the ledger's batch debit and service
 *   charge less the refunds of its failed items against the bank's payments and fee transfers of that batch. A
 *   batch with items still being paid shows the difference as 在途.
 * - Ledger top-ups and attributions of the day that no credit matched are "only in the ledger".
 * - The payout channel's bill of the day against the items it took (channelReconciliation.ts), each line marked
 *   with the channel as its source.
 * Every run is kept (reconciliation_runs); the day's lines are replaced by the latest run in one transaction, so
 * running a day again is harmless.
 */
export interface ReconItem {
  /** RECON_SOURCE_BANK, or the payout channel's provider for a line of its bill. */
  source?: string;
  result: number;
  direction: number;
  reference: string;
  companyId: number | null;
  platformMark: number | null;
  bankAmount: number;
  ledgerAmount: number;
  note: string | null;
}

export interface ReconOutcome {
  runId: number;
  day: string;
  status: number;
  matched: number;
  bankOnly: number;
  ledgerOnly: number;
  differs: number;
}

/** What a day is reconciled against: the bank, and the payout channel (absent: the bank alone). */
export interface ReconSources {
  bank: BankChannel;
  payoutChannel?: PayoutChannel;
}

function dayBounds(day: string) {
  return { start: `${day} 00:00:00`, end: `${day} 23:59:59` };
}

async function ledgerTopups(db: Db, day: string) {
  const { start, end } = dayBounds(day);
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'company_id', 'platform_mark', 'amount', 'ref_type', 'ref_id'])
    .where('kind', '=', LEDGER.recharge)
    .where('create_time', '>=', start)
    .where('create_time', '<=', end)
    .execute();
}

/** Per batch number: the ledger's net debit (payout + charge − refunds) up to `end`. */
async function ledgerBatchTotals(db: Db, batchNos: string[], end: string): Promise<Map<string, number>> {
  if (batchNos.length === 0) return new Map();
  const direct = await sql<{ batch_no: string; total: string | number }>`
    SELECT b.batch_no, SUM(-e.amount) AS total FROM ledger_entries e
    JOIN payout_batches b ON e.ref_type = 'batch' AND b.id = e.ref_id
    WHERE b.batch_no IN (${sql.join(batchNos)}) AND e.create_time <= ${end}
      AND e.kind IN (${LEDGER.payout}, ${LEDGER.serviceCharge})
    GROUP BY b.batch_no`.execute(db);
  const refunds = await sql<{ batch_no: string; total: string | number }>`
    SELECT b.batch_no, SUM(e.amount) AS total FROM ledger_entries e
    JOIN payout_items i ON e.ref_type = 'item' AND i.id = e.ref_id
    JOIN payout_batches b ON b.id = i.batch_id
    WHERE b.batch_no IN (${sql.join(batchNos)}) AND e.create_time <= ${end} AND e.kind = ${LEDGER.refund}
    GROUP BY b.batch_no`.execute(db);
  const totals = new Map<string, number>();
  for (const row of direct.rows) totals.set(row.batch_no, Number(row.total));
  for (const row of refunds.rows) totals.set(row.batch_no, (totals.get(row.batch_no) ?? 0) - Number(row.total));
  return totals;
}

/** Batch numbers with a ledger debit or refund on the day. */
async function ledgerBatchesOfDay(db: Db, day: string): Promise<Map<string, { companyId: number; mark: number }>> {
  const { start, end } = dayBounds(day);
  const rows = await sql<{ batch_no: string; company_id: number; platform_mark: number }>`
    SELECT DISTINCT b.batch_no, b.company_id, b.platform_mark FROM ledger_entries e
    JOIN payout_batches b ON e.ref_type = 'batch' AND b.id = e.ref_id
    WHERE e.create_time >= ${start} AND e.create_time <= ${end}
    UNION
    SELECT DISTINCT b.batch_no, b.company_id, b.platform_mark FROM ledger_entries e
    JOIN payout_items i ON e.ref_type = 'item' AND i.id = e.ref_id
    JOIN payout_batches b ON b.id = i.batch_id
    WHERE e.create_time >= ${start} AND e.create_time <= ${end}`.execute(db);
  return new Map(
    rows.rows.map((row) => [row.batch_no, { companyId: Number(row.company_id), mark: Number(row.platform_mark) }]),
  );
}

export async function compareDay(db: Db, bank: BankChannel, day: string): Promise<ReconItem[]> {
  const [lines, subAccounts, topups] = await Promise.all([
    bank.statement(day),
    bank.subAccounts(),
    ledgerTopups(db, day),
  ]);
  const subOf = new Map(subAccounts.map((sub) => [sub.accountNumber, sub]));
  const platform = bank.platformAccount.accountNumber;
  const items: ReconItem[] = [];
  const matchedRecharges = new Set<number>();
  const matchedDeposits = new Set<number>();
  const push = (item: Partial<ReconItem> & Pick<ReconItem, 'result' | 'direction' | 'reference'>) =>
    items.push({ companyId: null, platformMark: null, bankAmount: 0, ledgerAmount: 0, note: null, ...item });

  const rechargeIds = topups.filter((e) => e.ref_type === 'recharge').map((e) => Number(e.ref_id));
  const entryOfRecharge = new Map(
    topups.filter((e) => e.ref_type === 'recharge').map((e) => [Number(e.ref_id), Number(e.amount)]),
  );
  const entryOfDeposit = new Map(
    topups.filter((e) => e.ref_type === 'deposit').map((e) => [Number(e.ref_id), Number(e.amount)]),
  );
  const serials = [...new Set(lines.map((line) => line.reference.replace(/^(ATTR|RET):/, '')))];
  const [recharges, funds] = await Promise.all([
    lines.length
      ? db
          .selectFrom('recharges')
          .select(['id', 'company_id', 'platform_mark', 'amount', 'bank_serial'])
          .where('status', '=', RECHARGE.confirmed)
          .where((eb) =>
            eb.or([
              eb('bank_serial', 'in', serials.length ? serials : ['']),
              eb('id', 'in', rechargeIds.length ? rechargeIds : [-1]),
            ]),
          )
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('unattributed_funds')
      .leftJoin('companies', 'companies.id', 'unattributed_funds.company_id')
      .select([
        'unattributed_funds.id',
        'unattributed_funds.bank_serial',
        'unattributed_funds.status',
        'unattributed_funds.amount',
        'companies.name as company_name',
      ])
      .where('unattributed_funds.bank_serial', 'in', [...serials, ...lines.map((line) => line.serial), ''])
      .execute(),
  ]);
  const fundBySerial = new Map(funds.map((fund) => [fund.bank_serial, fund]));

  const batchLines = new Map<string, StatementLine[]>();
  for (const line of lines) {
    const sub = subOf.get(line.accountNumber);
    const owner = sub ? { companyId: sub.companyId, platformMark: sub.platformMark } : {};
    if (line.direction === DIRECTION.credit && sub && line.reference.startsWith('ATTR:')) {
      const fund = fundBySerial.get(line.reference.slice(5));
      const ledger = fund ? entryOfDeposit.get(Number(fund.id)) : undefined;
      if (fund && ledger === line.amount) {
        matchedDeposits.add(Number(fund.id));
        push({
          result: RESULT.matched,
          direction: line.direction,
          reference: line.reference,
          ...owner,
          bankAmount: line.amount,
          ledgerAmount: ledger,
          note: '无法归属资金已归属',
        });
      } else {
        push({
          result: RESULT.bankOnly,
          direction: line.direction,
          reference: line.reference,
          ...owner,
          bankAmount: line.amount,
          note: '划入子账户，账本无对应归属记录',
        });
      }
    } else if (line.direction === DIRECTION.credit && sub) {
      const recharge = recharges.find(
        (r) =>
          r.bank_serial === line.reference &&
          Number(r.company_id) === sub.companyId &&
          Number(r.platform_mark) === sub.platformMark &&
          Number(r.amount) === line.amount &&
          !matchedRecharges.has(Number(r.id)),
      );
      const ledger = recharge ? entryOfRecharge.get(Number(recharge.id)) : undefined;
      if (recharge && ledger === line.amount) {
        matchedRecharges.add(Number(recharge.id));
        push({
          result: RESULT.matched,
          direction: line.direction,
          reference: line.reference,
          ...owner,
          bankAmount: line.amount,
          ledgerAmount: ledger,
          note: `充值 #${recharge.id}`,
        });
      } else {
        push({
          result: RESULT.bankOnly,
          direction: line.direction,
          reference: line.reference,
          ...owner,
          bankAmount: line.amount,
          note: recharge ? '充值当日未记账' : '子账户来账无对应充值',
        });
      }
    } else if (line.direction === DIRECTION.credit) {
      // A deposit on the collection account: nobody's top-up.
      const fund = fundBySerial.get(line.serial);
      if (fund && Number(fund.status) === UNATTRIBUTED.attributed) {
        push({
          result: RESULT.matched,
          direction: line.direction,
          reference: line.serial,
          bankAmount: line.amount,
          ledgerAmount: line.amount,
          note: `已归属至 ${fund.company_name ?? ''}`,
        });
      } else if (fund && Number(fund.status) === UNATTRIBUTED.returned) {
        push({
          result: RESULT.matched,
          direction: line.direction,
          reference: line.serial,
          bankAmount: line.amount,
          note: '已退回付款人',
        });
      } else {
        push({
          result: RESULT.bankOnly,
          direction: line.direction,
          reference: line.serial,
          bankAmount: line.amount,
          note: `无法归属资金（${line.counterpartyName}），待处理`,
        });
      }
    } else if (line.accountNumber === platform) {
      // Transfers to sub-accounts and returns: they move a deposit already accounted for above.
      const fund = fundBySerial.get(line.reference.replace(/^(ATTR|RET):/, ''));
      push({
        result: fund ? RESULT.matched : RESULT.bankOnly,
        direction: line.direction,
        reference: line.reference,
        bankAmount: line.amount,
        note: line.reference.startsWith('RET:') ? '退回付款人' : '划入子账户',
      });
    } else {
      const list = batchLines.get(line.reference) ?? [];
      list.push(line);
      batchLines.set(line.reference, list);
    }
  }

  // Ledger top-ups and attributions of the day that no credit matched.
  for (const entry of topups) {
    const id = Number(entry.ref_id);
    const matched = entry.ref_type === 'deposit' ? matchedDeposits.has(id) : matchedRecharges.has(id);
    if (matched) continue;
    push({
      result: RESULT.ledgerOnly,
      direction: DIRECTION.credit,
      reference: entry.ref_type === 'deposit' ? `无法归属资金 #${id}` : `充值 #${id}`,
      companyId: Number(entry.company_id),
      platformMark: Number(entry.platform_mark),
      ledgerAmount: Number(entry.amount),
      note: '账本已入账，银行当日无对应来账',
    });
  }

  // Payout batches active on the day, either side, compared cumulatively to the day's end.
  const ledgerBatches = await ledgerBatchesOfDay(db, day);
  const batchNos = [...new Set([...batchLines.keys(), ...ledgerBatches.keys()])];
  const { end } = dayBounds(day);
  const [ledgerTotals, bankTotals] = await Promise.all([
    ledgerBatchTotals(db, batchNos, end),
    bankDebitTotals(db, batchNos, day),
  ]);
  for (const batchNo of batchNos) {
    const ledger = ledgerTotals.get(batchNo) ?? 0;
    const paid = bankTotals.get(batchNo) ?? 0;
    const sub = batchLines.get(batchNo)?.[0];
    const owner = sub ? subOf.get(sub.accountNumber) : undefined;
    const known = ledgerBatches.get(batchNo);
    const base = {
      direction: DIRECTION.debit,
      reference: batchNo,
      companyId: owner?.companyId ?? known?.companyId ?? null,
      platformMark: owner?.platformMark ?? known?.mark ?? null,
      bankAmount: paid,
      ledgerAmount: ledger,
    };
    if (ledger === paid) push({ ...base, result: RESULT.matched, note: '批次打款与服务费' });
    else if (ledger > paid)
      push({
        ...base,
        result: RESULT.ledgerOnly,
        note: `在途：账本多扣 ${((ledger - paid) / 10_000).toFixed(2)} 元，银行尚未付出`,
      });
    else push({ ...base, result: RESULT.bankOnly, note: `银行多付 ${((paid - ledger) / 10_000).toFixed(2)} 元` });
  }
  return items;
}

/** The bank's debits per batch reference on sub-accounts up to the day's end (the bank's statements, day by day). */
async function bankDebitTotals(db: Db, batchNos: string[], day: string): Promise<Map<string, number>> {
  if (batchNos.length === 0) return new Map();
  // The development bank's statements are in this database; a real channel's statements are fetched day by day
  // into the same table by its sync, so this reads the copy of the statement either way.
  const rows = await db
    .selectFrom('bank_transactions')
    .select('reference')
    .select(sql<string>`SUM(amount)`.as('total'))
    .where('direction', '=', DIRECTION.debit)
    .where('reference', 'in', batchNos)
    .where('value_day', '<=', day)
    .groupBy('reference')
    .execute();
  return new Map(rows.map((row) => [row.reference, Number(row.total)]));
}

/** Records each collection-account deposit of the lines as 无法归属资金 (once per bank serial). */
async function recordUnattributed(db: Db, bank: BankChannel, day: string, now: string): Promise<void> {
  const lines = await bank.statement(day);
  for (const line of lines) {
    if (line.direction !== DIRECTION.credit || line.accountNumber !== bank.platformAccount.accountNumber) continue;
    await db
      .insertInto('unattributed_funds')
      .values({
        bank_serial: line.serial,
        account_number: line.accountNumber,
        amount: line.amount,
        payer_name: line.counterpartyName,
        payer_account: line.counterpartyAccount,
        memo: line.memo,
        arrive_time: line.valueTime,
        status: UNATTRIBUTED.pending,
        create_time: now,
      })
      .onConflict((conflict) => conflict.column('bank_serial').doNothing())
      .execute();
  }
}

/** Reconciles one day and keeps the run; never throws for a failure of the comparison (the run says 失败). */
export async function reconcileDay(
  db: Db,
  { bank, payoutChannel }: ReconSources,
  day: string,
  trigger: number,
  operatorId: number | null,
): Promise<ReconOutcome> {
  const start = chinaTime();
  const run = await db
    .insertInto('reconciliation_runs')
    .values({ day, trigger, status: RECON_RUN.running, operator_id: operatorId, start_time: start })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runId = Number(run.id);
  try {
    await recordUnattributed(db, bank, day, start);
    const items = await compareDay(db, bank, day);
    if (payoutChannel) items.push(...(await compareChannelBill(db, payoutChannel, day)));
    const lines = await bank.statement(day);
    const topups = await ledgerTopups(db, day);
    const { start: from, end } = dayBounds(day);
    const outflow = await sql<{ total: string | number | null }>`SELECT SUM(-amount) AS total FROM ledger_entries
      WHERE create_time >= ${from} AND create_time <= ${end}
        AND kind IN (${LEDGER.payout}, ${LEDGER.serviceCharge}, ${LEDGER.refund})`.execute(db);
    const count = (result: number) => items.filter((item) => item.result === result).length;
    const outcome: ReconOutcome = {
      runId,
      day,
      matched: count(RESULT.matched),
      bankOnly: count(RESULT.bankOnly),
      ledgerOnly: count(RESULT.ledgerOnly),
      differs: count(RESULT.differs),
      status: RECON_RUN.balanced,
    };
    outcome.status =
      outcome.bankOnly + outcome.ledgerOnly + outcome.differs === 0 ? RECON_RUN.balanced : RECON_RUN.differences;
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('reconciliation_items').where('day', '=', day).execute();
      for (const item of items) {
        await tx
          .insertInto('reconciliation_items')
          .values({
            day,
            run_id: runId,
            source: item.source ?? RECON_SOURCE_BANK,
            result: item.result,
            direction: item.direction,
            reference: item.reference.slice(0, 64),
            company_id: item.companyId,
            platform_mark: item.platformMark,
            bank_amount: item.bankAmount,
            ledger_amount: item.ledgerAmount,
            note: item.note?.slice(0, 200) ?? null,
          })
          .execute();
      }
      await tx
        .updateTable('reconciliation_runs')
        .set({
          status: outcome.status,
          matched_count: outcome.matched,
          bank_only_count: outcome.bankOnly,
          ledger_only_count: outcome.ledgerOnly,
          differ_count: outcome.differs,
          bank_credit: lines.filter((l) => l.direction === DIRECTION.credit).reduce((s, l) => s + l.amount, 0),
          bank_debit: lines.filter((l) => l.direction === DIRECTION.debit).reduce((s, l) => s + l.amount, 0),
          ledger_credit: topups.reduce((s, e) => s + Number(e.amount), 0),
          ledger_debit: Number(outflow.rows[0]?.total ?? 0),
          message: runMessage(outcome, Boolean(payoutChannel)),
          finish_time: chinaTime(),
        })
        .where('id', '=', runId)
        .execute();
    });
    return outcome;
  } catch (error) {
    await db
      .updateTable('reconciliation_runs')
      .set({
        status: RECON_RUN.failed,
        message: `对账失败：${error instanceof Error ? error.message : String(error)}`.slice(0, 200),
        finish_time: chinaTime(),
      })
      .where('id', '=', runId)
      .execute();
    return { runId, day, status: RECON_RUN.failed, matched: 0, bankOnly: 0, ledgerOnly: 0, differs: 0 };
  }
}

/** The run's summary, as 资金对账 and 定时任务 show it. */
export function runMessage(outcome: Omit<ReconOutcome, 'runId' | 'day'>, withChannel: boolean): string {
  if (outcome.status === RECON_RUN.failed) return '对账失败';
  if (outcome.status === RECON_RUN.balanced) {
    return withChannel ? '银行流水、通道账单与账本一致' : '银行流水与账本一致';
  }
  const parts = [`仅银行有 ${outcome.bankOnly} 笔`, `仅账本有 ${outcome.ledgerOnly} 笔`];
  if (outcome.differs > 0) parts.push(`金额或状态不符 ${outcome.differs} 笔`);
  return parts.join('，');
}
