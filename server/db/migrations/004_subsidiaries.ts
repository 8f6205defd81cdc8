import type { Kysely } from 'kysely';

/**
 * Subsidiaries (/adPartnerManageSub): the table exists since 001; this adds what its screens need.
 * - sname is unique (the API answers 分公司名称已存在 first; the index settles a race between two saves);
 * - lists are ordered by create_time, id, alone or within one department (the department filter and
 *   the department scope of customer service and partners).
 * Status, virtual flag and edition have two values each over a few dozen rows: no index of their own.
 */
const INDEXES: readonly [name: string, columns: string[]][] = [
  ['subsidiaries_create_time', ['create_time', 'id']],
  ['subsidiaries_department_time', ['department_id', 'create_time', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('subsidiaries_sname').unique().on('subsidiaries').column('sname').execute();
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('subsidiaries').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['subsidiaries_sname', ...INDEXES.map(([index]) => index)]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
