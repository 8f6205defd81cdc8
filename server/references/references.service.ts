import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { REFERENCE_KINDS, type ReferenceKind, referenceRefused } from '../../src/domain/references';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { containsCondition } from '../db/textMatch';
import { BusinessError } from '../http/errors';
import { REFERENCE_SOURCES, type ReferenceSource, shownName, statusRef } from './referenceSources';

export interface ReferenceOption {
  id: number;
  name: string;
  /** 1 usable, 0 disabled (a disabled record is named but a new reference to it is refused). */
  status: number;
}

type Condition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

function conditions(source: ReferenceSource, auth: AuthContext, extra: Condition[]): Condition {
  const scope = source.where(auth);
  const all = scope ? [scope, ...extra] : extra;
  return (eb) => eb.and(all.map((condition) => condition(eb)));
}

function select(db: Db, source: ReferenceSource, where: Condition) {
  return (db.selectFrom(source.table as any) as any)
    .select([sql.ref(`${source.table}.id`).as('id'), sql.ref(source.name).as('name'), statusRef(source).as('status')])
    .where(where);
}

function option(row: { id: unknown; name: unknown; status: unknown }): ReferenceOption {
  return { id: Number(row.id), name: shownName(row.name, row.status), status: Number(row.status) === 1 ? 1 : 0 };
}

/** One page of a kind's records in the caller's scope whose name contains `name`, usable ones first, by name. */
export async function searchReferences(
  db: Db,
  auth: AuthContext,
  kind: ReferenceKind,
  search: { name?: string; platformMark?: number; usableOnly?: boolean },
  page: { offset: number; limit: number },
): Promise<{ rows: ReferenceOption[]; total: number }> {
  const source = REFERENCE_SOURCES[kind];
  const extra: Condition[] = [];
  // A picker for a write offers only what the write accepts (checkedReference refuses a disabled record).
  if (search.usableOnly && source.status) extra.push(() => sql<SqlBool>`${statusRef(source)} = 1`);
  if (search.name) extra.push(() => containsCondition(db, source.name, search.name ?? ''));
  if (search.platformMark !== undefined && source.platformMark) {
    const column = source.platformMark;
    extra.push((eb) => eb(sql.ref(column), '=', search.platformMark));
  }
  const where = conditions(source, auth, extra);
  const [rows, count] = await Promise.all([
    select(db, source, where)
      .orderBy(sql`CASE WHEN ${statusRef(source)} = 1 THEN 0 ELSE 1 END`)
      .orderBy(sql.ref(source.name))
      .orderBy(sql.ref(`${source.table}.id`))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    (db.selectFrom(source.table as any) as any)
      .select((eb: ExpressionBuilder<any, any>) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(option), total: Number(count.n) };
}

/** One record of the kind the caller may see, or undefined (absent and out of scope read the same). */
export async function findReference(
  db: Db,
  auth: AuthContext,
  kind: ReferenceKind,
  id: number,
): Promise<ReferenceOption | undefined> {
  const source = REFERENCE_SOURCES[kind];
  const row = await select(
    db,
    source,
    conditions(source, auth, [(eb) => eb(sql.ref(`${source.table}.id`), '=', id)]),
  ).executeTakeFirst();
  return row ? option(row) : undefined;
}

/**
 * A submitted reference, checked: it exists, lies in the caller's scope and (unless `allowDisabled`) is enabled.
 * Refuses with the field's Chinese label, as `content.errors[field]` too so a form shows it on the picker.
 */
export async function checkedReference(
  db: Db,
  auth: AuthContext,
  kind: ReferenceKind,
  raw: unknown,
  options: { field?: string; label?: string; allowDisabled?: boolean } = {},
): Promise<ReferenceOption> {
  const label = options.label ?? REFERENCE_KINDS[kind].label;
  const refuse = (message: string): never => {
    throw new BusinessError(message, undefined, options.field ? { errors: { [options.field]: message } } : undefined);
  };
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (!text) refuse(`请选择${label}`);
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) refuse(`${label}格式不正确`);
  const found = await findReference(db, auth, kind, Number(text));
  if (!found) return refuse(referenceRefused(label));
  if (found.status !== 1 && !options.allowDisabled) refuse(`所选${label}已停用，请重新选择`);
  return found;
}
