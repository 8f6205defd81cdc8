import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { ENTERPRISE_MSG, ENTERPRISE_STATUS_CODE as STATUS, VIP_LEVEL } from '../../src/domain/enterprises';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { BusinessError, fail } from '../http/errors';
import { boundTo, unboundReason } from './signingEntities';

/**
 * What other domains ask of enterprises (they call these, never the tables): does it exist, may it take new
 * payouts or signings, which enterprise does a company settle through, what does a level pay.
 */

export interface EnterpriseSummary {
  id: number;
  name: string;
  shortName: string;
  platformMark: number;
  status: number;
  statusReason: string | null;
  uploadEnabled: number;
  /** 1: it settles with workers itself and reports payout results by webhook. */
  reportsPayouts: number;
}

const SUMMARY = [
  'enterprises.id as id',
  'enterprises.name as name',
  'enterprises.short_name as shortName',
  'enterprises.platform_mark as platformMark',
  'enterprises.status as status',
  'enterprises.status_reason as statusReason',
  'enterprises.upload_enabled as uploadEnabled',
  'enterprises.reports_payouts as reportsPayouts',
] as const;

function summaryOf(row: Record<string, unknown>): EnterpriseSummary {
  return {
    id: Number(row.id),
    name: String(row.name),
    shortName: String(row.shortName),
    platformMark: Number(row.platformMark),
    status: Number(row.status),
    statusReason: (row.statusReason as string | null) ?? null,
    uploadEnabled: Number(row.uploadEnabled),
    reportsPayouts: Number(row.reportsPayouts),
  };
}

export async function findEnterprise(db: Db, id: number): Promise<EnterpriseSummary | undefined> {
  const row = await db.selectFrom('enterprises').select(SUMMARY).where('id', '=', id).executeTakeFirst();
  return row ? summaryOf(row) : undefined;
}

/** The enterprise, or 主体不存在. */
export async function enterpriseOrFail(db: Db, id: number): Promise<EnterpriseSummary> {
  const found = await findEnterprise(db, id);
  if (!found) fail('主体不存在');
  return found;
}

/**
 * Enterprises for a picker, in their rank order; `usableOnly` leaves out locked ones; `platformMarks` the editions;
 * `boundToCompany` offers only the enterprises bound to that company (signingEntities.ts: a merchant's pickers).
 */
export async function enterpriseOptions(
  db: Db,
  options: { platformMark?: number; usableOnly?: boolean; platformMarks?: readonly number[]; boundToCompany?: number },
): Promise<EnterpriseSummary[]> {
  const marks = options.platformMarks;
  const rows = await db
    .selectFrom('enterprises')
    .select(SUMMARY)
    .$if(options.platformMark !== undefined, (query) => query.where('platform_mark', '=', options.platformMark!))
    .$if(marks !== undefined, (query) => query.where('platform_mark', 'in', marks?.length ? [...marks] : [-1]))
    .$if(!!options.usableOnly, (query) => query.where('status', '<>', STATUS.locked))
    .$if(options.boundToCompany !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('company_enterprises')
            .select('company_enterprises.id')
            .where('company_enterprises.company_id', '=', options.boundToCompany!)
            .whereRef('company_enterprises.enterprise_id', '=', 'enterprises.id'),
        ),
      ),
    )
    .orderBy('rank')
    .orderBy('id')
    .execute();
  return rows.map(summaryOf);
}

/** Refuses new work (a payout, a signing) with a locked enterprise. */
export function assertAcceptsNewWork(enterprise: EnterpriseSummary): void {
  if (enterprise.status === STATUS.locked) fail(ENTERPRISE_MSG.locked(enterprise.name));
}

/**
 * A risky enterprise needs the caller's explicit `confirmRisk: true`; without it the answer is 1040400 with the
 * text to confirm and content { riskConfirm: { enterpriseId, enterpriseName, reason } }, which the UI turns into
 * a confirmation dialog before asking again.
 */
export function assertRiskConfirmed(enterprise: EnterpriseSummary, confirmRisk: unknown): void {
  if (enterprise.status !== STATUS.risky || confirmRisk === true) return;
  throw new BusinessError(ENTERPRISE_MSG.riskyConfirm(enterprise.name, enterprise.statusReason), CODE_BUSINESS_ERROR, {
    riskConfirm: { enterpriseId: enterprise.id, enterpriseName: enterprise.name, reason: enterprise.statusReason },
  });
}

