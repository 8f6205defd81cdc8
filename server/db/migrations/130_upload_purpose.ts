import type { Kysely } from 'kysely';

/**
 * `uploads.purpose`: what an upload is for (server/files/fileReferences.ts, FILE_PURPOSES). The uploader is already
 * kept (owner_user_id, owner_company_id); the purpose is claimed when a record first takes the file, and a file of
 * one purpose is never accepted for another. Existing files get the purpose of the first record that holds them;
 * the server's own files (signed agreements) are 'generated'.
 */
const URL_COLUMNS: readonly (readonly [table: string, column: string, purpose: string])[] = [
  ['invoices', 'invoice_file_url', 'invoice_file'],
  ['tax_certificates', 'file_url', 'tax_certificate'],
  ['recharges', 'voucher_url', 'recharge_voucher'],
  ['registrations', 'license_url', 'registration'],
  ['registrations', 'student_card_url', 'registration'],
  ['agreement_templates', 'file_url', 'agreement_template'],
  ['feedbacks', 'image1_url', 'feedback_image'],
  ['feedbacks', 'image2_url', 'feedback_image'],
  ['feedbacks', 'image3_url', 'feedback_image'],
];
const ID_COLUMNS: readonly (readonly [table: string, column: string, purpose: string])[] = [
  ['contracts', 'file_id', 'generated'],
  ['contracts', 'paper_file_id', 'contract_paper'],
  ['notices', 'image_upload_id', 'notice'],
  ['notices', 'annex_upload_id', 'notice'],
];
const FILE_IN_URL = /\/api-v1\/dl\?file=(\d{1,15})(?:&|&amp;|$)/g;

async function claim(db: Kysely<any>, ids: Iterable<number>, purpose: string): Promise<void> {
  const list = [...new Set(ids)];
  for (let start = 0; start < list.length; start += 500) {
    await db
      .updateTable('uploads')
      .set({ purpose })
      .where('id', 'in', list.slice(start, start + 500))
      .where('purpose', 'is', null)
      .execute();
  }
}

function idsIn(text: unknown): number[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(FILE_IN_URL)].map((match) => Number(match[1]));
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('purpose', 'varchar(32)').execute();
  await backfillUploadPurposes(db);
}

/** Gives each file without a purpose the purpose of the first record kind that holds it. */
export async function backfillUploadPurposes(db: Kysely<any>): Promise<void> {
  for (const [table, column, purpose] of ID_COLUMNS) {
    const rows = await db.selectFrom(table).select(`${column} as fileId`).where(column, 'is not', null).execute();
    await claim(
      db,
      rows.map((row) => Number(row.fileId)),
      purpose,
    );
  }
  for (const [table, column, purpose] of URL_COLUMNS) {
    const rows = await db.selectFrom(table).select(`${column} as url`).where(column, 'is not', null).execute();
    await claim(
      db,
      rows.flatMap((row) => idsIn(row.url)),
      purpose,
    );
  }
  const articles = await db.selectFrom('help_articles').select('body_html').execute();
  await claim(
    db,
    articles.flatMap((row) => idsIn(row.body_html)),
    'help_image',
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('purpose').execute();
}
