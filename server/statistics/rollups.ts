import { type Kysely, sql } from 'kysely';
import { LEDGER } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { yieldTurn } from '../system/eventLoopTurns';
import { INVOICED_LINE_JOIN } from './invoicedRollups';

/**
 * The statistics rollups (migration 070), kept up to date in the transaction of each ledger entry:
 * `ledger.ts postEntries` calls `addToRollups` once per call, so a rolled-back payout leaves no trace here
 * either. Reports read only these rows (server/statistics/reports.repository.ts).
 */
export interface Metrics {
  topup_amount: number;
  topup_count: number;
  payout_amount: number;
  payout_count: number;
  charge_amount: number;
  charge_count: number;
  refund_amount: number;
  refund_count: number;
  net_amount: number;
  entry_count: number;
  /** 已开票 / 未开票 split of payout_amount (invoicedRollups.ts): they always add up to it. */
  invoiced_amount: number;
  uninvoiced_amount: number;
}

export const METRIC_COLUMNS = [
  'topup_amount',
  'topup_count',
  'payout_amount',
  'payout_count',
  'charge_amount',
  'charge_count',
  'refund_amount',
  'refund_count',
  'net_amount',
  'entry_count',
  'invoiced_amount',
  'uninvoiced_amount',
] as const satisfies readonly (keyof Metrics)[];

export function zeroMetrics(): Metrics {
  return {
    topup_amount: 0,
    topup_count: 0,
    payout_amount: 0,
    payout_count: 0,
    charge_amount: 0,
    charge_count: 0,
    refund_amount: 0,
    refund_count: 0,
    net_amount: 0,
    entry_count: 0,
    invoiced_amount: 0,
    uninvoiced_amount: 0,
  };
}

/** What entries add to a rollup row: magnitudes per kind (debits as positive), the signed net, counts. */
export function metricsOf(entries: readonly { kind: number; amount: number; payments?: number }[]): Metrics {
  const metrics = zeroMetrics();
  for (const { kind, amount, payments } of entries) {
    metrics.net_amount += amount;
    metrics.entry_count += 1;
    if (kind === LEDGER.recharge) {
      metrics.topup_amount += amount;
      metrics.topup_count += 1;
    } else if (kind === LEDGER.payout) {
      metrics.payout_amount -= amount;
      // A payout is posted before any invoice can cover it: not invoiced yet.
      metrics.uninvoiced_amount -= amount;
      // 打款笔数 counts payments to workers: a batch debit carries its items.
      metrics.payout_count += payments ?? 1;
    } else if (kind === LEDGER.serviceCharge) {
      metrics.charge_amount -= amount;
      metrics.charge_count += 1;
    } else if (kind === LEDGER.refund) {
      metrics.refund_amount += amount;
      metrics.refund_count += 1;
    }
  }
  return metrics;
}

type Writer = Kysely<Database>;

function addedTo(table: string) {
  return Object.fromEntries(
    METRIC_COLUMNS.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]),
  );
}

/**
 * Adds one ledger posting (all entries of one postEntries call, one account, one time) to its rollup rows: the
 * company's day and month, and the edition's day and month for the company's department and partner.
 */
export async function addToRollups(
  tx: Writer,
  account: { companyId: number; platformMark: number },
  entries: readonly { kind: number; amount: number; payments?: number }[],
  now: string,
): Promise<void> {
  if (entries.length === 0) return;
  const metrics = metricsOf(entries);
  const company = await tx
    .selectFrom('companies')
    .select(['department_id', 'subsidiary_id', 'sale_partner_id'])
    .where('id', '=', account.companyId)
    .executeTakeFirst();
  const departmentId = Number(company?.department_id ?? 0);
  const subsidiaryId = Number(company?.subsidiary_id ?? 0);

  const day = now.slice(0, 10);
  const month = now.slice(0, 7);
  const owner = { department_id: departmentId, subsidiary_id: subsidiaryId };
  const group = { ...owner, sale_partner_id: Number(company?.sale_partner_id ?? 0) };
  // A row whose entry_count is just this posting's was created now (every posting adds at least one entry);
  // postings of one account are serialized by postEntries' update of its balance, so this cannot race.
  const dayRow = await tx
    .insertInto('stat_company_day')
    .values({ company_id: account.companyId, platform_mark: account.platformMark, day, ...owner, ...metrics })
    .onConflict((conflict) =>
      conflict.columns(['company_id', 'platform_mark', 'day']).doUpdateSet(addedTo('stat_company_day')),
    )
    .returning('entry_count')
    .executeTakeFirstOrThrow();
  const monthRow = await tx
    .insertInto('stat_company_month')
    .values({ company_id: account.companyId, platform_mark: account.platformMark, month, ...owner, ...metrics })
    .onConflict((conflict) =>
      conflict.columns(['company_id', 'platform_mark', 'month']).doUpdateSet(addedTo('stat_company_month')),
    )
    .returning('entry_count')
    .executeTakeFirstOrThrow();
  const newDay = Number(dayRow.entry_count) === metrics.entry_count ? 1 : 0;
  await tx
    .insertInto('stat_group_day')
    .values({ platform_mark: account.platformMark, day, ...group, ...metrics, company_count: newDay })
    .onConflict((conflict) =>
      conflict.columns(['platform_mark', 'day', 'department_id', 'subsidiary_id', 'sale_partner_id']).doUpdateSet({
        ...addedTo('stat_group_day'),
        company_count: sql`stat_group_day.company_count + excluded.company_count`,
      }),
    )
    .execute();
  const newMonth = Number(monthRow.entry_count) === metrics.entry_count ? 1 : 0;
  await tx
    .insertInto('stat_group_month')
    .values({
      platform_mark: account.platformMark,
      month,
      ...group,
      company_count: newMonth,
      net_amount: metrics.net_amount,
    })
    .onConflict((conflict) =>
      conflict.columns(['platform_mark', 'month', 'department_id', 'subsidiary_id', 'sale_partner_id']).doUpdateSet({
        company_count: sql`stat_group_month.company_count + excluded.company_count`,
        net_amount: sql`stat_group_month.net_amount + excluded.net_amount`,
      }),
    )
    .execute();
}