/** What a page shows before new work with an enterprise: its risk to confirm, or why it refuses. */
export interface EnterpriseNotice {
  enterpriseId: number;
  enterpriseName: string;
  status: number;
  riskText: string | null;
  lockedText: string | null;
}

export function enterpriseNotice(enterprise: EnterpriseSummary): EnterpriseNotice {
  return {
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.name,
    status: enterprise.status,
    riskText:
      enterprise.status === STATUS.risky ? ENTERPRISE_MSG.riskyConfirm(enterprise.name, enterprise.statusReason) : null,
    lockedText: enterprise.status === STATUS.locked ? ENTERPRISE_MSG.locked(enterprise.name) : null,
  };
}

function signedContracts(db: Db, companyId: number, platformMark: number) {
  const today = chinaTime().slice(0, 10);
  return db
    .selectFrom('contracts')
    .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .select(SUMMARY)
    .where('contracts.company_id', '=', companyId)
    .where('contracts.platform_mark', '=', platformMark)
    .where('contracts.sign_status', '=', 1)
    .where('contracts.data_status', '=', 1)
    .where('contracts.end_date', '>=', today)
    .orderBy('contracts.sign_time', 'desc')
    .orderBy('contracts.id', 'desc');
}

/**
 * The enterprise a company settles through in an edition: the one of its newest signed, valid (not voided, not
 * expired) contract with an enterprise bound to the company (signingEntities.ts); undefined when it has none.
 */
export async function companyEnterprise(
  db: Db,
  companyId: number,
  platformMark: number,
): Promise<EnterpriseSummary | undefined> {
  const row = await signedContracts(db, companyId, platformMark)
    .where(boundTo('contracts.company_id', 'contracts.enterprise_id'))
    .executeTakeFirst();
  return row ? summaryOf(row) : undefined;
}

/**
 * The enterprise a payout or an invoice of the company goes through: companyEnterprise. A company whose signed
 * contracts are all with enterprises not bound to it is refused (the newest one's name says which) instead of being
 * let through with none; a company with no signed contract names no enterprise (undefined), as before.
 */
export async function payingEnterprise(
  db: Db,
  companyId: number,
  platformMark: number,
): Promise<EnterpriseSummary | undefined> {
  const bound = await companyEnterprise(db, companyId, platformMark);
  if (bound) return bound;
  const unbound = await signedContracts(db, companyId, platformMark).executeTakeFirst();
  if (unbound) {
    const reason = await unboundReason(db, companyId, Number(unbound.id));
    if (reason) fail(reason);
  }
  return undefined;
}

/**
 * A payout submit's check: the company's enterprise must be bound to it (payingEnterprise) and not locked, and a
 * risky one needs confirmRisk true. Answers the enterprise whose webhook will report the items' results (one that
 * settles with workers itself), else null.
 */
export async function assertCompanyMayPayOut(
  db: Db,
  companyId: number,
  platformMark: number,
  confirmRisk: unknown,
): Promise<number | null> {
  const enterprise = await payingEnterprise(db, companyId, platformMark);
  if (enterprise) {
    assertAcceptsNewWork(enterprise);
    assertRiskConfirmed(enterprise, confirmRisk);
  }
  return enterprise?.reportsPayouts === 1 ? enterprise.id : null;
}

/** Whether the company settles through this enterprise (has a signed contract with it, any edition). */
export async function companyWorksWith(db: Db, companyId: number, enterpriseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contracts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('enterprise_id', '=', enterpriseId)
    .where('sign_status', '=', 1)
    .where('data_status', '=', 1)
    .executeTakeFirst();
  return !!row;
}

export interface LevelRate {
  enterpriseId: number;
  level: number;
  levelName: string;
  /** 1/10000: 600 = 6.00%. */
  rate: number;
}

const RATE_COLUMN = { 1: 'rate_level1', 2: 'rate_level2', 3: 'rate_level3' } as const;

/** The enterprise's rate per VIP level (every level, or the one asked for). */
export async function levelRates(db: Db, enterpriseId: number, level?: number): Promise<LevelRate[]> {
  const row = await db
    .selectFrom('enterprises')
    .select(['id', 'rate_level1', 'rate_level2', 'rate_level3'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) fail('主体不存在');
  return VIP_LEVEL.filter((choice) => level === undefined || choice.id === level).map((choice) => ({
    enterpriseId,
    level: choice.id,
    levelName: choice.name,
    rate: Number(row[RATE_COLUMN[choice.id as 1 | 2 | 3]]),
  }));
}
