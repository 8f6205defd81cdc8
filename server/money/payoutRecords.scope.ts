import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { filterKeys, type ResourceDeclaration, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import { type AuthContext, holdsAny } from '../auth/access';
import { assertCompanyVisible, type CompanyScope, companyScope, scopedCompanyIds, staffScopeOf } from '../auth/scope';
import type { Db } from '../db/database';
import { ForbiddenError, fail } from '../http/errors';
import { type ListQuery, parseListQuery } from '../http/listQuery';

/**
 * Who sees which payout records. A merchant sees its own company in the session's edition and needs
 * the page's merchant code. Staff see the editions whose code they hold (role 1 holds every code), within their
 * role's data scope; a view of one edition names it (`platformmark`).
 */
export type EditionCodes = Readonly<Record<1 | 3, readonly string[]>>;

/** Merchants: only `companyId`; staff: the companies of their role's data scope (auth/scope.ts). */
export interface RecordScope extends CompanyScope {
  merchant: boolean;
  /** The editions shown. */
  platformMarks: readonly number[];
}

export const MSG_NO_EDITION = '无权查看该版本的数据';

export function isMerchant(auth: AuthContext): boolean {
  return auth.roleId === ROLE.merchant;
}

/** A platformmark parameter: absent, or 1 / 3. */
export function parseEdition(raw: unknown): 1 | 3 | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const mark = Number(raw);
  if (mark !== 1 && mark !== 3) fail('版本参数只能是 1（标准版）或 3（小规模版）');
  return mark;
}

function editionsHeld(auth: AuthContext, editionCodes: EditionCodes): (1 | 3)[] {
  return ([1, 3] as const).filter((mark) => holdsAny(auth, editionCodes[mark]));
}

export function recordScope(
  auth: AuthContext,
  codes: { merchant: readonly string[]; staff: EditionCodes },
  requested?: 1 | 3,
): RecordScope {
  if (isMerchant(auth)) {
    if (!holdsAny(auth, codes.merchant)) throw new ForbiddenError('无权限访问此页面！');
    return { merchant: true, companyId: auth.companyId ?? -1, platformMarks: [auth.platformMark] };
  }
  const held = editionsHeld(auth, codes.staff);
  if (held.length === 0 || (requested !== undefined && !held.includes(requested))) {
    throw new ForbiddenError(MSG_NO_EDITION);
  }
  return {
    merchant: false,
    ...staffScopeOf(companyScope(auth)),
    platformMarks: requested === undefined ? held : [requested],
  };
}

/** Throws 403 unless the user may see a record of this company and edition (one batch, one abnormal fund). */
export async function assertRecordVisible(
  db: Db,
  auth: AuthContext,
  codes: { merchant: readonly string[]; staff: EditionCodes },
  record: { companyId: number; platformMark: number },
): Promise<void> {
  if (isMerchant(auth)) {
    recordScope(auth, codes);
    if (record.companyId !== auth.companyId || record.platformMark !== auth.platformMark) {
      throw new ForbiddenError('无权访问其他公司的数据');
    }
    return;
  }
  const mark = record.platformMark === 3 ? 3 : 1;
  recordScope(auth, codes, mark);
  await assertCompanyVisible(db, auth, record.companyId);
}

/**
 * The scope as SQL (the shared company scope of server/auth/scope.ts); `companyColumn` and
 * `markColumn` name the record's company and edition columns.
 */
export function scopeConditions(
  db: Db,
  scope: RecordScope,
  companyColumn: string,
  markColumn: string,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.companyId !== undefined) conditions.push(sql<SqlBool>`${sql.ref(companyColumn)} = ${scope.companyId}`);
  const scoped = scopedCompanyIds(db, scope);
  if (scoped) conditions.push(sql<SqlBool>`${sql.ref(companyColumn)} IN ${scoped}`);
  conditions.push(inList(markColumn, scope.platformMarks));
  return conditions;
}

/** `column in (...)`; an empty list matches nothing. */
export function inList(column: string, values: readonly number[]): Expression<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((value) => sql`${value}`))})`;
}

/** Every code that may open one of a record API's views (the route's access rule); the handler narrows it. */
export function allCodes(codes: { merchant: readonly string[]; staff: EditionCodes }): string[] {
  return [...codes.merchant, ...codes.staff[1], ...codes.staff[3]];
}

/** page, size, sort and q= of a list request, whitelisted from the view's declaration. */
export function listOf(
  request: FastifyRequest,
  declaration: Pick<ResourceDeclaration, 'fields' | 'filters'>,
  defaultSort: NonNullable<ListQuery['sort']>,
): ListQuery {
  return parseListQuery(request.url, request.query as Record<string, unknown>, {
    filterKeys: filterKeys(declaration),
    sortFields: sortFields(declaration),
    defaultSort,
  });
}
