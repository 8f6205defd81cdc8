import { type Expression, type SqlBool, sql } from 'kysely';
import { SETTLEMENT_SHEET } from '../../src/domain/finance';
import { LEDGER } from '../../src/domain/moneyEnums';
import { lastDayOfMonth } from '../../src/domain/statistics/period';
import { type CompanyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import type { Tx } from '../money/ledger/ledger';

/**
 * 结算单: a company's month of one edition, computed from its ledger entries.
 * - opening balance: the sum of every entry before the month (the balance at the month's start);
 * - top-ups (充值), payouts (批量打款), service charges (服务费), refunds (失败退回): the month's entries per kind,
 *   as positive magnitudes with their counts;
 * - closing balance: the sum of every entry up to the month's end.
 * The three are summed independently and must satisfy opening + top-ups − payouts − charges + refunds = closing;
 * an entry of any other kind would break that, and the sheet is refused rather than written wrong.
 */
export interface SheetFigures {
  companyId: number;
  opening_balance: number;
  topup_amount: number;
  topup_count: number;
  payout_amount: number;
  payout_count: number;
  charge_amount: number;
  charge_count: number;
  refund_amount: number;
  refund_count: number;
  closing_balance: number;
  entry_count: number;
}

export const FIGURE_KEYS = [
  'opening_balance',
  'topup_amount',
  'topup_count',
  'payout_amount',
  'payout_count',
  'charge_amount',
  'charge_count',
  'refund_amount',
  'refund_count',
  'closing_balance',
  'entry_count',
] as const;

export class SheetImbalanceError extends Error {
  constructor(readonly figures: SheetFigures) {
    super(`企业 #${figures.companyId} 的结算单不平：期初 + 本期发生 ≠ 期末`);
  }
}

export interface Period {
  month: string;
  from: string;
  to: string;
}

export function periodOfMonth(month: string): Period {
  return { month, from: `${month}-01`, to: lastDayOfMonth(month) };
}

/** opening + movements = closing, exactly. */
export function balanced(f: Omit<SheetFigures, 'companyId'>): boolean {
  return f.opening_balance + f.topup_amount - f.payout_amount - f.charge_amount + f.refund_amount === f.closing_balance;
}

/**
 * The figures of every company of the edition with a balance or an entry by the period's end (or only
 * `companyId`, or only the companies of a scope), from the ledger in one grouped statement.
 */
export async function ledgerFigures(
  db: Db | Tx,
  platformMark: number,
  period: Period,
  only: { companyId?: number } & CompanyScope = {},
): Promise<SheetFigures[]> {
  const start = `${period.from} 00:00:00`;
  const end = `${period.to} 23:59:59`;
  const inMonth = sql`e.create_time >= ${start}`;
  const kindSum = (kind: number, sign: number) =>
    sql`SUM(CASE WHEN ${inMonth} AND e.kind = ${kind} THEN ${sql.raw(sign < 0 ? '-e.amount' : 'e.amount')} ELSE 0 END)`;
  const kindCount = (kind: number) => sql`SUM(CASE WHEN ${inMonth} AND e.kind = ${kind} THEN 1 ELSE 0 END)`;
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`e.platform_mark = ${platformMark}`,
    sql<SqlBool>`e.create_time <= ${end}`,
  ];
  if (only.companyId !== undefined) conditions.push(sql<SqlBool>`e.company_id = ${only.companyId}`);
  const scoped = scopedCompanyIds(db, only);
  if (scoped) conditions.push(sql<SqlBool>`e.company_id IN ${scoped}`);
  const result = await sql<Record<string, string | number | null>>`
    SELECT e.company_id AS company_id,
      SUM(CASE WHEN e.create_time < ${start} THEN e.amount ELSE 0 END) AS opening_balance,
      ${kindSum(LEDGER.recharge, 1)} AS topup_amount, ${kindCount(LEDGER.recharge)} AS topup_count,
      ${kindSum(LEDGER.payout, -1)} AS payout_amount, ${kindCount(LEDGER.payout)} AS payout_count,
      ${kindSum(LEDGER.serviceCharge, -1)} AS charge_amount, ${kindCount(LEDGER.serviceCharge)} AS charge_count,
      ${kindSum(LEDGER.refund, 1)} AS refund_amount, ${kindCount(LEDGER.refund)} AS refund_count,
      SUM(e.amount) AS closing_balance,
      SUM(CASE WHEN ${inMonth} THEN 1 ELSE 0 END) AS entry_count
    FROM ledger_entries e
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY e.company_id
    ORDER BY e.company_id`.execute(db);
  const figures = result.rows.map((row) => {
    const out = { companyId: Number(row.company_id) } as SheetFigures;
    for (const key of FIGURE_KEYS) out[key] = Number(row[key] ?? 0);
    return out;
  });
  for (const f of figures) if (!balanced(f)) throw new SheetImbalanceError(f);
  // A company whose balance was zero all month and that had no entry in it has nothing to settle.
  return figures.filter((f) => f.entry_count > 0 || f.opening_balance !== 0);
}

