import type { FastifyInstance } from 'fastify';
import { chinaToday } from '../../src/domain/chinaTime';
import type { PlatformMark } from '../../src/domain/editions';
import { ROLE } from '../../src/domain/roles';
import { addDays } from '../../src/domain/statistics/period';
import { findReport } from '../../src/domain/statistics/reports';
import { TREND_DAYS, type TrendDay } from '../../src/domain/statistics/trend';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { companyScope } from '../auth/scope';
import type { Db } from '../db/database';
import { ok } from '../http/envelope';
import { assertEditionAccess, editionParam } from '../money/editionAccess';
import { homeTrendSchema } from './homeTrend.schemas';
import { timeBuckets } from './reports.repository';
import { rollupScope } from './reports.routes';

/**
 * GET /api/v1/home/trend?platformmark=1|3 → the last 30 China days (today included), oldest first, each with the
 * day's top-ups, payouts and service charges in 1/10000 yuan; days without movement are zeros.
 * A merchant sees its own company (the session's edition; platformmark is ignored). Staff see the 平台业绩 report
 * of their scope (departments, a partner's companies), so only a role that may open that report sees the trend.
 * Both read the statistics rollups that every ledger entry keeps current, never the ledger itself.
 */
const PLATFORM_REPORT = { 1: '/adPlatform', 3: '/adSmallPlatform' } as const;

function emptyDays(today: string): TrendDay[] {
  return Array.from({ length: TREND_DAYS }, (_, index) => ({
    day: addDays(today, index - TREND_DAYS + 1),
    topupAmount: 0,
    payoutAmount: 0,
    chargeAmount: 0,
  }));
}

async function companyTrend(db: Db, companyId: number, platformMark: number, today: string): Promise<TrendDay[]> {
  const days = emptyDays(today);
  const rows = await db
    .selectFrom('stat_company_day')
    .select(['day', 'topup_amount', 'payout_amount', 'charge_amount'])
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', platformMark)
    .where('day', '>=', days[0].day)
    .where('day', '<=', today)
    .execute();
  const byDay = new Map(days.map((day) => [day.day, day]));
  for (const row of rows) {
    const day = byDay.get(String(row.day).slice(0, 10));
    if (!day) continue;
    day.topupAmount += Number(row.topup_amount);
    day.payoutAmount += Number(row.payout_amount);
    day.chargeAmount += Number(row.charge_amount);
  }
  return days;
}

async function scopedTrend(
  db: Db,
  auth: Parameters<typeof companyScope>[0],
  mark: PlatformMark,
  today: string,
): Promise<TrendDay[]> {
  const declaration = findReport(PLATFORM_REPORT[mark]);
  if (!declaration) throw new Error(`reports.ts has no ${PLATFORM_REPORT[mark]}`);
  assertEditionAccess(auth, { 1: declaration.codes[1] ?? [], 3: declaration.codes[3] ?? [] }, mark);
  const days = emptyDays(today);
  const scope = companyScope(auth);
  const rows = await timeBuckets(db, {
    platformMark: mark,
    period: { type: 'range', from: days[0].day, to: today },
    departmentIds: scope.departmentIds,
    salePartnerId: scope.salePartnerId,
    companyScope: rollupScope(scope),
  });
  const byDay = new Map(days.map((day) => [day.day, day]));
  for (const row of rows) {
    const day = byDay.get(String(row.bucket).slice(0, 10));
    if (!day) continue;
    day.topupAmount = Number(row.topupAmount ?? 0);
    day.payoutAmount = Number(row.payoutAmount ?? 0);
    day.chargeAmount = Number(row.chargeAmount ?? 0);
  }
  return days;
}

export async function homeTrendRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/home/trend', { schema: homeTrendSchema }, async (request) => {
    const auth = requireAuth(request);
    const today = chinaToday();
    if (auth.roleId === ROLE.merchant) {
      return ok(await companyTrend(db, auth.companyId ?? -1, auth.platformMark, today));
    }
    const raw = (request.query as { platformmark?: unknown }).platformmark;
    const mark = raw === undefined || raw === '' ? 1 : editionParam(raw);
    return ok(await scopedTrend(db, auth, mark, today));
  });
}
