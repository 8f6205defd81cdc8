import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subsidiaries } from '../../resources/subsidiaries';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { choiceName, ENABLED_STATUS } from '../../src/domain/enums';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { checkedValues, choiceFilter, type FieldCheck, lengthBetween, writeUnique } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { departmentExists } from './departments.repository';
import {
  EDITABLE_COLUMNS,
  type EditableSource,
  findSubsidiary,
  insertSubsidiary,
  type SubsidiaryRecord,
  type SubsidiarySearch,
  type SubsidiaryValues,
  searchSubsidiaries,
  setSubsidiaryStatus,
  subsidiaryNameTaken,
  updateSubsidiary,
} from './subsidiaries.repository';

/**
 * The subsidiary API, driven by resources/subsidiaries.ts (filter keys, sort fields, permission codes and form
 * fields come from the declaration); every call needs UI_BRANCH_OFFICE_MGR. Department-scoped staff
 * (customer service, partners) reach only their departments' subsidiaries; merchants none.
 * - GET   /api/v1/subsidiary/search?q=sname:…;departID:…;status:…;isVirtual:…;platformmark:…   one page;
 * - GET   /api/v1/subsidiaries/mark/:id        one subsidiary;
 * - POST  /api/v1/subsidiaries                 create (enabled);
 * - PUT   /api/v1/subsidiaries/:id             change the fields sent;
 * - PATCH /api/v1/subsidiaries/:id?status=0|1  disable / enable. There is no delete: companies refer to them.
 */

const LIST_SPEC = {
  filterKeys: filterKeys(subsidiaries),
  sortFields: sortFields(subsidiaries),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

const FORM_FIELDS = subsidiaries.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    !!field.form && !field.readOnly && field.source in EDITABLE_COLUMNS,
);

/** Column width of migration 001 (sname has its own 2-64 rule below). */
const MAX_CHARS: Partial<Record<EditableSource, number>> = { crmCompanyName: 128 };
export const NAME_MIN = 2;
export const NAME_MAX = 64;
export const MSG_NAME_LENGTH = `请输入${NAME_MIN}-${NAME_MAX}位分公司名称`;
export const MSG_NAME_TAKEN = '分公司名称已存在';
export const MSG_NO_DEPARTMENT = '部门不存在';
export const MSG_DEPARTMENT_OUT_OF_SCOPE = '只能选择您负责的部门';
export const MSG_STATUS = '状态只能是 0（停用）或 1（启用）';

/** The departments the caller is confined to (undefined: all); merchants never manage subsidiaries. */
function departmentScope(auth: AuthContext): readonly number[] | undefined {
  const scope = companyScope(auth);
  if (scope.companyId !== undefined) throw new ForbiddenError('无权限访问此页面！');
  return scope.departmentIds;
}

/** q= filters (already whitelisted) → search criteria; enum filters must be one of their choices. */
export function subsidiarySearchOf(filters: Record<string, string>): SubsidiarySearch {
  const read = filterReader(filters, subsidiaries.filters);
  const choice = (key: string) => choiceFilter(subsidiaries.filters, key, read.number(key));
  return {
    sname: read.text('sname'),
    departmentId: read.number('departID'),
    status: choice('status'),
    isVirtual: choice('isVirtual'),
    platformMark: choice('platformmark'),
  };
}

async function subsidiaryInScope(db: Db, auth: AuthContext, id: number): Promise<SubsidiaryRecord> {
  const scope = departmentScope(auth);
  const subsidiary = await findSubsidiary(db, id);
  if (!subsidiary) fail('分公司不存在');
  if (scope && !scope.includes(subsidiary.departID)) throw new ForbiddenError('无权访问该部门的分公司');
  return subsidiary;
}

function checks(db: Db, auth: AuthContext, exceptId?: number): Partial<Record<EditableSource, FieldCheck>> {
  const length = lengthBetween(NAME_MIN, NAME_MAX, MSG_NAME_LENGTH);
  const scope = departmentScope(auth);
  return {
    sname: async (value) =>
      length(value) ?? ((await subsidiaryNameTaken(db, String(value), exceptId)) ? MSG_NAME_TAKEN : undefined),
    departID: async (value) => {
      if (!(await departmentExists(db, Number(value)))) return MSG_NO_DEPARTMENT;
      return scope && !scope.includes(Number(value)) ? MSG_DEPARTMENT_OUT_OF_SCOPE : undefined;
    },
  };
}

function statusOf(request: FastifyRequest): number {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const raw = String(query.status ?? body.status ?? '').trim();
  if (!/^[01]$/.test(raw)) fail(MSG_STATUS);
  return Number(raw);
}

export async function subsidiariesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const { permissions } = subsidiaries;
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });

  app.get('/api/v1/subsidiary/search', access(permissions.list), async (request) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const search = { ...subsidiarySearchOf(list.filters), departmentIds: departmentScope(auth) };
    const { rows, total } = await searchSubsidiaries(db, search, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/subsidiaries/mark/:id', access(permissions.list), async (request) => {
    const id = parseId((request.params as { id: string }).id, '分公司编号');
    return ok(await subsidiaryInScope(db, requireAuth(request), id));
  });

  app.post('/api/v1/subsidiaries', access(permissions.create), async (request) => {
    const auth = requireAuth(request);
    const values: SubsidiaryValues = await checkedValues(request.body, FORM_FIELDS, {
      requireAll: true,
      maxChars: MAX_CHARS,
      checks: checks(db, auth),
    });
    const id = await writeUnique(() => insertSubsidiary(db, values, chinaTime()), 'sname', MSG_NAME_TAKEN);
    return ok(await subsidiaryInScope(db, auth, id), '新增成功');
  });

  app.put('/api/v1/subsidiaries/:id', access(permissions.edit), async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '分公司编号');
    await subsidiaryInScope(db, auth, id);
    const values: SubsidiaryValues = await checkedValues(request.body, FORM_FIELDS, {
      maxChars: MAX_CHARS,
      checks: checks(db, auth, id),
    });
    await writeUnique(() => updateSubsidiary(db, id, values), 'sname', MSG_NAME_TAKEN);
    return ok(await subsidiaryInScope(db, auth, id), '保存成功');
  });

  app.patch('/api/v1/subsidiaries/:id', access(permissions.edit), async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '分公司编号');
    await subsidiaryInScope(db, auth, id);
    const status = statusOf(request);
    await setSubsidiaryStatus(db, id, status);
    return ok(await subsidiaryInScope(db, auth, id), `${choiceName(ENABLED_STATUS, status)}成功`);
  });
}