export function sheetNumber(month: string, platformMark: number, companyId: number, revision: number): string {
  const base = `JS${month.replace('-', '')}${platformMark}${String(companyId).padStart(7, '0')}`;
  return revision === 0 ? base : `${base}-${revision}`;
}

export function sameFigures(a: object, b: object): boolean {
  return FIGURE_KEYS.every(
    (key) => Number((a as Record<string, unknown>)[key]) === Number((b as Record<string, unknown>)[key]),
  );
}

export interface GenerateOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** Companies whose sheet of the period is confirmed: left as they are (a correction is its own action). */
  confirmed: number;
  sheetIds: number[];
}

/**
 * Generates the period's sheets in one transaction: a new sheet per company without one; a pending sheet
 * is recomputed in place (nothing confirmed it yet); a confirmed one is never touched.
 */
export async function generateSheets(
  tx: Tx,
  input: {
    platformMark: number;
    period: Period;
    companyId?: number;
    /** The caller's company scope (auth/scope.ts): sheets only for the companies it holds. */
    scope?: CompanyScope;
    operatorId: number;
    now: string;
  },
): Promise<GenerateOutcome> {
  const figures = await ledgerFigures(tx, input.platformMark, input.period, {
    ...input.scope,
    companyId: input.companyId,
  });
  const outcome: GenerateOutcome = { created: 0, updated: 0, unchanged: 0, confirmed: 0, sheetIds: [] };
  if (figures.length === 0) return outcome;
  const existing = await tx
    .selectFrom('settlement_sheets')
    .selectAll()
    .where('platform_mark', '=', input.platformMark)
    .where('period_month', '=', input.period.month)
    .where(
      'company_id',
      'in',
      figures.map((f) => f.companyId),
    )
    .orderBy('revision', 'desc')
    .execute();
  const latest = new Map<number, (typeof existing)[number]>();
  for (const row of existing) if (!latest.has(Number(row.company_id))) latest.set(Number(row.company_id), row);
  for (const f of figures) {
    const { companyId, ...values } = f;
    const current = latest.get(companyId);
    if (!current) {
      const inserted = await tx
        .insertInto('settlement_sheets')
        .values({
          sheet_no: sheetNumber(input.period.month, input.platformMark, companyId, 0),
          company_id: companyId,
          platform_mark: input.platformMark,
          period_month: input.period.month,
          period_from: input.period.from,
          period_to: input.period.to,
          revision: 0,
          ...values,
          status: SETTLEMENT_SHEET.pending,
          generated_by: input.operatorId,
          generate_time: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      outcome.created += 1;
      outcome.sheetIds.push(Number(inserted.id));
    } else if (Number(current.status) === SETTLEMENT_SHEET.confirmed) {
      outcome.confirmed += 1;
      outcome.sheetIds.push(Number(current.id));
    } else if (sameFigures(current, values)) {
      outcome.unchanged += 1;
      outcome.sheetIds.push(Number(current.id));
    } else {
      await tx
        .updateTable('settlement_sheets')
        .set({ ...values, generated_by: input.operatorId, generate_time: input.now })
        .where('id', '=', current.id)
        .where('status', '=', SETTLEMENT_SHEET.pending)
        .execute();
      outcome.updated += 1;
      outcome.sheetIds.push(Number(current.id));
    }
  }
  return outcome;
}
