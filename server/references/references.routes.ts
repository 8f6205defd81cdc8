import type { FastifyInstance } from 'fastify';
import type { FilterDeclaration } from '../../resources/types';
import { isReferenceKind, REFERENCE_KINDS, type ReferenceKind } from '../../src/domain/references';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { KIND_MSG, oneSchema, searchSchema } from './references.schemas';
import { findReference, searchReferences } from './references.service';

/**
 * The pickers of every declared `reference` field and filter (resources/types.ts), one pair of calls per kind:
 * - GET /api/v1/references/:kind/search?q=name:…;platformmark:…;usable:1&page=&size=   { id, name, status } by
 *   name (usable:1: enabled records only, for a picker whose choice is written);
 * - GET /api/v1/references/:kind/:id                                         { id, name, status } of one record.
 * Staff only (merchants 403); each kind answers only the records in the caller's scope (referenceSources.ts), so
 * a picker never offers what the write would refuse.
 */
const FILTERS: readonly FilterDeclaration[] = [
  { key: 'name', label: '名称', type: 'text' },
  { key: 'platformmark', label: '版本', type: 'number' },
  { key: 'usable', label: '仅可选', type: 'number' },
];
const LIST_SPEC = {
  filterKeys: FILTERS.map((filter) => filter.key),
  sortFields: [],
  defaultSort: { field: 'name', order: 'asc' as const },
  maxSize: 100,
};

function kindOf(params: unknown): ReferenceKind {
  const kind = (params as { kind: string }).kind;
  if (!isReferenceKind(kind)) fail(KIND_MSG);
  return kind;
}

export async function referencesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const staffOnly = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
    return auth;
  };

  app.get('/api/v1/references/:kind/search', { schema: searchSchema }, async (request) => {
    const auth = staffOnly(request);
    const kind = kindOf(request.params);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, FILTERS);
    const { rows, total } = await searchReferences(
      db,
      auth,
      kind,
      {
        name: read.text('name')?.slice(0, 64),
        platformMark: read.number('platformmark'),
        usableOnly: read.number('usable') === 1,
      },
      { offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/references/:kind/:id', { schema: oneSchema }, async (request) => {
    const auth = staffOnly(request);
    const kind = kindOf(request.params);
    const label = REFERENCE_KINDS[kind].label;
    const found = await findReference(db, auth, kind, parseId((request.params as { id: string }).id, label));
    if (!found) fail(`${label}不存在`);
    return ok(found);
  });
}
