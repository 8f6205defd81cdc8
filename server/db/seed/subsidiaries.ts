import { type Insertable, sql } from 'kysely';
import type { Db } from '../database';
import { isPostgres } from '../migrations/columns';
import type { SubsidiaryTable } from '../schema';
import { chinaTime } from '../time';
import type { Random } from './random';

/**
 * More demo subsidiaries beside the six of the foundation seed (ids 1-6, which companies refer to): some
 * disabled, one more virtual, both editions, in every department.
 */
const MORE: readonly Omit<Insertable<SubsidiaryTable>, 'create_time'>[] = [
  {
    sname: '南京分公司',
    department_id: 1,
    crm_company_name: '南京分公司（CRM）',
    is_virtual: 0,
    status: 1,
    platform_mark: 1,
  },
  { sname: '苏州分公司', department_id: 1, crm_company_name: null, is_virtual: 0, status: 0, platform_mark: 3 },
  {
    sname: '厦门分公司',
    department_id: 2,
    crm_company_name: '厦门分公司（CRM）',
    is_virtual: 0,
    status: 0,
    platform_mark: 1,
  },
  {
    sname: '武汉分公司',
    department_id: 3,
    crm_company_name: '武汉分公司（CRM）',
    is_virtual: 0,
    status: 1,
    platform_mark: 1,
  },
  { sname: '天津分公司', department_id: 3, crm_company_name: null, is_virtual: 0, status: 0, platform_mark: 1 },
  {
    sname: '西安分公司',
    department_id: 4,
    crm_company_name: '西安分公司（CRM）',
    is_virtual: 0,
    status: 1,
    platform_mark: 1,
  },
  { sname: '重庆虚拟分公司', department_id: 4, crm_company_name: null, is_virtual: 1, status: 1, platform_mark: 3 },
];

export async function seedSubsidiaries(db: Db, random: Random): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('subsidiaries')
    .values(
      MORE.map((item, index) => ({
        ...item,
        // After the first six (400-395 days ago), a few weeks apart.
        create_time: chinaTime(now - (360 - index * 40) * 86400_000 + random.int(0, 8 * 3600) * 1000),
      })),
    )
    .execute();
}

/**
 * 杭州滨江分公司 keeps id 51: the spec's rule "role 11 with subid 51" (src/domain/roleGrants.ts) names it, and the
 * demo account xgmkaipiao (role 11) belongs to it. PostgreSQL's sequence is moved past it, as SQLite's moves itself.
 */
export const GRANT_SUBSIDIARY_ID = 51;

export async function seedGrantSubsidiary(db: Db): Promise<void> {
  await db
    .insertInto('subsidiaries')
    .values({
      id: GRANT_SUBSIDIARY_ID,
      sname: '杭州滨江分公司',
      department_id: 1,
      crm_company_name: null,
      is_virtual: 0,
      status: 1,
      platform_mark: 3,
      create_time: chinaTime(Date.now() - 100 * 86400_000),
    })
    .execute();
  if (isPostgres(db)) {
    await sql`SELECT setval(pg_get_serial_sequence('subsidiaries', 'id'), (SELECT MAX(id) FROM subsidiaries))`.execute(
      db,
    );
  }
}
