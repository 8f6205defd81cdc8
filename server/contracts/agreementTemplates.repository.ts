import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { agreementTemplates } from '../../resources/agreementTemplates';
import { sortFields } from '../../resources/types';
import { containsPattern } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { AgreementTemplateTable, Database } from '../db/schema';

/**
 * Agreement templates as /adContractTemplate sees them (resources/agreementTemplates.ts): search, one template,
 * create, update, the use-status toggle, unbinding and deletion. Rows come back under the declaration's field
 * sources. The table holds tens to hundreds of rows, so the name filter is a plain substring match.
 */

/** Declaration field source → column (bindStatus is derived from entid below). */
const FIELD_COLUMNS = {
  id: 'agreement_templates.id',
  sort: 'agreement_templates.sort',
  nm: 'agreement_templates.nm',
  type: 'agreement_templates.type',
  platformmark: 'agreement_templates.platformmark',
  entid: 'agreement_templates.entid',
  sealCertificationType: 'agreement_templates.seal_certification_type',
  useStatus: 'agreement_templates.use_status',
  xiong: 'agreement_templates.xiong',
  fileUrl: 'agreement_templates.file_url',
  createTime: 'agreement_templates.create_time',
} as const satisfies Record<Exclude<keyof AgreementTemplateRecord, 'bindStatus'>, string>;

export type AgreementTemplateRecord = {
  id: number;
  sort: number;
  nm: string;
  type: number;
  platformmark: number;
  entid: number | null;
  /** 1 when entid is set. */
  bindStatus: number;
  sealCertificationType: number;
  useStatus: number;
  xiong: number;
  fileUrl: string | null;
  createTime: string;
};

/** Declaration source → column, for the fields a form may set. */
export const TEMPLATE_EDITABLE_COLUMNS = {
  sort: 'sort',
  nm: 'nm',
  type: 'type',
  platformmark: 'platformmark',
  entid: 'entid',
  sealCertificationType: 'seal_certification_type',
  xiong: 'xiong',
  fileUrl: 'file_url',
} as const satisfies Record<string, keyof AgreementTemplateTable>;
export type TemplateEditableSource = keyof typeof TEMPLATE_EDITABLE_COLUMNS;
export type TemplateValues = Partial<Record<TemplateEditableSource, string | number | null>>;

/** The text column widths of migration 006. */
export const TEMPLATE_MAX_CHARS: Partial<Record<TemplateEditableSource, number>> = { nm: 64, fileUrl: 255 };

const SORT_COLUMNS: Record<string, string> = {
  id: 'agreement_templates.id',
  sort: 'agreement_templates.sort',
  nm: 'agreement_templates.nm',
  createTime: 'agreement_templates.create_time',
};

