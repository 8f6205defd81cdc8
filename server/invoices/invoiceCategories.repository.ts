import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { containsPattern } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { InvoiceCategoryTable } from '../db/moneyTables';
import type { Database } from '../db/schema';

/** Invoice categories as /adCategoryManger and /adSmallCategoryManger see them (resources/invoiceCategories.ts). */
export type CategoryRecord = {
  id: number;
  name: string;
  taxCode: string | null;
  platformMark: number;
  status: number;
  remark: string | null;
  createTime: string;
};

const COLUMNS = {
  id: 'invoice_categories.id',
  name: 'invoice_categories.name',
  taxCode: 'invoice_categories.tax_code',
  platformMark: 'invoice_categories.platform_mark',
  status: 'invoice_categories.status',
  remark: 'invoice_categories.remark',
  createTime: 'invoice_categories.create_time',
} as const satisfies Record<keyof CategoryRecord, string>;

const SELECTED = Object.entries(COLUMNS).map(([source, column]) => sql.ref(column).as(source));

/** Declaration source → column, for the fields a form may change. */
export const EDITABLE_COLUMNS = {
  name: 'name',
  taxCode: 'tax_code',
  status: 'status',
  remark: 'remark',
} as const satisfies Record<string, keyof InvoiceCategoryTable>;
export type EditableSource = keyof typeof EDITABLE_COLUMNS;
export type CategoryValues = Partial<Record<EditableSource, string | number | null>>;

const SORT_COLUMNS: Record<string, string> = {
  id: COLUMNS.id,
  name: COLUMNS.name,
  createTime: COLUMNS.createTime,
};

function recordOf(row: Record<string, unknown>): CategoryRecord {
  return {
    ...(row as CategoryRecord),
    id: Number(row.id),
    platformMark: Number(row.platformMark),
    status: Number(row.status),
  };
}

export interface CategorySearch {
  platformMark: number;
  name?: string;
  status?: number;
}

function searchConditions(db: Db, search: CategorySearch) {
  return (eb: ExpressionBuilder<Database, 'invoice_categories'>) => {
    const conditions: Expression<SqlBool>[] = [eb('invoice_categories.platform_mark', '=', search.platformMark)];
    if (search.name) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`invoice_categories.name ${like} ${containsPattern(search.name)} ESCAPE '\\'`);
    }
    if (search.status !== undefined) conditions.push(eb('invoice_categories.status', '=', search.status));
    return eb.and(conditions);
  };
}

export async function searchCategories(
  db: Db,
  search: CategorySearch,
  page: { sort: { field: string; order: 'asc' | 'desc' } | null; offset: number; limit: number },
): Promise<{ rows: CategoryRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('invoice_categories')
      .select(SELECTED)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== COLUMNS.id, (query) => query.orderBy('invoice_categories.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('invoice_categories')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => recordOf(row as Record<string, unknown>)), total: Number(count.n) };
}

export async function findCategory(db: Db, id: number): Promise<CategoryRecord | undefined> {
  const row = await db.selectFrom('invoice_categories').select(SELECTED).where('id', '=', id).executeTakeFirst();
  return row ? recordOf(row as Record<string, unknown>) : undefined;
}

/** Whether another category of the edition (not `exceptId`) already has this name. */
export async function categoryNameTaken(db: Db, platformMark: number, name: string, exceptId?: number) {
  const row = await db
    .selectFrom('invoice_categories')
    .select('id')
    .where('platform_mark', '=', platformMark)
    .where('name', '=', name)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return !!row;
}

function columnsOf(values: CategoryValues): Updateable<InvoiceCategoryTable> {
  const changes: Updateable<InvoiceCategoryTable> = {};
  if (typeof values.name === 'string') changes.name = values.name;
  if (values.taxCode !== undefined) changes.tax_code = values.taxCode === null ? null : String(values.taxCode);
  if (typeof values.status === 'number') changes.status = values.status;
  if (values.remark !== undefined) changes.remark = values.remark === null ? null : String(values.remark);
  return changes;
}

export async function insertCategory(db: Db, platformMark: number, values: CategoryValues, time: string) {
  const row = await db
    .insertInto('invoice_categories')
    .values({
      name: String(values.name),
      tax_code: null,
      remark: null,
      ...columnsOf(values),
      platform_mark: platformMark,
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<void> {
  const changes = columnsOf(values);
  if (Object.keys(changes).length > 0)
    await db.updateTable('invoice_categories').set(changes).where('id', '=', id).execute();
}

/** Deletes the category unless an application names it, in one statement; answers whether a row went. */
export async function deleteCategoryUnlessUsed(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('invoice_categories')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('invoices').select('invoices.id').where('invoices.category_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
