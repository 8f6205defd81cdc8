import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { withRunClaim } from '../system/runClaims';
import { rebuildSchema } from './rebuild.schemas';
import { rebuildStatistics } from './rollups';

/**
 * 系统工具 › 重建统计汇总 (UI_SYSTEM_TOOL): POST /api/v1/systemtools/statistics/rebuild recomputes every rollup
 * row from the ledger (rollups.ts rebuildStatistics, a day at a time) and answers what it found and left: per
 * rollup table its rows, entries and net amount before and after, next to the ledger's own count and sum, and
 * which tables had drifted. One operation-log entry (resource adAdminTool, action statisticsRebuild). One rebuild at a
 * time (system/runClaims.ts): a second one while it runs is refused.
 */
const TABLES = {
  companyDay: 'stat_company_day',
  companyMonth: 'stat_company_month',
  groupDay: 'stat_group_day',
} as const;
type TableKey = keyof typeof TABLES;

export interface RollupTotals {
  rows: number;
  entries: number;
  net: number;
  /** 已开票金额 summed: the rebuild recomputes it from the batches and their issued invoices. */
  invoiced: number;
}

async function rollupTotals(db: Db): Promise<Record<TableKey, RollupTotals>> {
  const entries = await Promise.all(
    (Object.entries(TABLES) as [TableKey, (typeof TABLES)[TableKey]][]).map(async ([key, table]) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('rows'),
          eb.fn.sum<number | string | null>('entry_count').as('entries'),
          eb.fn.sum<number | string | null>('net_amount').as('net'),
          eb.fn.sum<number | string | null>('invoiced_amount').as('invoiced'),
        ])
        .executeTakeFirstOrThrow();
      const totals = {
        rows: Number(row.rows),
        entries: Number(row.entries ?? 0),
        net: Number(row.net ?? 0),
        invoiced: Number(row.invoiced ?? 0),
      };
      return [key, totals] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<TableKey, RollupTotals>;
}

async function ledgerTotals(db: Db): Promise<{ entries: number; net: number }> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('entries'),
      eb.fn.sum<number | string | null>('amount').as('net'),
    ])
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), net: Number(row.net ?? 0) };
}

const same = (a: RollupTotals, b: RollupTotals) =>
  a.rows === b.rows && a.entries === b.entries && a.net === b.net && a.invoiced === b.invoiced;

export async function statisticsRebuildRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.post(
    '/api/v1/systemtools/statistics/rebuild',
    { config: { access: { permissions: ['UI_SYSTEM_TOOL'] } }, schema: rebuildSchema },
    async (request) => {
      const auth = requireAuth(request);
      const started = Date.now();
      const claim = { job: 'statisticsRebuild', label: '统计重建', operator: auth.displayName };
      const { before, after, ledger } = await withRunClaim(db, claim, async () => {
        const totalsBefore = await rollupTotals(db);
        await rebuildStatistics(db);
        const [totalsAfter, ledgerNow] = await Promise.all([rollupTotals(db), ledgerTotals(db)]);
        return { before: totalsBefore, after: totalsAfter, ledger: ledgerNow };
      });
      const keys = Object.keys(TABLES) as TableKey[];
      const changed = keys.filter((key) => !same(before[key], after[key]));
      const consistent = keys.every((key) => after[key].entries === ledger.entries && after[key].net === ledger.net);
      const summary = {
        rebuildTime: chinaTime(),
        durationMs: Date.now() - started,
        ledger,
        tables: keys.map((key) => ({ key, table: TABLES[key], before: before[key], after: after[key] })),
        changed,
        consistent,
      };
      await recordOperation(db, request, auth, {
        action: 'statisticsRebuild',
        resource: 'adAdminTool',
        recordId: null,
        changes: {
          ledgerEntries: [null, ledger.entries],
          changedTables: [null, changed.map((key) => TABLES[key]).join(',') || '无'],
          durationMs: [null, summary.durationMs],
        },
      });
      const message = !consistent
        ? '重建完成，但汇总与账本仍不一致，请联系技术人员'
        : changed.length === 0
          ? '重建完成：统计汇总原本就与账本一致'
          : `重建完成：已修正 ${changed.length} 张汇总表，现与账本一致`;
      return ok(summary, message);
    },
  );
}
