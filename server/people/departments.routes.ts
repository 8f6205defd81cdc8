import type { FastifyInstance } from 'fastify';
import type { FilterDeclaration } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { ok } from '../http/envelope';
import { ForbiddenError } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { searchDepartments } from './departments.repository';
import { departmentSearchSchema } from './people.schemas';

/**
 * GET /api/v1/department/search?q=name:…&page=&size=&sort=   departments { id, name } for pickers (spec §7).
 * Any logged-in staff member; merchants get 403. Department-scoped staff (customer service, partners) see
 * their own departments only: the ones they may filter companies by and give a subsidiary.
 */
const FILTERS: readonly FilterDeclaration[] = [{ key: 'name', label: '部门名称', type: 'text' }];
const LIST_SPEC = {
  filterKeys: FILTERS.map((filter) => filter.key),
  sortFields: ['id', 'name'],
  defaultSort: { field: 'id', order: 'asc' as const },
};

export async function departmentsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/department/search', { schema: departmentSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, FILTERS);
    const { rows, total } = await searchDepartments(
      db,
      { name: read.text('name'), departmentIds: auth.deptScope ?? undefined },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });
}
