import type { ServiceCharge } from '../../../src/domain/session';
import { agentSignedEditions } from '../../contracts/agentSign.repository';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import type { Tx } from '../ledger/ledger';

/** service_rates.target_kind */
export const RATE_TARGET = { company: 1, partner: 2 } as const;

type Reader = Db | Tx;

/** The China date (YYYY-MM-DD) of a China time text or epoch milliseconds. */
export function rateDay(at: string | number): string {
  return (typeof at === 'number' ? chinaTime(at) : at).slice(0, 10);
}

async function latestRate(
  db: Reader,
  column: 'company_id' | 'partner_id',
  id: number,
  platformMark: number,
  day: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('service_rates')
    .select('rate')
    .where('target_kind', '=', column === 'company_id' ? RATE_TARGET.company : RATE_TARGET.partner)
    .where(column, '=', id)
    .where('platform_mark', '=', platformMark)
    .where('effective_date', '<=', day)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.rate) : undefined;
}

/** Where a company's rate in force comes from: its own, its sale partner's, the activation's, or none (0). */
export type RateSource = 'company' | 'partner' | 'activation' | 'none';

/**
 * The service-charge rate (1/10000) a company pays in an edition on a day and where it comes from: its own rate in
 * force that day (/adJcyHappyElimination); else the rate of its sale partner in force that day (/adPartnerFlow);
 * else the rate given at activation (service_charges); else 0. The company's setup checklist reads the source.
 */
export async function rateWithSource(
  db: Reader,
  companyId: number,
  platformMark: number,
  at: string | number = Date.now(),
): Promise<{ rate: number; source: RateSource }> {
  const day = rateDay(at);
  const own = await latestRate(db, 'company_id', companyId, platformMark, day);
  if (own !== undefined) return { rate: own, source: 'company' };
  const company = await db
    .selectFrom('companies')
    .select('sale_partner_id')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (company?.sale_partner_id != null) {
    const partner = await latestRate(db, 'partner_id', Number(company.sale_partner_id), platformMark, day);
    if (partner !== undefined) return { rate: partner, source: 'partner' };
  }
  const base = await db
    .selectFrom('service_charges')
    .select('rate')
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', platformMark)
    .orderBy('id')
    .executeTakeFirst();
  return base ? { rate: Number(base.rate), source: 'activation' } : { rate: 0, source: 'none' };
}

/** The rate of rateWithSource: every payout and GET /api/v1/servicecharge read it here. */
export async function rateInForce(
  db: Reader,
  companyId: number,
  platformMark: number,
  at: string | number = Date.now(),
): Promise<number> {
  return (await rateWithSource(db, companyId, platformMark, at)).rate;
}

/**
 * The company's service charges today, one per edition it has a rate in (activation rate, own rate or its
 * partner's), as the login answer and GET /api/v1/servicecharge carry them.
 */
export async function currentCharges(db: Reader, companyId: number, at: number = Date.now()): Promise<ServiceCharge[]> {
  const [base, company] = await Promise.all([
    db
      .selectFrom('service_charges')
      .select(['company_type', 'platform_mark'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute(),
    db.selectFrom('companies').select('sale_partner_id').where('id', '=', companyId).executeTakeFirst(),
  ]);
  const day = rateDay(at);
  const marks = new Map<number, number>();
  for (const row of base) if (!marks.has(row.platform_mark)) marks.set(row.platform_mark, row.company_type);
  let rated = db
    .selectFrom('service_rates')
    .select('platform_mark')
    .distinct()
    .where('effective_date', '<=', day)
    .where((eb) => eb.and([eb('target_kind', '=', RATE_TARGET.company), eb('company_id', '=', companyId)]));
  if (company?.sale_partner_id != null) {
    const partnerId = Number(company.sale_partner_id);
    rated = db
      .selectFrom('service_rates')
      .select('platform_mark')
      .distinct()
      .where('effective_date', '<=', day)
      .where((eb) =>
        eb.or([
          eb.and([eb('target_kind', '=', RATE_TARGET.company), eb('company_id', '=', companyId)]),
          eb.and([eb('target_kind', '=', RATE_TARGET.partner), eb('partner_id', '=', partnerId)]),
        ]),
      );
  }
  for (const row of await rated.execute()) if (!marks.has(row.platform_mark)) marks.set(row.platform_mark, 1);
  const charges: ServiceCharge[] = [];
  const signed = await agentSignedEditions(db, companyId);
  for (const [platformMark, companyType] of [...marks].sort((a, b) => a[0] - b[0])) {
    const rate = await rateInForce(db, companyId, platformMark, at);
    charges.push({ companyType, rate, platformMark, isCheck: signed.has(platformMark) ? 1 : 0 });
  }
  return charges;
}