/** The sum of every account balance of an edition: the signed net of all its ledger entries, from the rollups. */
export async function editionLedgerTotal(db: Db, platformMark: number): Promise<number> {
  const row = await db
    .selectFrom('stat_group_month')
    .select(sql<string>`COALESCE(SUM(net_amount), 0)`.as('total'))
    .where('platform_mark', '=', platformMark)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

const SUMS = sql.raw(`
    SUM(CASE WHEN e.kind = ${LEDGER.recharge} THEN e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.recharge} THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.payout} THEN -e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.payout} THEN COALESCE(b.item_count, 1) ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.serviceCharge} THEN -e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.serviceCharge} THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.refund} THEN e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.refund} THEN 1 ELSE 0 END),
    SUM(e.amount),
    COUNT(*),
    SUM(CASE WHEN e.kind = ${LEDGER.payout} THEN COALESCE(ib.success_amount, 0) ELSE 0 END),
    SUM(CASE WHEN e.kind = ${LEDGER.payout} THEN -e.amount - COALESCE(ib.success_amount, 0) ELSE 0 END)`);

/** Ledger entries a rebuild aggregates per statement (see rebuildDay). */
const REBUILD_CHUNK = 5000;

export async function rebuildStatistics(db: Db): Promise<void> {
  const columns = sql.raw(METRIC_COLUMNS.join(', '));
  const metricSums = sql.raw(METRIC_COLUMNS.map((column) => `SUM(t.${column})`).join(', '));
  const from = sql.raw(
    `FROM ledger_entries e LEFT JOIN companies c ON c.id = e.company_id
      LEFT JOIN payout_batches b ON e.ref_type = 'batch' AND b.id = e.ref_id
      ${INVOICED_LINE_JOIN}`,
  );
  const dept = sql.raw('COALESCE(c.department_id, 0)');
  const sub = sql.raw('COALESCE(c.subsidiary_id, 0)');
  const partner = sql.raw('COALESCE(c.sale_partner_id, 0)');
  const groupColumns = sql.raw(
    `platform_mark, day, department_id, subsidiary_id, sale_partner_id, ${METRIC_COLUMNS.join(', ')}, company_count`,
  );
  /** The first day at or after `from` with a ledger entry (one probe of the ledger_time index), or null. */
  const nextDay = async (after: string): Promise<string | null> => {
    const row = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.min('create_time').as('first'))
      .where('create_time', '>', after)
      .executeTakeFirst();
    return row?.first ? String(row.first).slice(0, 10) : null;
  };
  /** The month's rows from its day rows; rows of months after `previous` and before it (no entries) go. */
  const rebuildMonth = (previous: string, month: string) =>
    db.transaction().execute(async (tx) => {
      for (const table of ['stat_company_month', 'stat_group_month'] as const) {
        await sql`DELETE FROM ${sql.table(table)} WHERE month > ${previous} AND month <= ${month}`.execute(tx);
      }
      await sql`INSERT INTO stat_company_month (company_id, platform_mark, month, department_id, subsidiary_id, ${columns})
        SELECT t.company_id, t.platform_mark, SUBSTR(t.day, 1, 7), MAX(t.department_id), MAX(t.subsidiary_id), ${metricSums}
        FROM stat_company_day t WHERE t.day > ${month} AND t.day < ${`${month}~`}
        GROUP BY t.company_id, t.platform_mark, SUBSTR(t.day, 1, 7)`.execute(tx);
      await sql`INSERT INTO stat_group_month (platform_mark, month, department_id, subsidiary_id, sale_partner_id, company_count,
          net_amount)
        SELECT t.platform_mark, t.month, t.department_id, t.subsidiary_id, ${partner}, COUNT(*), SUM(t.net_amount)
        FROM stat_company_month t LEFT JOIN companies c ON c.id = t.company_id WHERE t.month = ${month}
        GROUP BY t.platform_mark, t.month, t.department_id, t.subsidiary_id, ${partner}`.execute(tx);
    });
  const addedColumns = sql.raw(
    [...METRIC_COLUMNS.map((column) => `${column} = stat_company_day.${column} + excluded.${column}`)].join(', '),
  );
  /**
   * A day's company rows, REBUILD_CHUNK entries at a time in (create_time, id) order (the ledger_time index): a
   * day of a large payroll is hundreds of thousands of entries, and one statement over them all would hold
   * SQLite's connection, and with it the event loop, for as long. Entries posted while the day is rebuilt (ids
   * above the first step's highest) are already counted by their own postings (addToRollups), so the chunks read
   * only the entries that existed when the day's rows were cleared.
   */
  const rebuildDay = async (after: string, day: string) => {
    const lastId = await db.transaction().execute(async (tx) => {
      for (const table of ['stat_company_day', 'stat_group_day'] as const) {
        await sql`DELETE FROM ${sql.table(table)} WHERE day > ${after} AND day <= ${day}`.execute(tx);
      }
      const row = await tx
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    });
    const ofDay = sql`e.create_time >= ${day} AND e.create_time < ${`${day}~`} AND e.id <= ${lastId}`;
    let cursor: { time: string; id: number } = { time: day, id: 0 };
    for (;;) {
      const end = await sql<{ create_time: string; id: number }>`SELECT e.create_time, e.id FROM ledger_entries e
        WHERE ${ofDay} AND (e.create_time > ${cursor.time} OR (e.create_time = ${cursor.time} AND e.id > ${cursor.id}))
        ORDER BY e.create_time, e.id LIMIT 1 OFFSET ${sql.lit(REBUILD_CHUNK - 1)}`.execute(db);
      const last = end.rows[0];
      const upTo = last
        ? sql`AND (e.create_time < ${last.create_time} OR (e.create_time = ${last.create_time} AND e.id <= ${last.id}))`
        : sql``;
      await sql`INSERT INTO stat_company_day (company_id, platform_mark, day, department_id, subsidiary_id, ${columns})
        SELECT e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10), MAX(${dept}), MAX(${sub}), ${SUMS} ${from}
        WHERE ${ofDay}
          AND (e.create_time > ${cursor.time} OR (e.create_time = ${cursor.time} AND e.id > ${cursor.id})) ${upTo}
        GROUP BY e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10)
        ON CONFLICT (company_id, platform_mark, day) DO UPDATE SET ${addedColumns}`.execute(db);
      if (!last) break;
      cursor = { time: String(last.create_time), id: Number(last.id) };
      await yieldTurn();
    }
    await db.transaction().execute(async (tx) => {
      await sql`DELETE FROM stat_group_day WHERE day = ${day}`.execute(tx);
      await sql`INSERT INTO stat_group_day (${groupColumns})
        SELECT t.platform_mark, t.day, t.department_id, t.subsidiary_id, ${partner}, ${metricSums}, COUNT(*)
        FROM stat_company_day t LEFT JOIN companies c ON c.id = t.company_id WHERE t.day = ${day}
        GROUP BY t.platform_mark, t.day, t.department_id, t.subsidiary_id, ${partner}`.execute(tx);
    });
  };
  // Days (and months) are rebuilt in order; each step also drops the rows of the days before it that have no
  // entries, and the last step those after the ledger's last day.
  let previousDay = '';
  let previousMonth = '';
  let month: string | null = null;
  for (let day = await nextDay(''); day !== null; day = await nextDay(`${day}~`)) {
    if (month !== null && day.slice(0, 7) !== month) {
      await rebuildMonth(previousMonth, month);
      previousMonth = month;
      await yieldTurn();
    }
    month = day.slice(0, 7);
    await rebuildDay(previousDay, day);
    previousDay = day;
    await yieldTurn();
  }
  if (month !== null) await rebuildMonth(previousMonth, month);
  await db.transaction().execute(async (tx) => {
    for (const table of ['stat_company_day', 'stat_group_day'] as const) {
      await sql`DELETE FROM ${sql.table(table)} WHERE day > ${previousDay}`.execute(tx);
    }
    for (const table of ['stat_company_month', 'stat_group_month'] as const) {
      await sql`DELETE FROM ${sql.table(table)} WHERE month > ${month ?? ''}`.execute(tx);
    }
  });
}
