import type { Kysely } from 'kysely';
import { migrationChinaTime, sql } from './columns';

/**
 * The enterprises bound to a company (company_enterprises, /adMerchant → 绑定签约主体) are now the only ones it may
 * sign, pay or invoice with (server/enterprises/signingEntities.ts), and a company with no binding works with none.
 * A company that already worked with enterprises before that rule keeps them: each company without any binding is
 * bound to the enterprises of its edition that its valid contracts, its worker agreements or its workers name.
 * Companies the operator has bound are left as bound; companies that worked with nobody stay unbound.
 */
export async function bindEnterprisesInUse(db: Kysely<any>, now: string): Promise<void> {
  await sql`INSERT INTO company_enterprises (company_id, enterprise_id, create_time)
    SELECT DISTINCT used.company_id, used.enterprise_id, ${now}
    FROM (
      SELECT company_id, enterprise_id FROM contracts WHERE data_status = 1 AND enterprise_id IS NOT NULL
      UNION SELECT company_id, enterprise_id FROM worker_agreements WHERE enterprise_id IS NOT NULL
      UNION SELECT company_id, enterprise_id FROM workers WHERE enterprise_id IS NOT NULL
    ) used
    JOIN companies c ON c.id = used.company_id
    JOIN enterprises e ON e.id = used.enterprise_id AND e.platform_mark = c.platform_mark
    WHERE NOT EXISTS (SELECT 1 FROM company_enterprises bound WHERE bound.company_id = used.company_id)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await bindEnterprisesInUse(db, migrationChinaTime());
}

export async function down(): Promise<void> {
  // The bindings made here are bindings like any other: an operator may have kept or changed them since.
}
