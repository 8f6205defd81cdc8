import type { FastifyInstance } from 'fastify';
import { companies, smallCompanies } from '../../resources/companies';
import { subsidiaries } from '../../resources/subsidiaries';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope } from '../auth/scope';
import { operableCompany } from '../companies/operableCompany';
import type { Db } from '../db/database';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  bindCompanySchema,
  bindSubsidiarySchema,
  companyBindingSchema,
  crmRecordsSchema,
  crmSubsidiariesSchema,
  gardensSchema,
  markSubsidiarySchema,
  unbindSubsidiarySchema,
} from './crm.schemas';
import { type BindOptions, bindingOf, changeBinding, ownersOf } from './crmBindings';
import type { CrmKind, CrmProvider } from './crmProvider';
import { crmProviderFor } from './index';

/**
 * The CRM calls (spec §7 Subsidiaries, partners, CRM):
 * - GET   /api/v1/subsidiary/crm/search?q=name:&page&size  the CRM's subsidiaries, each with the subsidiary bound to it;
 * - PATCH /api/v1/subsidiary/crm/binding   { id, crmId }    bind one of ours to one of the CRM's;
 * - PATCH /api/v1/subsidiary/crm/unbinding { id }           undo it;
 * - PUT   /api/v1/subsidiaries/mark/:id    { isVirtual }    mark a subsidiary virtual (1) or real (0);
 * - GET   /api/v1/crm/data/synchronization/search/:kind     the CRM's subsidiary|institution|teacher|cloudorder;
 * - PATCH /api/v1/company/crm/bind { companyId, crmId }     bind a company to a CRM institution (crmId '' unbinds);
 * - GET   /api/v1/applet/garden?q=name:                     the parks (园区) the CRM lists, for any logged-in user.
 */

const BRANCH = ['UI_BRANCH_OFFICE_MGR'];
const COMPANY_EDIT = [...(companies.permissions.edit ?? []), ...(smallCompanies.permissions.edit ?? [])];
const SYNC_READERS = [...new Set([...BRANCH, ...COMPANY_EDIT])];

const LIST_SPEC = { filterKeys: ['name'], sortFields: [] };

const MSG = {
  noSubsidiary: '分公司不存在',
  noCrmSubsidiary: 'CRM中没有该分公司，请重新查询后选择',
  noCrmInstitution: 'CRM中没有该机构，请重新查询后选择',
  outOfScope: '无权访问该部门的分公司',
} as const;

