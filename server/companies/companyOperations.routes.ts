import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creditCodeError } from '../../src/domain/creditCode';
import { VIP_LEVEL } from '../../src/domain/enterprises';
import { ROLE } from '../../src/domain/roles';
import { personNameError, validateCompanyName, validateMobile, validateNationalId } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, assertEnterpriseEdition, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { assertBound } from '../enterprises/signingEntities';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { checkedReference } from '../references/references.service';
import {
  baoguSchema,
  bindEnterprisesSchema,
  boundEnterprisesSchema,
  createSchema,
  enterpriseTaxSchema,
  managerSchema,
  serviceSchema,
  signedEnterprisesSchema,
  verifySchema,
  vipLevelSchema,
  vipLevelsSchema,
  workSceneSchema,
} from './companies.schemas';

/**
 * The operator's company calls of spec §7, beside the list and edit of companies.routes.ts:
 * - GET  /api/v1/companies/sign_plat/:id              the enterprises (签约平台) the company has signed with;
 * - GET  /api/v1/company/viplevel?platformmark=       the VIP levels a company may hold;
 * - POST /api/v1/companies                            an operator creates a company;
 * - PUT  /api/v1/companies/manager/:organizeThirdId   change the company's administrator (our company id is the
 *   e-sign organisation's third-party id): name, mobile, id card;
 * - GET|PUT /api/v1/companies/enterprise/:id          the enterprises it is bound to ({ enterpriseIds } replaces);
 * - PUT  /api/v1/companies/workscene { id, workScene } its work scene (a static path: it wins over PUT /:id);
 * - PUT  /api/v1/companies/viplevel { id, vipLevel }   its VIP level (which enterprise rate it pays);
 * - POST /api/v1/companies/verify { id }               mark it verified (认证), once;
 * - POST /api/v1/company/baoguset { id, enabled, baoguAccount? }   its 宝谷 switch;
 * - GET  /api/v1/company/task/findenterprisetax/:id   an enterprise's tax details and the caller's rate with it;
 * - POST /api/v1/companies/serviceid { id, serviceId } assign its customer service.
 * Every write checks the caller's scope and edition (UI_XGM_MERCHANT_MGR alone: small-scale companies only) and
 * leaves one operation-log entry with the changed fields, in the transaction of the change.
 */

const STANDARD_CODE = 'UI_COMPANY_MGR';
export const COMPANY_OPERATOR_CODES = [STANDARD_CODE, 'UI_XGM_MERCHANT_MGR'] as const;
const operator = { config: { access: { permissions: COMPANY_OPERATOR_CODES } } };
const SMALL_SCALE = 3;

type Form = Record<string, unknown>;
const clean = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
function firstError(...messages: (string | undefined)[]): void {
  const message = messages.find(Boolean);
  if (message) fail(message);
}

interface CompanyRow {
  id: number;
  name: string;
  platform_mark: number;
}

