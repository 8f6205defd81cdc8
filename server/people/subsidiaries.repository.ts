import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { subsidiaries } from '../../resources/subsidiaries';
import { sortFields } from '../../resources/types';
import { containsPattern } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database, SubsidiaryTable } from '../db/schema';

/**
 * Subsidiaries as /adPartnerManageSub sees them (resources/subsidiaries.ts): search, one subsidiary, create,
 * update and the status switch. Rows come back camelCase under the declaration's field sources, with the
 * department's name joined in. The table holds tens of rows: the name filter is a plain substring match.
 */

/** Declaration field source → column. Every field of the declaration must be here. */
const FIELD_COLUMNS = {
  id: 'subsidiaries.id',
  sname: 'subsidiaries.sname',
  departID: 'subsidiaries.department_id',
  departmentName: 'departments.name',
  crmCompanyName: 'subsidiaries.crm_company_name',
  isVirtual: 'subsidiaries.is_virtual',
  platformmark: 'subsidiaries.platform_mark',
  status: 'subsidiaries.status',
  createTime: 'subsidiaries.create_time',
} as const satisfies Record<keyof SubsidiaryRecord, string>;

export type SubsidiaryRecord = {
  id: number;
  sname: string;
  departID: number;
  departmentName: string | null;
  crmCompanyName: string | null;
  isVirtual: number;
  platformmark: number;
  status: number;
  createTime: string;
};

/** Declaration source → subsidiaries column, for the fields a form may change. */
export const EDITABLE_COLUMNS = {
  sname: 'sname',
  departID: 'department_id',
  crmCompanyName: 'crm_company_name',
  isVirtual: 'is_virtual',
  platformmark: 'platform_mark',
} as const satisfies Record<string, keyof SubsidiaryTable>;
export type EditableSource = keyof typeof EDITABLE_COLUMNS;
export type SubsidiaryValues = Partial<Record<EditableSource, string | number | null>>;

const SORT_COLUMNS: Record<string, string> = {
  id: 'subsidiaries.id',
  sname: 'subsidiaries.sname',
  createTime: 'subsidiaries.create_time',
};

for (const field of subsidiaries.fields) {
  if (!(field.source in FIELD_COLUMNS)) {
    throw new Error(`resources/subsidiaries.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
  }
  if (field.form && !field.readOnly && !(field.source in EDITABLE_COLUMNS)) {
    throw new Error(`resources/subsidiaries.ts makes "${field.source}" editable: map it in EDITABLE_COLUMNS`);
  }
}
for (const field of sortFields(subsidiaries)) {
  if (!(field in SORT_COLUMNS))
    throw new Error(`resources/subsidiaries.ts sorts on "${field}": map it in SORT_COLUMNS`);
}

export interface SubsidiarySearch {
  /** Substring of the name. */
  sname?: string;
  departmentId?: number;
  status?: number;
  isVirtual?: number;
  platformMark?: number;
  /** Data scope: only these departments (department-scoped staff). */
  departmentIds?: readonly number[];
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

function searchConditions(db: Db, search: SubsidiarySearch) {
  return (eb: ExpressionBuilder<Database, 'subsidiaries'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.departmentIds) conditions.push(eb('subsidiaries.department_id', 'in', [...search.departmentIds]));
    if (search.sname) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`subsidiaries.sname ${like} ${containsPattern(search.sname)} ESCAPE '\\'`);
    }
    if (search.departmentId !== undefined) conditions.push(eb('subsidiaries.department_id', '=', search.departmentId));
    if (search.status !== undefined) conditions.push(eb('subsidiaries.status', '=', search.status));
    if (search.isVirtual !== undefined) conditions.push(eb('subsidiaries.is_virtual', '=', search.isVirtual));
    if (search.platformMark !== undefined) conditions.push(eb('subsidiaries.platform_mark', '=', search.platformMark));
    return eb.and(conditions);
  };
}

/** One page of subsidiaries and the number of all that match; id breaks ties so pages never overlap. */
export async function searchSubsidiaries(
  db: Db,
  search: SubsidiarySearch,
  page: PageRequest,
): Promise<{ rows: SubsidiaryRecord[]; total: number }> {
  // An empty scope (a scoped user without departments) matches nothing.
  if (search.departmentIds && search.departmentIds.length === 0) return { rows: [], total: 0 };
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('subsidiaries')
      .leftJoin('departments', 'departments.id', 'subsidiaries.department_id')
      .select(RECORD_COLUMNS)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('subsidiaries.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('subsidiaries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as SubsidiaryRecord[], total: Number(count.n) };
}

export async function findSubsidiary(db: Db, id: number): Promise<SubsidiaryRecord | undefined> {
  const row = await db
    .selectFrom('subsidiaries')
    .leftJoin('departments', 'departments.id', 'subsidiaries.department_id')
    .select(RECORD_COLUMNS)
    .where('subsidiaries.id', '=', id)
    .executeTakeFirst();
  return row as SubsidiaryRecord | undefined;
}

/** Whether another subsidiary (not `exceptId`) already has this name. */
export async function subsidiaryNameTaken(db: Db, sname: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('subsidiaries')
    .select('id')
    .where('sname', '=', sname)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return !!row;
}

function columnsOf(values: SubsidiaryValues): Updateable<SubsidiaryTable> {
  const changes: Updateable<SubsidiaryTable> = {};
  if (typeof values.sname === 'string') changes.sname = values.sname;
  if (typeof values.departID === 'number') changes.department_id = values.departID;
  if (values.crmCompanyName !== undefined) {
    changes.crm_company_name = values.crmCompanyName === null ? null : String(values.crmCompanyName);
  }
  if (typeof values.isVirtual === 'number') changes.is_virtual = values.isVirtual;
  if (typeof values.platformmark === 'number') changes.platform_mark = values.platformmark;
  return changes;
}

/** A new subsidiary is enabled; not virtual unless said. */
export async function insertSubsidiary(db: Db, values: SubsidiaryValues, time: string): Promise<number> {
  const row = await db
    .insertInto('subsidiaries')
    .values({
      sname: String(values.sname),
      department_id: Number(values.departID),
      crm_company_name: null,
      is_virtual: 0,
      status: 1,
      platform_mark: 1,
      ...columnsOf(values),
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSubsidiary(db: Db, id: number, values: SubsidiaryValues): Promise<void> {
  const changes = columnsOf(values);
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('subsidiaries').set(changes).where('id', '=', id).execute();
}

export async function setSubsidiaryStatus(db: Db, id: number, status: number): Promise<void> {
  await db.updateTable('subsidiaries').set({ status }).where('id', '=', id).execute();
}