/** The subsidiary, within the caller's departments (the rule of server/people/subsidiaries.binding.ts). */
async function visibleSubsidiary(db: Db, auth: AuthContext, id: number) {
  const scope = companyScope(auth);
  if (scope.companyId !== undefined) throw new ForbiddenError('无权限访问此页面！');
  const row = await db.selectFrom('subsidiaries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) fail(MSG.noSubsidiary);
  if (auth.deptScope && !auth.deptScope.includes(Number(row.department_id))) throw new ForbiddenError(MSG.outOfScope);
  return row;
}

/** Binds a subsidiary to a CRM record (null: unbinds), keeping its shown CRM company name in step. */
function changeSubsidiaryBinding(
  db: Db,
  subsidiaryId: number,
  record: BindOptions['record'],
  request: BindOptions['request'],
  auth: AuthContext,
) {
  return changeBinding(db, {
    ownerKind: 'subsidiary',
    ownerId: subsidiaryId,
    record,
    request,
    auth,
    afterChange: async (tx, name) => {
      await tx.updateTable('subsidiaries').set({ crm_company_name: name }).where('id', '=', subsidiaryId).execute();
    },
  });
}

async function searchPage(crm: CrmProvider, kind: CrmKind, url: string, query: Record<string, unknown>) {
  const list = parseListQuery(url, query, LIST_SPEC);
  const { rows, total } = await crm.search(kind, { name: list.filters.name, offset: list.offset, limit: list.size });
  return { list, rows, total };
}

export async function crmRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  const crm = crmProviderFor(config, db);

  app.get(
    '/api/v1/subsidiary/crm/search',
    { schema: crmSubsidiariesSchema, config: { access: { permissions: BRANCH } } },
    async (request) => {
      const { list, rows, total } = await searchPage(
        crm,
        'subsidiary',
        request.url,
        request.query as Record<string, unknown>,
      );
      const owners = await ownersOf(
        db,
        'subsidiary',
        rows.map((row) => row.crmId),
      );
      return ok(
        pageOf(
          rows.map((row) => ({ ...row, boundSubsidiaryId: owners.get(row.crmId) ?? null })),
          total,
          list,
        ),
      );
    },
  );

  app.patch(
    '/api/v1/subsidiary/crm/binding',
    {
      schema: bindSubsidiarySchema,
      config: { access: { permissions: BRANCH } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body as { id: number | string; crmId: string };
      const subsidiary = await visibleSubsidiary(db, auth, Number(body.id));
      const record = await crm.find('subsidiary', body.crmId);
      if (!record) fail(MSG.noCrmSubsidiary);
      const binding = await changeSubsidiaryBinding(db, subsidiary.id, record, request, auth);
      return ok(binding, '绑定成功');
    },
  );

  app.patch(
    '/api/v1/subsidiary/crm/unbinding',
    {
      schema: unbindSubsidiarySchema,
      config: { access: { permissions: BRANCH } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const subsidiary = await visibleSubsidiary(db, auth, Number((request.body as { id: number | string }).id));
      await changeSubsidiaryBinding(db, subsidiary.id, null, request, auth);
      return ok(null, '解绑成功');
    },
  );

  app.put(
    '/api/v1/subsidiaries/mark/:id',
    {
      schema: markSubsidiarySchema,
      config: { access: { permissions: BRANCH } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const subsidiary = await visibleSubsidiary(db, auth, Number((request.params as { id: string }).id));
      const isVirtual = (request.body as { isVirtual: 0 | 1 }).isVirtual;
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('subsidiaries').set({ is_virtual: isVirtual }).where('id', '=', subsidiary.id).execute();
        await recordOperation(tx, request, auth, {
          action: 'mark',
          resource: subsidiaries.name,
          recordId: subsidiary.id,
          changes: { isVirtual: [Number(subsidiary.is_virtual), isVirtual] },
        });
      });
      return ok({ id: subsidiary.id, isVirtual }, isVirtual === 1 ? '已标记为虚拟分公司' : '已取消虚拟分公司标记');
    },
  );

  app.get(
    '/api/v1/crm/data/synchronization/search/:kind',
    {
      schema: crmRecordsSchema,
      config: { access: { permissions: SYNC_READERS } },
    },
    async (request) => {
      const kind = (request.params as { kind: CrmKind }).kind;
      const { list, rows, total } = await searchPage(crm, kind, request.url, request.query as Record<string, unknown>);
      return ok(pageOf(rows, total, list));
    },
  );

  app.patch(
    '/api/v1/company/crm/bind',
    {
      schema: bindCompanySchema,
      config: { access: { permissions: COMPANY_EDIT } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body as { companyId: number | string; crmId: string };
      // In the caller's scope and of an edition its codes cover (UI_XGM_MERCHANT_MGR alone: small-scale ones).
      const company = await operableCompany(db, auth, body.companyId);
      const record = body.crmId === '' ? null : await crm.find('institution', body.crmId);
      if (body.crmId !== '' && !record) fail(MSG.noCrmInstitution);
      const binding = await changeBinding(db, {
        ownerKind: 'company',
        ownerId: company.id,
        ownerTitle: company.name,
        record,
        request,
        auth,
      });
      return ok(binding, record ? '绑定成功' : '解绑成功');
    },
  );

  /** The company's current CRM binding, for the 绑定CRM dialog. */
  app.get(
    '/api/v1/company/crm/bind/:companyId',
    {
      schema: companyBindingSchema,
      config: { access: { permissions: COMPANY_EDIT } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const companyId = Number((request.params as { companyId: string }).companyId);
      await assertCompanyVisible(db, auth, companyId);
      return ok(await bindingOf(db, 'company', companyId));
    },
  );

  app.get('/api/v1/applet/garden', { schema: gardensSchema }, async (request) => {
    requireAuth(request);
    const { list, rows, total } = await searchPage(
      crm,
      'garden',
      request.url,
      request.query as Record<string, unknown>,
    );
    return ok(pageOf(rows, total, list));
  });
}
