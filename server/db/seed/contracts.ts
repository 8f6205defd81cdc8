import type { Insertable } from 'kysely';
import { agreementKindOfName } from '../../../src/domain/enterprises';
import type { Db } from '../database';
import type { ContractTable } from '../schema';
import { chinaTime, parseChinaTime } from '../time';
import { personName } from './companyNames';
import { enterpriseFor, type SeededEnterprise } from './enterprises';
import type { Random } from './random';

/** Contracts of the demo companies besides the hand-made ones of companies 1-4. */
export const DEMO_CONTRACT_COUNT = 5000;

const DAY = 86400_000;

const KINDS = [
  '平台合作协议',
  '灵活用工综合服务协议',
  '委托代征协议',
  '业务外包服务合同',
  '人力资源服务协议',
  '合伙人合作协议',
  '渠道推广合作协议',
  'SaaS平台技术服务合同',
];

/** Status of a contract as the screens show it (CONTRACT_STATUS), from what is stored beside it. */
export function contractStatusOf(signStatus: number, endDate: string, today: string): number {
  if (signStatus !== 1) return 2;
  return endDate >= today ? 1 : 0;
}

interface Company {
  id: number;
  platformMark: number;
  createdAt: number;
}

interface Plan {
  /** When the contract was drawn up (epoch ms). */
  createdAt: number;
  /** Days from creation to the start date, and the length of the term in days. */
  startAfterDays: number;
  termDays: number;
  signed: boolean;
  voided?: boolean;
}

/**
 * Seeds the demo contracts: a known set for the demo merchants' companies (1: merchant, 2-4: xgm's), some of
 * them ending within 30 days, then DEMO_CONTRACT_COUNT spread over every company, every category and status.
 * The stored contract status agrees with the sign status and the end date as of today.
 */
export async function seedContracts(db: Db, random: Random, enterprises: readonly SeededEnterprise[]): Promise<void> {
  const now = Date.now();
  const today = chinaTime(now).slice(0, 10);
  const companies: Company[] = (
    await db.selectFrom('companies').select(['id', 'platform_mark', 'create_time']).orderBy('id').execute()
  ).map((row) => ({
    id: Number(row.id),
    platformMark: row.platform_mark,
    createdAt: parseChinaTime(row.create_time),
  }));
  let sequence = 0;

  const row = (company: Company, plan: Plan): Insertable<ContractTable> => {
    sequence += 1;
    const createTime = chinaTime(plan.createdAt);
    const start = plan.createdAt + plan.startAfterDays * DAY;
    const startDate = chinaTime(start).slice(0, 10);
    const endDate = chinaTime(start + (plan.termDays - 1) * DAY).slice(0, 10);
    // Signed within three days of being drawn up, but never after the seed runs (no contract signed in the future).
    const signTime = plan.signed ? chinaTime(Math.min(plan.createdAt + random.int(1, 72) * 3600_000, now)) : null;
    const signStatus = plan.signed ? 1 : 0;
    const year = startDate.slice(0, 4);
    const nm = `${random.pick(KINDS)}（${year}年度）`;
    return {
      company_id: company.id,
      nm,
      agreement_type: agreementKindOfName(nm),
      sign_mode: plan.signed ? 1 : null,
      contract_no: `HT${createTime.slice(0, 10).replace(/-/g, '')}${String(sequence).padStart(6, '0')}`,
      csort: random.int(1, 10),
      contract_status: contractStatusOf(signStatus, endDate, today),
      sign_status: signStatus,
      data_status: plan.voided ? 0 : 1,
      // One of the company's edition's enterprises (never the locked one), as the old ids 1-6 were picked.
      enterprise_id: random.next() < 0.9 ? enterpriseFor(enterprises, company.platformMark, random.int(1, 6)).id : null,
      industry_id: random.next() < 0.8 ? random.int(1, 12) : null,
      sign_nm: personName(random),
      start_date: startDate,
      end_date: endDate,
      sign_time: signTime,
      platform_mark: company.platformMark,
      create_time: createTime,
      update_time: signTime ?? createTime,
    };
  };

  const rows: Insertable<ContractTable>[] = [];
  // Known contracts of the demo merchants' companies. A term that started `ago` days back and ends `left`
  // days from today: (left >= 0) valid, (left < 0) expired.
  const known = (companyId: number, ago: number, left: number, signed = true, voided = false) => {
    const company = companies.find((item) => item.id === companyId);
    if (!company) return;
    rows.push(
      row(company, {
        createdAt: now - (ago + 3) * DAY - random.int(0, 8 * 3600) * 1000,
        startAfterDays: 3,
        termDays: ago + left + 1,
        signed,
        voided,
      }),
    );
  };
  // Company 1 (merchant): three ending within 30 days, valid ones ending later, expired, unsigned (one of them
  // ending within 30 days), voided (one of them ending within 30 days).
  for (const left of [3, 12, 27]) known(1, 365 - left, left);
  for (const left of [45, 200, 400]) known(1, 300, left);
  for (const ago of [480, 420]) known(1, ago, -(ago - 365));
  known(1, 2, 363, false);
  known(1, 10, 355, false);
  known(1, 340, 15, false);
  known(1, 100, 20, true, true);
  known(1, 60, 305, true, true);
  // xgm's companies: company 2 has one ending within 30 days; 3 and 4 a few of each kind.
  for (const companyId of [2, 3, 4]) {
    if (companyId === 2) known(2, 340, 8);
    known(companyId, 200, 165);
    known(companyId, 400, -35);
    known(companyId, 5, 360, false);
  }

  for (let index = 0; index < DEMO_CONTRACT_COUNT; index += 1) {
    const company = random.pick(companies);
    const createdAt = company.createdAt + Math.floor(random.next() * Math.max(now - company.createdAt, DAY));
    rows.push(
      row(company, {
        createdAt: Math.min(createdAt, now),
        startAfterDays: random.int(0, 10),
        termDays: random.pick([365, 365, 730, 1095, 180]),
        signed: random.next() < 0.8,
        voided: random.next() < 0.06,
      }),
    );
  }
  // Inserted in creation order, so ids grow with create_time as they would in production.
  rows.sort((a, b) => (a.create_time < b.create_time ? -1 : a.create_time > b.create_time ? 1 : 0));
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('contracts')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}
