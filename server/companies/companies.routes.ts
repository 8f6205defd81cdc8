import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companies, smallCompanies } from '../../resources/companies';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { declaredFormSchema, validatedValues } from '../http/declaredForm';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  type CompanyRecord,
  type CompanySearch,
  EDITABLE_COLUMNS,
  EDITABLE_MAX_CHARS,
  type EditableSource,
  findCompany,
  searchCompanies,
  updateCompany,
} from './companies.repository';
import {
  companySchema,
  editSchema,
  invoiceEditSchema,
  searchByDepartmentsSchema,
  searchSchema,
  smallSearchSchema,
} from './companies.schemas';

/**
 * The admin company API, driven by resources/companies.ts (filter keys, sort fields, permission codes,
 * editable fields and their validators all come from the declaration):
 * - GET  /api/v1/companies/search?q=&page=&size=&sort=   one page of companies within the caller's scope;
 * - POST /api/v1/companies/search?q=…  body { deptIds }  the same, narrowed to those departments (spec §7);
 * - GET  /api/v1/companies/:id/platform/:mark             one company (mark 0: any edition);
 * - PUT  /api/v1/companies/:id                            edit the declaration's form fields;
 * - PUT  /api/v1/companies/:coid/invoice                  edit only the invoice fields (own merchant or staff).
 */

const LIST_SPEC = {
  filterKeys: filterKeys(companies),
  sortFields: sortFields(companies),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

const SMALL_LIST_SPEC = { ...LIST_SPEC, filterKeys: filterKeys(smallCompanies) };
const SMALL_SCALE = 3;

/** The form fields staff may change (PUT /:id) and the invoice fields a merchant may change too. */
const EDITABLE_FIELDS = companies.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    !!field.form && !field.readOnly && field.source in EDITABLE_COLUMNS,
);
const INVOICE_FIELDS = EDITABLE_FIELDS.filter((field) => field.source.startsWith('invoice'));
const EDIT_BODY = declaredFormSchema(EDITABLE_FIELDS, { maxChars: EDITABLE_MAX_CHARS });
const INVOICE_BODY = declaredFormSchema(INVOICE_FIELDS, { maxChars: EDITABLE_MAX_CHARS });

/** q= filters (already whitelisted by parseListQuery) → search criteria. */
export function companySearchOf(filters: Record<string, string>): CompanySearch {
  const read = filterReader(filters, companies.filters);
  const { from, to } = read.dateRange('stime', 'etime');
  return {
    name: read.text('coname'),
    linkmanName: read.text('linkmanName'),
    linkmanMobile: read.text('linkmanMobile'),
    legalPersonName: read.text('legalPersonName'),
    createdFrom: from,
    createdTo: to,
    platformMark: read.number('platformmark'),
    subsidiaryId: read.number('subID'),
    departmentId: read.number('departID'),
    serviceId: read.number('serviceId'),
    boundEnterpriseId: read.number('entid'),
    bound: read.flag('isbind'),
    signedEnterpriseId: read.number('platformid'),
    saleName: read.text('salename'),
    salePartnerName: read.text('cpname'),
    departmentName: read.text('dpname'),
    institutionId: read.number('insid'),
    legalPersonIdCard: read.text('legalPersonIdCard')?.toUpperCase(),
    adminIdCard: read.text('adminIdCard')?.toUpperCase(),
  };
}

/** POST body deptIds: an array of department ids (or "1,2"); empty or absent means no narrowing. */
function deptIdsOf(body: unknown): number[] | undefined {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).deptIds : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const ids = items.map((item) => Number(typeof item === 'string' ? item.trim() : item));
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) fail('deptIds 必须是部门编号的数组');
  return ids.length > 0 ? ids : undefined;
}

/** deptIds from the POST body, else from q= (deptIds:1,2): both narrow the same way. */
function requestedDeptIds(request: FastifyRequest, filters: Record<string, string>): number[] | undefined {
  const body = request.method === 'POST' ? deptIdsOf(request.body) : undefined;
  return body ?? deptIdsOf({ deptIds: filters.deptIds?.trim() });
}

/** The caller's data scope (DESIGN §4), narrowed further by deptIds when given. */
function scopedSearch(auth: AuthContext, search: CompanySearch, deptIds: number[] | undefined): CompanySearch {
  const scope = companyScope(auth);
  let departmentIds = scope.departmentIds;
  if (deptIds) departmentIds = departmentIds ? departmentIds.filter((id) => deptIds.includes(id)) : deptIds;
  return { ...search, ...scope, departmentIds };
}