// The declaration and this module must not drift apart: fail at start-up, naming the fix.
for (const field of agreementTemplates.fields) {
  if (!(field.source in FIELD_COLUMNS) && field.source !== 'bindStatus') {
    throw new Error(`resources/agreementTemplates.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
  }
  if (field.form && !field.readOnly && !(field.source in TEMPLATE_EDITABLE_COLUMNS)) {
    throw new Error(
      `resources/agreementTemplates.ts makes "${field.source}" editable: map it in TEMPLATE_EDITABLE_COLUMNS`,
    );
  }
}
for (const field of sortFields(agreementTemplates)) {
  if (!(field in SORT_COLUMNS)) {
    throw new Error(`resources/agreementTemplates.ts sorts on "${field}": map it in SORT_COLUMNS`);
  }
}

export interface TemplateSearch {
  /** Substring of the name. */
  nm?: string;
  type?: number;
  platformmark?: number;
  entid?: number;
  useStatus?: number;
  /** Only templates bound to no signing entity. */
  unbound?: boolean;
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

const RECORD_COLUMNS = [
  ...Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source)),
  sql<number>`CASE WHEN agreement_templates.entid IS NULL THEN 0 ELSE 1 END`.as('bindStatus'),
];

function searchConditions(db: Db, search: TemplateSearch) {
  return (eb: ExpressionBuilder<Database, 'agreement_templates'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.nm) {
      // SQLite's LIKE ignores the case of Latin letters; ILIKE does the same on PostgreSQL.
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`agreement_templates.nm ${like} ${containsPattern(search.nm)} ESCAPE '\\'`);
    }
    if (search.type !== undefined) conditions.push(eb('agreement_templates.type', '=', search.type));
    if (search.platformmark !== undefined) {
      conditions.push(eb('agreement_templates.platformmark', '=', search.platformmark));
    }
    if (search.entid !== undefined) conditions.push(eb('agreement_templates.entid', '=', search.entid));
    if (search.useStatus !== undefined) conditions.push(eb('agreement_templates.use_status', '=', search.useStatus));
    if (search.unbound) conditions.push(eb('agreement_templates.entid', 'is', null));
    return eb.and(conditions);
  };
}

/** One page of templates and the number of all that match, by `sort` then id unless told otherwise. */
export async function searchTemplates(
  db: Db,
  search: TemplateSearch,
  page: PageRequest,
): Promise<{ rows: AgreementTemplateRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'sort', order: 'asc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.sort;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('agreement_templates')
      .select(RECORD_COLUMNS)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      // id breaks ties so pages never overlap or skip rows.
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('agreement_templates.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('agreement_templates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgreementTemplateRecord[], total: Number(count.n) };
}

/** Every template bound to no signing entity (of one edition when given), by `sort` then id. */
export async function unboundTemplates(db: Db, platformmark: number | undefined): Promise<AgreementTemplateRecord[]> {
  const rows = await db
    .selectFrom('agreement_templates')
    .select(RECORD_COLUMNS)
    .where(searchConditions(db, { platformmark, unbound: true }))
    .orderBy('agreement_templates.sort')
    .orderBy('agreement_templates.id')
    .execute();
  return rows as AgreementTemplateRecord[];
}

export async function findTemplate(db: Db, id: number): Promise<AgreementTemplateRecord | undefined> {
  const row = await db
    .selectFrom('agreement_templates')
    .select(RECORD_COLUMNS)
    .where('agreement_templates.id', '=', id)
    .executeTakeFirst();
  return row as AgreementTemplateRecord | undefined;
}

function columnsOf(values: TemplateValues): Updateable<AgreementTemplateTable> {
  const changes: Record<string, string | number | null> = {};
  for (const [source, value] of Object.entries(values) as [TemplateEditableSource, string | number | null][]) {
    changes[TEMPLATE_EDITABLE_COLUMNS[source]] = value;
  }
  return changes as Updateable<AgreementTemplateTable>;
}

/** Inserts a template (not in use) with the validated values; optional numbers default to 0. */
export async function insertTemplate(db: Db, values: TemplateValues, time: string): Promise<number> {
  const row = await db
    .insertInto('agreement_templates')
    .values({
      sort: 0,
      xiong: 0,
      entid: null,
      file_url: null,
      ...(columnsOf(values) as Record<string, unknown>),
      nm: String(values.nm),
      type: Number(values.type),
      platformmark: Number(values.platformmark),
      seal_certification_type: Number(values.sealCertificationType),
      use_status: 0,
      create_time: time,
      update_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Writes the given fields; a cleared sort or xiong goes back to 0 (both columns are NOT NULL). */
export async function updateTemplate(db: Db, id: number, values: TemplateValues, time: string): Promise<void> {
  const changes = columnsOf(values);
  if (changes.sort === null) changes.sort = 0;
  if (changes.xiong === null) changes.xiong = 0;
  await db
    .updateTable('agreement_templates')
    .set({ ...changes, update_time: time })
    .where('id', '=', id)
    .execute();
}

/** Flips use_status 0 ↔ 1 in one statement (two clicks at once cannot both enable). */
export async function toggleUseStatus(db: Db, id: number, time: string): Promise<void> {
  await db
    .updateTable('agreement_templates')
    .set({ use_status: sql<number>`1 - use_status`, update_time: time })
    .where('id', '=', id)
    .execute();
}

/** Clears the signing entity; false when the template was not bound. */
export async function unbindTemplate(db: Db, id: number, time: string): Promise<boolean> {
  const result = await db
    .updateTable('agreement_templates')
    .set({ entid: null, update_time: time })
    .where('id', '=', id)
    .where('entid', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type DeleteOutcome = 'deleted' | 'missing' | 'inUse' | 'hasNormalSeals';

/**
 * The template row, locked on PostgreSQL until the transaction ends. Every change to a template's seals takes
 * this lock first, so a deletion and a seal added or restored at the same time run one after the other
 * (SQLite runs one writing transaction at a time anyway).
 */
export async function lockTemplate(trx: Db, id: number): Promise<{ use_status: number } | undefined> {
  return trx
    .selectFrom('agreement_templates')
    .select('use_status')
    .where('id', '=', id)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Deletes a template that is not in use and has no normal seal, together with its voided seals. */
export async function deleteTemplate(db: Db, id: number): Promise<DeleteOutcome> {
  return db.transaction().execute(async (trx) => {
    const template = await lockTemplate(trx, id);
    if (!template) return 'missing';
    if (template.use_status === 1) return 'inUse';
    const normal = await trx
      .selectFrom('agreement_template_seals')
      .select('id')
      .where('template_id', '=', id)
      .where('data_status', '=', 1)
      .limit(1)
      .executeTakeFirst();
    if (normal) return 'hasNormalSeals';
    await trx.deleteFrom('agreement_template_seals').where('template_id', '=', id).execute();
    await trx.deleteFrom('agreement_templates').where('id', '=', id).execute();
    return 'deleted';
  });
}
