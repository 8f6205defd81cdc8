import type { Kysely } from 'kysely';

/**
 * A partner's scope is `company_id IN (SELECT id FROM companies WHERE department_id IN (…) AND sale_partner_id = ?)`
 * (server/auth/scope.ts). With only (sale_partner_id) the list read every one of the partner's company rows for its
 * department (12 000 random reads at 100 000 companies, most of a partner's statistics page on SQLite); with
 * (sale_partner_id, department_id, id) it is a range of one index. It replaces the (sale_partner_id) index of
 * migration 103, its prefix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('companies_sale_partner_department')
    .on('companies')
    .columns(['sale_partner_id', 'department_id', 'id'])
    .execute();
  await db.schema.dropIndex('companies_sale_partner').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('companies_sale_partner').on('companies').column('sale_partner_id').execute();
  await db.schema.dropIndex('companies_sale_partner_department').ifExists().execute();
}