function validatedChanges(
  body: unknown,
  fields: readonly (FieldDeclaration & { source: EditableSource })[],
): Partial<Record<EditableSource, string | null>> {
  return validatedValues(body, fields, { maxChars: EDITABLE_MAX_CHARS }) as Partial<
    Record<EditableSource, string | null>
  >;
}

async function companyOrFail(db: Db, id: number): Promise<CompanyRecord> {
  const company = await findCompany(db, id);
  if (!company) fail('公司不存在');
  return company;
}

export async function companiesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const listAccess = { config: { access: { permissions: companies.permissions.list } } };
  const editAccess = { config: { access: { permissions: companies.permissions.edit ?? companies.permissions.list } } };

  const search = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const criteria = scopedSearch(auth, companySearchOf(list.filters), requestedDeptIds(request, list.filters));
    const { rows, total } = await searchCompanies(db, criteria, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  };
  app.get('/api/v1/companies/search', { ...listAccess, schema: searchSchema }, search);

  // /adSmallMerchant: the same list fixed to the small-scale edition, under its own code.
  const smallListAccess = { config: { access: { permissions: smallCompanies.permissions.list } } };
  app.get('/api/v1/companies/xgm/search', { ...smallListAccess, schema: smallSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, SMALL_LIST_SPEC);
    const criteria = scopedSearch(
      auth,
      { ...companySearchOf(list.filters), platformMark: SMALL_SCALE },
      requestedDeptIds(request, list.filters),
    );
    const { rows, total } = await searchCompanies(db, criteria, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });
  app.put(
    '/api/v1/companies/xgm/:id',
    {
      config: { access: { permissions: smallCompanies.permissions.edit ?? [] } },
      schema: editSchema('修改小规模企业', EDIT_BODY),
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = parseId((request.params as { id: string }).id, '公司编号');
      await assertCompanyVisible(db, auth, id);
      const company = await companyOrFail(db, id);
      if (company.platformMark !== SMALL_SCALE) fail('公司不存在');
      const changes = validatedChanges(request.body, EDITABLE_FIELDS);
      if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
      return ok(await companyOrFail(db, id), '保存成功');
    },
  );
  app.post(
    '/api/v1/companies/search',
    { config: { ...listAccess.config, readOnly: true }, schema: searchByDepartmentsSchema },
    search,
  );

  // Any logged-in user within scope: merchants read their own company here, staff any company they may see.
  app.get('/api/v1/companies/:id/platform/:mark', { schema: companySchema }, async (request) => {
    const auth = requireAuth(request);
    const params = request.params as { id: string; mark: string };
    const id = parseId(params.id, '公司编号');
    const mark = Number(params.mark);
    if (!Number.isInteger(mark) || mark < 0) fail('版本格式不正确');
    await assertCompanyVisible(db, auth, id);
    const company = await companyOrFail(db, id);
    if (mark !== 0 && company.platformMark !== mark) fail('公司不存在');
    return ok(company);
  });

  app.put('/api/v1/companies/:id', { ...editAccess, schema: editSchema('修改企业', EDIT_BODY) }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '公司编号');
    await assertCompanyVisible(db, auth, id);
    await companyOrFail(db, id);
    const changes = validatedChanges(request.body, EDITABLE_FIELDS);
    if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
    return ok(await companyOrFail(db, id), '保存成功');
  });

  // The company's own merchant (MER_HOME) or company staff (UI_COMPANY_MGR) within their scope.
  app.put(
    '/api/v1/companies/:coid/invoice',
    {
      config: { access: { permissions: ['MER_HOME', ...companies.permissions.list] } },
      schema: invoiceEditSchema(INVOICE_BODY),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.roleId !== ROLE.merchant && !holdsAny(auth, companies.permissions.list)) {
        throw new ForbiddenError('无权限访问此页面！');
      }
      const id = parseId((request.params as { coid: string }).coid, '公司编号');
      await assertCompanyVisible(db, auth, id);
      await companyOrFail(db, id);
      const changes = validatedChanges(request.body, INVOICE_FIELDS);
      if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
      return ok(await companyOrFail(db, id), '保存成功');
    },
  );
}
