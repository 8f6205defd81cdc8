import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { ALL_EDITIONS } from '../../src/domain/dataScope';
import { ROLE } from '../../src/domain/roles';
import type { AuthContext } from '../auth/access';
import { companyScope, editionsOf, limitsCompanies, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { containsCondition, prefixCondition } from '../db/textMatch';
import { ForbiddenError, fail } from '../http/errors';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import type { ListQuery } from '../http/listQuery';
import type { ResourceBinding } from './binding';
import type { ResolvedColumns } from './columns';

/** Reads of a declared resource: one page with its total, and one record, always inside the caller's scope. */

export type EngineRecord = Record<string, unknown> & { id: number };
type Condition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

const MERCHANT_DENIED = '无权限访问此页面！';

/** The rows the caller may see, as a condition; null when the caller sees every row. */
export function scopeCondition(binding: ResourceBinding, auth: AuthContext): Condition | null {
  const scope = ruleCondition(binding, auth);
  const editions = editionCondition(binding, auth);
  if (!scope || !editions) return scope ?? editions;
  return (eb) => eb.and([scope(eb), editions(eb)]);
}

/**
 * Rows of an edition only for holders of that edition's codes (binding.editionCodes) whose role may see that
 * edition (its data scope's editions); role 1 sees all.
 */
function editionCondition(binding: ResourceBinding, auth: AuthContext): Condition | null {
  const rule = binding.editionCodes;
  if (!rule || auth.roleId === ROLE.admin) return null;
  const marks = Object.entries(rule.codes)
    .filter(([, codes]) => codes.some((code) => auth.authorities.has(code)))
    .map(([mark]) => Number(mark))
    .filter((mark) => auth.roleId === ROLE.merchant || editionsOf(auth).includes(mark));
  return (eb) => eb(sql.ref(rule.column), 'in', marks.length > 0 ? marks : [-1]);
}

function ruleCondition(binding: ResourceBinding, auth: AuthContext): Condition | null {
  const rule = binding.scope;
  if (!rule) return null;
  const column = sql.ref(rule.column);
  switch (rule.kind) {
    case 'edition':
      return (eb) => eb(column, '=', auth.platformMark);
    case 'signingEntity': {
      const editions = editionsOf(auth);
      if (ALL_EDITIONS.every((mark) => editions.includes(mark))) return null;
      return (eb) => eb(column, 'in', editions.length > 0 ? [...editions] : [-1]);
    }
    case 'department':
      if (auth.roleId === ROLE.merchant) throw new ForbiddenError(MERCHANT_DENIED);
      return auth.deptScope ? (eb) => eb(column, 'in', auth.deptScope?.length ? auth.deptScope : [-1]) : null;
    case 'partner':
      if (auth.roleId === ROLE.merchant) throw new ForbiddenError(MERCHANT_DENIED);
      // A partner reaches its own rows only, as the partner picker offers only itself.
      if (auth.roleId === ROLE.partner) return (eb) => eb(column, '=', auth.userId);
      if (!auth.deptScope) return null;
      return (eb) =>
        eb(
          column,
          'in',
          eb
            .selectFrom('user_departments')
            .select('user_departments.user_id')
            .where('user_departments.department_id', 'in', auth.deptScope?.length ? auth.deptScope : [-1]),
        );
    case 'everyCompany': {
      if (auth.roleId === ROLE.merchant) throw new ForbiddenError(MERCHANT_DENIED);
      if (!limitsCompanies(companyScope(auth))) return null;
      return (eb) => eb(column, 'in', [-1]);
    }
    case 'company': {
      if (auth.roleId === ROLE.merchant) return (eb) => eb(column, '=', auth.companyId ?? -1);
      const scope = companyScope(auth);
      if (!limitsCompanies(scope)) return null;
      return (eb) => eb(column, 'in', scopedCompanyIds(eb as unknown as Pick<Db, 'selectFrom'>, scope) as never);
    }
  }
}

/** The binding's fixed column values and its `where` as one condition (every row of the view meets it); null when it has none. */
export function fixedCondition(binding: ResourceBinding): Condition | null {
  const entries = Object.entries(binding.fixed ?? {});
  const { where } = binding;
  if (entries.length === 0 && !where) return null;
  return (eb) =>
    eb.and([
      ...entries.map(([column, value]) => eb(sql.ref(`${binding.table}.${column}`), '=', value)),
      ...(where ? [where(eb)] : []),
    ]);
}

function baseSelect(db: Db, binding: ResourceBinding, columns: ResolvedColumns) {
  let query = db.selectFrom(binding.table as any) as any;
  for (const join of binding.joins ?? []) query = query.leftJoin(join.table, join.on[0], join.on[1]);
  const fixed = fixedCondition(binding);
  if (fixed) query = query.where(fixed);
  return query.select([
    ...Object.entries(columns.fields).map(([source, column]) => sql.ref(column).as(source)),
    ...Object.entries(binding.computed ?? {}).map(([key, expression]) => expression.as(key)),
  ]);
}

/** q= filters (already whitelisted) → conditions, each value read by its declared type. */
export function filterConditions(
  db: Db,
  binding: ResourceBinding,
  columns: ResolvedColumns,
  filters: Record<string, string>,
): Condition[] {
  const declared = binding.declaration.filters;
  const read = filterReader(filters, declared);
  const conditions: Condition[] = [];
  for (const filter of declared) {
    const bound = columns.filters[filter.key];
    const column = sql.ref(bound.column);
    if (filter.type === 'dateRange' && filter.endKey) {
      const { from, to } = read.dateRange(filter.key, filter.endKey);
      const dateOnly = binding.declaration.fields.some(
        (field) => field.type === 'date' && columns.fields[field.source] === bound.column,
      );
      if (from) conditions.push((eb) => eb(column, '>=', dateOnly ? from.slice(0, 10) : from));
      if (to) conditions.push((eb) => eb(column, '<=', dateOnly ? to.slice(0, 10) : to));
    } else if (filter.type === 'enum' || filter.type === 'number' || filter.type === 'reference') {
      const value = choiceFilter(declared, filter.key, read.number(filter.key));
      if (value !== undefined) conditions.push((eb) => eb(column, '=', value));
    } else if (bound.match === 'ids') {
      const ids = read.ids(filter.key);
      if (ids) conditions.push((eb) => eb(column, 'in', ids));
    } else {
      const given = read.text(filter.key);
      if (given === undefined) continue;
      const value = bound.rewrite ? bound.rewrite(given) : given;
      if (bound.match === 'equals') conditions.push((eb) => eb(column, '=', value));
      else if (bound.match === 'prefix') conditions.push(() => prefixCondition(db, bound.column, value));
      else {
        const text = bound.match === 'containsUpper' ? value.toUpperCase() : value;
        conditions.push(() => containsCondition(db, bound.column, text));
      }
    }
  }
  return conditions;
}

/** One page in the requested order (id breaks ties, so pages never overlap) and the number of all that match. */
function presented(binding: ResourceBinding, rows: EngineRecord[]): EngineRecord[] {
  const present = binding.present;
  return present ? rows.map((row) => ({ ...present(row), id: row.id })) : rows;
}

export async function listPage(
  db: Db,
  binding: ResourceBinding,
  columns: ResolvedColumns,
  auth: AuthContext,
  list: ListQuery,
  /** A condition of a hand-written list beside the binding (e.g. only unbound rows). */
  extra?: Condition,
): Promise<{ rows: EngineRecord[]; total: number }> {
  const conditions = filterConditions(db, binding, columns, list.filters);
  if (extra) conditions.push(extra);
  const scope = scopeCondition(binding, auth);
  if (scope) conditions.push(scope);
  const fixed = fixedCondition(binding);
  if (fixed) conditions.push(fixed);
  const where = (eb: ExpressionBuilder<any, any>) => eb.and(conditions.map((condition) => condition(eb)));
  const sort = list.sort;
  const sortColumn = sort ? columns.sort[sort.field] : undefined;
  const order = sort?.order ?? 'desc';
  let rowsQuery = baseSelect(db, binding, columns).where(where);
  if (sortColumn) rowsQuery = rowsQuery.orderBy(sql.ref(sortColumn), order);
  if (sortColumn !== columns.idColumn) rowsQuery = rowsQuery.orderBy(sql.ref(columns.idColumn), order);
  let countQuery = (db.selectFrom(binding.table as any) as any).select((eb: any) => eb.fn.countAll().as('n'));
  // Joins only add display columns (LEFT JOIN on the joined table's key): the count needs them only for a
  // filter or scope on a joined column.
  if (conditions.length > 0) {
    for (const join of binding.joins ?? []) countQuery = countQuery.leftJoin(join.table, join.on[0], join.on[1]);
  }
  const [rows, count] = await Promise.all([
    rowsQuery.limit(list.size).offset(list.offset).execute(),
    countQuery.where(where).executeTakeFirstOrThrow(),
  ]);
  return { rows: presented(binding, rows as EngineRecord[]), total: Number(count.n) };
}

const recordReads = new WeakMap<ResourceBinding, (db: Db, id: number) => Promise<EngineRecord[]>>();

/** The read of one record for a caller who sees every row: the same SQL every time, so compiled once (fixedQuery). */
function recordById(
  binding: ResourceBinding,
  columns: ResolvedColumns,
): (db: Db, id: number) => Promise<EngineRecord[]> {
  let read = recordReads.get(binding);
  if (!read) {
    read = fixedQuery((db: Db, id: number) =>
      baseSelect(db, binding, columns).where(sql.ref(columns.idColumn), '=', id),
    ) as (db: Db, id: number) => Promise<EngineRecord[]>;
    recordReads.set(binding, read);
  }
  return read;
}

/** The record, or undefined when there is none; a record outside the caller's scope is 403, not absent. */
export async function findRecord(
  db: Db,
  binding: ResourceBinding,
  columns: ResolvedColumns,
  id: number,
  auth: AuthContext | null,
): Promise<EngineRecord | undefined> {
  const scope = auth ? scopeCondition(binding, auth) : null;
  if (!scope) return presented(binding, await recordById(binding, columns)(db, id))[0];
  const query = baseSelect(db, binding, columns).where(sql.ref(columns.idColumn), '=', id);
  const row = (await query.where(scope).executeTakeFirst()) as EngineRecord | undefined;
  if (row) return presented(binding, [row])[0];
  const fixed = fixedCondition(binding);
  const exists = await (db.selectFrom(binding.table as any) as any)
    .select(sql.ref(columns.idColumn).as('id'))
    .where(sql.ref(columns.idColumn), '=', id)
    .$if(!!fixed, (query: any) => query.where(fixed))
    .executeTakeFirst();
  if (exists) throw new ForbiddenError(binding.messages.outOfScope ?? '无权访问该记录');
  return undefined;
}

export async function recordOrFail(
  db: Db,
  binding: ResourceBinding,
  columns: ResolvedColumns,
  id: number,
  auth: AuthContext | null,
): Promise<EngineRecord> {
  const record = await findRecord(db, binding, columns, id, auth);
  if (!record) fail(binding.messages.notFound);
  return record;
}
