import { sql } from 'kysely';
import type { Db } from '../db/database';
import { balanceOf } from '../money/ledger/ledger';
import { METRIC_KEYS } from './reports.repository';

const COLUMN = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** One company's months (stat_company_month), newest first, the totals of all its months and its balance. */
export async function companyMonths(db: Db, companyId: number, platformMark: number, offset: number, limit: number) {
  const select = sql.raw(METRIC_KEYS.map((key) => `${COLUMN(key)} AS "${key}"`).join(', '));
  const sums = sql.raw(METRIC_KEYS.map((key) => `SUM(${COLUMN(key)}) AS "${key}"`).join(', '));
  const filter = sql`company_id = ${companyId} AND platform_mark = ${platformMark}`;
  const [rows, totals, balance] = await Promise.all([
    sql<Record<string, unknown>>`SELECT month, ${select} FROM stat_company_month WHERE ${filter}
      ORDER BY month DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<Record<string, unknown>>`SELECT COUNT(*) AS months, ${sums} FROM stat_company_month WHERE ${filter}`.execute(
      db,
    ),
    balanceOf(db, { companyId, platformMark }),
  ]);
  const numbers = (row: Record<string, unknown>) =>
    Object.fromEntries(METRIC_KEYS.map((key) => [key, Number(row[key] ?? 0)]));
  const total = totals.rows[0] ?? {};
  return {
    rows: rows.rows.map((row) => ({ month: String(row.month), ...numbers(row) })),
    total: Number(total.months ?? 0),
    totals: numbers(total),
    balance,
  };
}
