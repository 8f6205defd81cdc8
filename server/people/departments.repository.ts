import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { containsPattern } from '../db/textMatch';

/** Departments for pickers (subsidiary form, department filters): a handful of rows, read by name. */
export type DepartmentRecord = { id: number; name: string };

export interface DepartmentSearch {
  /** Substring of the name. */
  name?: string;
  /** Data scope: only these departments (department-scoped staff). */
  departmentIds?: readonly number[];
}

export async function searchDepartments(
  db: Db,
  search: DepartmentSearch,
  page: { sort: { field: string; order: 'asc' | 'desc' } | null; offset: number; limit: number },
): Promise<{ rows: DepartmentRecord[]; total: number }> {
  if (search.departmentIds && search.departmentIds.length === 0) return { rows: [], total: 0 };
  const where = (eb: ExpressionBuilder<Database, 'departments'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.name) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`departments.name ${like} ${containsPattern(search.name)} ESCAPE '\\'`);
    }
    if (search.departmentIds) {
      conditions.push(eb('departments.id', 'in', [...search.departmentIds]));
    }
    return eb.and(conditions);
  };
  const sort = page.sort ?? { field: 'id', order: 'asc' as const };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('departments')
      .select(['departments.id', 'departments.name'])
      .where(where)
      .$if(sort.field === 'name', (query) => query.orderBy('departments.name', sort.order))
      .orderBy('departments.id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ id: Number(row.id), name: row.name })), total: Number(count.n) };
}

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst());
}
