import { type Kysely, sql } from 'kysely';
import { bigint, notNullDefault } from './columns';

/**
 * Agreements between a merchant and an enterprise are contracts with a kind (AGREEMENT_KIND: 1 服务协议,
 * 2 服务外包协议, 3 自由职业者协议, 4 开户合同; 0 other contracts, e.g. platform cooperation), the template they were
 * drawn from, the document (an upload: the draft to consent to, then the signed PDF and its SHA-256), how it
 * was signed (1 electronic, 2 paper) and the paper scan. Existing contracts get their kind from their name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('agreement_type', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('contracts').addColumn('template_id', bigint).execute();
  await db.schema.alterTable('contracts').addColumn('file_id', bigint).execute();
  await db.schema.alterTable('contracts').addColumn('file_sha256', 'varchar(64)').execute();
  await db.schema.alterTable('contracts').addColumn('sign_mode', 'integer').execute();
  await db.schema.alterTable('contracts').addColumn('paper_file_id', bigint).execute();
  await sql`update contracts set agreement_type = 1 where nm like '灵活用工综合服务协议%' or nm like '委托代征协议%'`.execute(
    db,
  );
  await sql`update contracts set agreement_type = 2 where nm like '业务外包服务合同%' or nm like '人力资源服务协议%'`.execute(
    db,
  );
  await sql`update contracts set sign_mode = 1 where sign_status = 1`.execute(db);
  await db.schema
    .createIndex('contracts_agreement')
    .on('contracts')
    .columns(['agreement_type', 'platform_mark', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('contracts_company_enterprise')
    .on('contracts')
    .columns(['company_id', 'enterprise_id', 'agreement_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contracts_company_enterprise').ifExists().execute();
  await db.schema.dropIndex('contracts_agreement').ifExists().execute();
  for (const column of ['paper_file_id', 'sign_mode', 'file_sha256', 'file_id', 'template_id', 'agreement_type']) {
    await db.schema.alterTable('contracts').dropColumn(column).execute();
  }
}
