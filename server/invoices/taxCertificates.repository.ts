import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { containsPattern } from '../db/textMatch';

/** Tax payment certificates as resources/taxCertificates.ts names them. */
export type CertificateRecord = {
  id: number;
  companyId: number;
  companyName: string;
  platformMark: number;
  period: string;
  fileUrl: string;
  fileName: string;
  remark: string | null;
  uploaderName: string | null;
  createTime: string;
  /** What a confirmation names: company and period. */
  summary: string;
};

const COLUMNS = {
  id: 'tax_certificates.id',
  companyId: 'tax_certificates.company_id',
  companyName: 'companies.name',
  platformMark: 'tax_certificates.platform_mark',
  period: 'tax_certificates.period',
  fileUrl: 'tax_certificates.file_url',
  fileName: 'tax_certificates.file_name',
  remark: 'tax_certificates.remark',
  uploaderName: 'uploader.display_name',
  createTime: 'tax_certificates.create_time',
} as const satisfies Record<Exclude<keyof CertificateRecord, 'summary'>, string>;

const SELECTED = Object.entries(COLUMNS).map(([source, column]) => sql.ref(column).as(source));

const SORT_COLUMNS: Record<string, string> = {
  id: COLUMNS.id,
  period: COLUMNS.period,
  createTime: COLUMNS.createTime,
};

function recordOf(row: Record<string, unknown>): CertificateRecord {
  const record = row as Omit<CertificateRecord, 'summary'>;
  return {
    ...record,
    id: Number(record.id),
    companyId: Number(record.companyId),
    platformMark: Number(record.platformMark),
    summary: `${record.companyName} ${record.period}`,
  };
}

function certificatesFrom(db: Db) {
  return db
    .selectFrom('tax_certificates')
    .innerJoin('companies', 'companies.id', 'tax_certificates.company_id')
    .leftJoin('users as uploader', 'uploader.id', 'tax_certificates.uploader_id');
}

export interface CertificateSearch extends CompanyScope {
  companyId?: number;
  departmentIds?: readonly number[];
  salePartnerId?: number;
  companyName?: string;
  period?: string;
}

function searchConditions(db: Db, search: CertificateSearch) {
  return (eb: ExpressionBuilder<Database, 'tax_certificates' | 'companies'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.companyId !== undefined) conditions.push(eb('tax_certificates.company_id', '=', search.companyId));
    const scoped = scopedCompanyIds(db, search);
    if (scoped) conditions.push(eb('tax_certificates.company_id', 'in', scoped));
    if (search.companyName) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`companies.name ${like} ${containsPattern(search.companyName)} ESCAPE '\\'`);
    }
    if (search.period) conditions.push(eb('tax_certificates.period', '=', search.period));
    return eb.and(conditions);
  };
}

export async function searchCertificates(
  db: Db,
  search: CertificateSearch,
  page: { sort: { field: string; order: 'asc' | 'desc' } | null; offset: number; limit: number },
): Promise<{ rows: CertificateRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    certificatesFrom(db)
      .select(SELECTED)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== COLUMNS.id, (query) => query.orderBy('tax_certificates.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('tax_certificates')
      .innerJoin('companies', 'companies.id', 'tax_certificates.company_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => recordOf(row as Record<string, unknown>)), total: Number(count.n) };
}

export async function findCertificate(db: Db, id: number): Promise<CertificateRecord | undefined> {
  const row = await certificatesFrom(db).select(SELECTED).where('tax_certificates.id', '=', id).executeTakeFirst();
  return row ? recordOf(row as Record<string, unknown>) : undefined;
}

export interface NewCertificate {
  companyId: number;
  platformMark: number;
  period: string;
  fileUrl: string;
  fileName: string;
  remark: string | null;
  uploaderId: number;
  createTime: string;
}

export async function insertCertificate(db: Db, certificate: NewCertificate): Promise<number> {
  const row = await db
    .insertInto('tax_certificates')
    .values({
      company_id: certificate.companyId,
      platform_mark: certificate.platformMark,
      period: certificate.period,
      file_url: certificate.fileUrl,
      file_name: certificate.fileName,
      remark: certificate.remark,
      uploader_id: certificate.uploaderId,
      create_time: certificate.createTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteCertificate(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tax_certificates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Companies by exact name (names are not unique): id and edition. */
export async function companiesNamed(db: Db, name: string): Promise<{ id: number; platformMark: number }[]> {
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'platform_mark as platformMark'])
    .where('name', '=', name)
    .limit(2)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), platformMark: Number(row.platformMark) }));
}