/** The company the operator may change: in the caller's scope, and of an edition its codes cover. */
export async function operableCompany(db: Db, auth: AuthContext, raw: unknown): Promise<CompanyRow> {
  const id = parseId(raw, '公司编号');
  await assertCompanyVisible(db, auth, id);
  const row = await db
    .selectFrom('companies')
    .select(['id', 'name', 'platform_mark'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) fail('公司不存在');
  const company = { id: Number(row.id), name: row.name, platform_mark: Number(row.platform_mark) };
  if (company.platform_mark !== SMALL_SCALE && !holdsAny(auth, [STANDARD_CODE])) {
    throw new ForbiddenError('无权处理标准版企业');
  }
  return company;
}

/** The columns an operator's change touches, as the log shows them (before → after). */
const LOGGED_COLUMNS = [
  'name',
  'linkman_name',
  'linkman_mobile',
  'admin_id_card',
  'work_scene',
  'vip_level',
  'verify_status',
  'baogu_enabled',
  'baogu_account',
  'service_id',
] as const;

async function loggedColumns(db: Db, id: number): Promise<Record<string, unknown>> {
  return (await db
    .selectFrom('companies')
    .select(LOGGED_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
}

/** Applies `change` to the company in one transaction with its log entry; answers the new values. */
async function changeCompany(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  company: CompanyRow,
  action: string,
  change: (trx: Db) => Promise<void>,
): Promise<Record<string, unknown>> {
  return db.transaction().execute(async (trx) => {
    const before = await loggedColumns(trx, company.id);
    await change(trx);
    const after = await loggedColumns(trx, company.id);
    await recordOperation(trx, request, auth, {
      action,
      resource: 'adMerchant',
      recordId: company.id,
      recordTitle: company.name,
      changes: changesBetween(before, after),
    });
    return { id: company.id, ...after };
  });
}

function vipLevelOf(raw: unknown): number {
  const level = Number(raw);
  if (!VIP_LEVEL.some((choice) => choice.id === level)) fail('VIP等级不正确（1 普通用户、2 优选VIP、3 尊享VIP）');
  return level;
}

function markOf(raw: unknown): number | undefined {
  const value = clean(raw);
  if (value === '') return undefined;
  if (value !== '1' && value !== '3') fail('版本只能是 1（标准版）或 3（小规模版）');
  return Number(value);
}

export async function companyOperationsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/companies/sign_plat/:id', { schema: signedEnterprisesSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '公司编号');
    await assertCompanyVisible(db, auth, id);
    const rows = await db
      .selectFrom('contracts')
      .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
      .select([
        'enterprises.id as enterpriseId',
        'enterprises.name as enterpriseName',
        'contracts.platform_mark as platformMark',
        'contracts.sign_status as signStatus',
        'contracts.end_date as endDate',
      ])
      .where('contracts.company_id', '=', id)
      .where('contracts.data_status', '=', 1)
      .orderBy('contracts.id', 'desc')
      .execute();
    // One line per enterprise and edition: its newest contract says whether the company is signed there.
    const seen = new Set<string>();
    const signed = rows.filter((row) => {
      const key = `${row.enterpriseId}/${row.platformMark}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return ok(
      signed.map((row) => ({
        enterpriseId: Number(row.enterpriseId),
        enterpriseName: row.enterpriseName,
        platformMark: Number(row.platformMark),
        signStatus: Number(row.signStatus),
        endDate: row.endDate,
      })),
    );
  });

  app.get('/api/v1/company/viplevel', { schema: vipLevelsSchema }, async (request) => {
    requireAuth(request);
    markOf((request.query as Form).platformmark);
    return ok(VIP_LEVEL.map((choice) => ({ id: choice.id, name: choice.name })));
  });

  app.post('/api/v1/companies', { ...operator, schema: createSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = (request.body ?? {}) as Form;
    const name = clean(form.name);
    const creditCode = clean(form.creditCode).toUpperCase();
    const legalPersonName = clean(form.legalPersonName);
    const linkmanName = clean(form.linkmanName);
    const linkmanMobile = clean(form.linkmanMobile);
    const platformMark = markOf(form.platformMark) ?? (holdsAny(auth, [STANDARD_CODE]) ? 1 : SMALL_SCALE);
    firstError(
      validateCompanyName(name),
      creditCodeError(creditCode),
      personNameError(legalPersonName, '法人姓名'),
      personNameError(linkmanName, '联系人姓名'),
      validateMobile(linkmanMobile),
    );
    if (platformMark !== SMALL_SCALE && !holdsAny(auth, [STANDARD_CODE])) {
      throw new ForbiddenError('无权创建标准版企业');
    }
    const vipLevel = clean(form.vipLevel) ? vipLevelOf(form.vipLevel) : 1;
    const subsidiaryId = (await checkedReference(db, auth, 'subsidiary', form.subID, { field: 'subID' })).id;
    const serviceId = clean(form.serviceId)
      ? (await checkedReference(db, auth, 'service', form.serviceId, { field: 'serviceId' })).id
      : null;
    const industryId = clean(form.industryId)
      ? (await checkedReference(db, auth, 'industry', form.industryId, { field: 'industryId' })).id
      : null;
    const subsidiary = await db
      .selectFrom('subsidiaries')
      .select(['department_id', 'platform_mark'])
      .where('id', '=', subsidiaryId)
      .executeTakeFirstOrThrow();
    // A company belongs to a subsidiary of its own edition: its reports, scope and partner all follow that edition.
    if (Number(subsidiary.platform_mark) !== platformMark) {
      const message =
        platformMark === SMALL_SCALE ? '小规模企业只能选择小规模分公司' : '标准版企业只能选择标准版分公司';
      throw new BusinessError(message, undefined, { errors: { subID: message } });
    }
    const time = chinaTime();
    const id = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('companies')
        .select(['name', 'credit_code'])
        .where((eb) => eb.or([eb('name', '=', name), eb('credit_code', '=', creditCode)]))
        .executeTakeFirst();
      if (taken) fail(taken.name === name ? '该公司名称已存在' : '该统一社会信用代码已存在');
      const row = await trx
        .insertInto('companies')
        .values({
          name,
          platform_mark: platformMark,
          credit_code: creditCode,
          company_nature: null,
          company_size: null,
          industry_id: industryId,
          legal_person_name: legalPersonName,
          linkman_name: linkmanName,
          linkman_mobile: linkmanMobile,
          province: null,
          city: null,
          district: null,
          department_id: Number(subsidiary.department_id),
          subsidiary_id: subsidiaryId,
          service_id: serviceId,
          sale_name: null,
          status: 1,
          sign_status: 0,
          fdd_corp_free_status: 0,
          certification_type: 1,
          sub_status: 0,
          invoice_title: name,
          invoice_tax_number: creditCode,
          create_time: time,
          update_time: time,
          sale_partner_id: null,
          vip_level: vipLevel,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const companyId = Number(row.id);
      await recordOperation(trx, request, auth, {
        action: 'create',
        resource: 'adMerchant',
        recordId: companyId,
        recordTitle: name,
        changes: changesBetween(null, { name, creditCode, platformMark, subsidiaryId, serviceId, vipLevel }),
      });
      return companyId;
    });
    return ok({ id, name, platformMark, vipLevel }, '新增成功');
  });

  app.put(
    '/api/v1/companies/manager/:organizeThirdId',
    {
      ...operator,
      schema: managerSchema,
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await operableCompany(db, auth, (request.params as Form).organizeThirdId);
      const form = (request.body ?? {}) as Form;
      const managerName = clean(form.managerName);
      const managerMobile = clean(form.managerMobile);
      const managerIdCard = clean(form.managerIdCard).toUpperCase();
      firstError(
        personNameError(managerName, '管理员姓名'),
        validateMobile(managerMobile),
        managerIdCard ? validateNationalId(managerIdCard) : undefined,
      );
      const after = await changeCompany(db, request, auth, company, 'manager', async (trx) => {
        await trx
          .updateTable('companies')
          .set({
            linkman_name: managerName,
            linkman_mobile: managerMobile,
            ...(managerIdCard ? { admin_id_card: managerIdCard } : {}),
            update_time: chinaTime(),
          })
          .where('id', '=', company.id)
          .execute();
      });
      return ok(after, '管理员已变更');
    },
  );

  app.get('/api/v1/companies/enterprise/:id', { ...operator, schema: boundEnterprisesSchema }, async (request) => {
    const auth = requireAuth(request);
    const company = await operableCompany(db, auth, (request.params as Form).id);
    return ok(await boundEnterprises(db, company.id));
  });

  app.put(
    '/api/v1/companies/enterprise/:id',
    {
      ...operator,
      schema: bindEnterprisesSchema,
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await operableCompany(db, auth, (request.params as Form).id);
      const ids = [
        ...new Set(((request.body as Form).enterpriseIds as unknown[]).map((raw) => parseId(raw, '签约主体编号'))),
      ];
      const found = ids.length
        ? await db.selectFrom('enterprises').select(['id', 'platform_mark']).where('id', 'in', ids).execute()
        : [];
      if (found.length !== ids.length) fail('所选签约主体不存在');
      if (found.some((row) => Number(row.platform_mark) !== company.platform_mark)) {
        fail('只能绑定与企业同版本的签约主体');
      }
      const result = await db.transaction().execute(async (trx) => {
        const before = await boundEnterprises(trx, company.id);
        await trx.deleteFrom('company_enterprises').where('company_id', '=', company.id).execute();
        if (ids.length > 0) {
          const time = chinaTime();
          await trx
            .insertInto('company_enterprises')
            .values(
              ids.map((enterpriseId) => ({ company_id: company.id, enterprise_id: enterpriseId, create_time: time })),
            )
            .execute();
        }
        const after = await boundEnterprises(trx, company.id);
        await recordOperation(trx, request, auth, {
          action: 'bindEnterprise',
          resource: 'adMerchant',
          recordId: company.id,
          recordTitle: company.name,
          changes: changesBetween(
            { enterprises: before.map((row) => row.name) },
            { enterprises: after.map((row) => row.name) },
          ),
        });
        return after;
      });
      return ok(result, '保存成功');
    },
  );

  app.put('/api/v1/companies/workscene', { ...operator, schema: workSceneSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = request.body as Form;
    const company = await operableCompany(db, auth, form.id);
    const workScene = clean(form.workScene);
    const length = [...workScene].length;
    if (length < 2 || length > 200) fail('请输入2-200字的工作场景');
    const after = await changeCompany(db, request, auth, company, 'workscene', async (trx) => {
      await trx
        .updateTable('companies')
        .set({ work_scene: workScene, update_time: chinaTime() })
        .where('id', '=', company.id)
        .execute();
    });
    return ok(after, '保存成功');
  });

  app.put('/api/v1/companies/viplevel', { ...operator, schema: vipLevelSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = request.body as Form;
    const company = await operableCompany(db, auth, form.id);
    const vipLevel = vipLevelOf(form.vipLevel);
    const after = await changeCompany(db, request, auth, company, 'viplevel', async (trx) => {
      await trx
        .updateTable('companies')
        .set({ vip_level: vipLevel, update_time: chinaTime() })
        .where('id', '=', company.id)
        .execute();
    });
    return ok(after, '保存成功');
  });

  app.post('/api/v1/companies/verify', { ...operator, schema: verifySchema }, async (request) => {
    const auth = requireAuth(request);
    const company = await operableCompany(db, auth, (request.body as Form).id);
    const after = await changeCompany(db, request, auth, company, 'verify', async (trx) => {
      // The claim: only the call that moved 0 → 1 verifies; a repeat is refused.
      const result = await trx
        .updateTable('companies')
        .set({ verify_status: 1, verify_time: chinaTime(), verify_by: auth.displayName.slice(0, 64) })
        .where('id', '=', company.id)
        .where('verify_status', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) fail('该企业已认证');
    });
    return ok(after, '认证成功');
  });

  app.post(
    '/api/v1/company/baoguset',
    {
      ...operator,
      schema: baoguSchema,
    },
    async (request) => {
      const auth = requireAuth(request);
      const form = request.body as Form;
      const company = await operableCompany(db, auth, form.id);
      const enabled = clean(form.enabled);
      if (enabled !== '0' && enabled !== '1') fail('宝谷开关只能是 0（关闭）或 1（开启）');
      const account = clean(form.baoguAccount);
      if (enabled === '1' && !/^[A-Za-z0-9_-]{1,64}$/.test(account)) fail('请填写宝谷账号（字母、数字、- 或 _）');
      const after = await changeCompany(db, request, auth, company, 'baoguset', async (trx) => {
        await trx
          .updateTable('companies')
          .set({
            baogu_enabled: Number(enabled),
            baogu_account: enabled === '1' ? account : null,
            update_time: chinaTime(),
          })
          .where('id', '=', company.id)
          .execute();
      });
      return ok(after, '保存成功');
    },
  );

  app.post('/api/v1/companies/serviceid', { ...operator, schema: serviceSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = request.body as Form;
    const company = await operableCompany(db, auth, form.id);
    const serviceId = (await checkedReference(db, auth, 'service', form.serviceId, { field: 'serviceId' })).id;
    const after = await changeCompany(db, request, auth, company, 'serviceid', async (trx) => {
      await trx
        .updateTable('companies')
        .set({ service_id: serviceId, update_time: chinaTime() })
        .where('id', '=', company.id)
        .execute();
    });
    return ok(after, '保存成功');
  });

  app.get('/api/v1/company/task/findenterprisetax/:id', { schema: enterpriseTaxSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as Form).id, '主体编号');
    const row = await db
      .selectFrom('enterprises')
      .select([
        'id',
        'name',
        'platform_mark',
        'tax_office',
        'invoice_categories',
        'rate_level1',
        'rate_level2',
        'rate_level3',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) fail('主体不存在');
    assertEnterpriseEdition(auth, row.platform_mark);
    // A merchant reads only the enterprises bound to its company (signingEntities.ts).
    if (auth.roleId === ROLE.merchant) await assertBound(db, auth.companyId ?? 0, id);
    // A merchant sees the rate of its own VIP level; staff see every level's rate.
    let vipLevel: number | null = null;
    if (auth.companyId !== null && auth.roleId === ROLE.merchant) {
      const company = await db
        .selectFrom('companies')
        .select('vip_level')
        .where('id', '=', auth.companyId)
        .executeTakeFirst();
      vipLevel = Number(company?.vip_level ?? 1);
    }
    const rates = { 1: Number(row.rate_level1), 2: Number(row.rate_level2), 3: Number(row.rate_level3) };
    return ok({
      enterpriseId: Number(row.id),
      enterpriseName: row.name,
      platformMark: Number(row.platform_mark),
      taxOffice: row.tax_office,
      invoiceCategories: row.invoice_categories,
      vipLevel,
      rate: vipLevel === null ? null : rates[vipLevel as 1 | 2 | 3],
      rates:
        vipLevel === null
          ? VIP_LEVEL.map((level) => ({ level: level.id, levelName: level.name, rate: rates[level.id as 1 | 2 | 3] }))
          : undefined,
    });
  });
}

/** The enterprises a company is bound to, by name. */
async function boundEnterprises(db: Db, companyId: number) {
  const rows = await db
    .selectFrom('company_enterprises')
    .innerJoin('enterprises', 'enterprises.id', 'company_enterprises.enterprise_id')
    .select(['enterprises.id', 'enterprises.name', 'enterprises.platform_mark', 'enterprises.status'])
    .where('company_enterprises.company_id', '=', companyId)
    .orderBy('enterprises.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    platformMark: Number(row.platform_mark),
    status: Number(row.status),
  }));
}
