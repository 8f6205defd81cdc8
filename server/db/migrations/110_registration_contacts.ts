import type { Kysely } from 'kysely';

/**
 * Registration asks for the legal person and the contact, so an activated company no longer
 * shows both blank: the registration keeps them until activation copies them onto the company.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('legal_person_name', 'varchar(32)').execute();
  await db.schema.alterTable('registrations').addColumn('linkman_name', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('linkman_name').execute();
  await db.schema.alterTable('registrations').dropColumn('legal_person_name').execute();
}
