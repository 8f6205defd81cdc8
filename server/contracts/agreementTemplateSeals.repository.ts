import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { agreementTemplateSeals } from '../../resources/agreementTemplates';
import { sortFields } from '../../resources/types';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { lockTemplate, type PageRequest } from './agreementTemplates.repository';

/**
 * The seals of agreement templates (resources/agreementTemplates.ts, agreementTemplateSeals): search, one seal,
 * add and the void / restore switch. Seals are never deleted on their own; a template's voided seals go with it.
 */

const FIELD_COLUMNS = {
  id: 'agreement_template_seals.id',
  templateID: 'agreement_template_seals.template_id',
  templateName: 'agreement_templates.nm',
  enterpriseID: 'agreement_template_seals.enterprise_id',
  enterpriseName: 'agreement_template_seals.enterprise_name',
  sealType: 'agreement_template_seals.seal_type',
  dataStatus: 'agreement_template_seals.data_status',
  remark: 'agreement_template_seals.remark',
  createTime: 'agreement_template_seals.create_time',
} as const satisfies Record<keyof SealRecord, string>;

export type SealRecord = {
  id: number;
  templateID: number;
  templateName: string | null;
  enterpriseID: number;
  enterpriseName: string;
  sealType: number;
  dataStatus: number;
  remark: string | null;
  createTime: string;
};

/** What a new seal holds, by declaration source. */
export type SealValues = Pick<SealRecord, 'templateID' | 'enterpriseID' | 'enterpriseName' | 'sealType'> & {
  remark: string | null;
};

export const SEAL_FORM_SOURCES = ['templateID', 'enterpriseID', 'enterpriseName', 'sealType', 'remark'] as const;
export type SealFormSource = (typeof SEAL_FORM_SOURCES)[number];

/** The text column widths of migration 006. */
export const SEAL_MAX_CHARS: Partial<Record<SealFormSource, number>> = { enterpriseName: 128, remark: 255 };

const SORT_COLUMNS: Record<string, string> = {
  id: 'agreement_template_seals.id',
  templateID: 'agreement_template_seals.template_id',
  createTime: 'agreement_template_seals.create_time',
};

for (const field of agreementTemplateSeals.fields) {
  if (!(field.source in FIELD_COLUMNS)) {
    throw new Error(
      `resources/agreementTemplates.ts (seals) declares field "${field.source}": map it in FIELD_COLUMNS`,
    );
  }
  if (field.form && !field.readOnly && !(SEAL_FORM_SOURCES as readonly string[]).includes(field.source)) {
    throw new Error(
      `resources/agreementTemplates.ts (seals) makes "${field.source}" editable: add it to SEAL_FORM_SOURCES`,
    );
  }
}
for (const field of sortFields(agreementTemplateSeals)) {
  if (!(field in SORT_COLUMNS)) {
    throw new Error(`resources/agreementTemplates.ts (seals) sorts on "${field}": map it in SORT_COLUMNS`);
  }
}

export interface SealSearch {
  templateId?: number;
  dataStatus?: number;
}

const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

function searchConditions(search: SealSearch) {
  return (eb: ExpressionBuilder<Database, 'agreement_template_seals'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.templateId !== undefined) {
      conditions.push(eb('agreement_template_seals.template_id', '=', search.templateId));
    }
    if (search.dataStatus !== undefined) {
      conditions.push(eb('agreement_template_seals.data_status', '=', search.dataStatus));
    }
    return eb.and(conditions);
  };
}

function sealsWithTemplate(db: Db) {
  return db
    .selectFrom('agreement_template_seals')
    .leftJoin('agreement_templates', 'agreement_templates.id', 'agreement_template_seals.template_id');
}

/** One page of seals and the number of all that match, newest first unless told otherwise. */
export async function searchSeals(
  db: Db,
  search: SealSearch,
  page: PageRequest,
): Promise<{ rows: SealRecord[]; total: number }> {
  const where = searchConditions(search);
  const sort = page.sort ?? { field: 'id', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.id;
  const [rows, count] = await Promise.all([
    sealsWithTemplate(db)
      .select(RECORD_COLUMNS)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('agreement_template_seals.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('agreement_template_seals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as SealRecord[], total: Number(count.n) };
}

export async function findSeal(db: Db, id: number): Promise<SealRecord | undefined> {
  const row = await sealsWithTemplate(db)
    .select(RECORD_COLUMNS)
    .where('agreement_template_seals.id', '=', id)
    .executeTakeFirst();
  return row as SealRecord | undefined;
}

/** Adds a normal seal to an existing template; null when the template does not exist. */
export async function insertSeal(db: Db, values: SealValues, time: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockTemplate(trx, values.templateID))) return null;
    const row = await trx
      .insertInto('agreement_template_seals')
      .values({
        template_id: values.templateID,
        enterprise_id: values.enterpriseID,
        enterprise_name: values.enterpriseName,
        seal_type: values.sealType,
        data_status: 1,
        remark: values.remark,
        create_time: time,
        update_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

export type StatusOutcome = 'changed' | 'missing' | 'unchanged';

/** Voids (0) or restores (1) a seal, under its template's lock (see lockTemplate). */
export async function setSealStatus(db: Db, id: number, status: 0 | 1, time: string): Promise<StatusOutcome> {
  return db.transaction().execute(async (trx) => {
    const seal = await trx
      .selectFrom('agreement_template_seals')
      .select(['template_id', 'data_status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!seal || !(await lockTemplate(trx, seal.template_id))) return 'missing';
    const result = await trx
      .updateTable('agreement_template_seals')
      .set({ data_status: status, update_time: time })
      .where('id', '=', id)
      .where('data_status', '<>', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? 'changed' : 'unchanged';
  });
}
