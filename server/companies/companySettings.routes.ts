import type { FastifyInstance } from 'fastify';
import { VIP_LEVEL } from '../../src/domain/enterprises';
import { personNameError, validateMobile, validateNationalId } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkedReference } from '../references/references.service';
import {
  baoguSchema,
  managerSchema,
  serviceSchema,
  verifySchema,
  vipLevelSchema,
  vipLevelsSchema,
  workSceneSchema,
} from './companies.schemas';
import {
  changeCompany,
  clean,
  type Form,
  firstError,
  markOf,
  operableCompany,
  operator,
  vipLevelOf,
} from './operableCompany';

/**
 * An operator's changes to a company's settings, each in one transaction with its operation-log entry:
 * - GET  /api/v1/company/viplevel?platformmark=       the VIP levels a company may hold;
 * - PUT  /api/v1/companies/manager/:organizeThirdId   change the company's administrator (our company id is the
 *   e-sign organisation's third-party id): name, mobile, id card;
 * - PUT  /api/v1/companies/workscene { id, workScene } its work scene (a static path: it wins over PUT /:id);
 * - PUT  /api/v1/companies/viplevel { id, vipLevel }   its VIP level (which enterprise rate it pays);
 * - POST /api/v1/companies/verify { id }               mark it verified (认证), once;
 * - POST /api/v1/company/baoguset { id, enabled, baoguAccount? }   its 宝谷 switch;
 * - POST /api/v1/companies/serviceid { id, serviceId } assign its customer service.
 */
export async function companySettingsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/company/viplevel', { schema: vipLevelsSchema }, async (request) => {
    requireAuth(request);
    markOf((request.query as Form).platformmark);
    return ok(VIP_LEVEL.map((choice) => ({ id: choice.id, name: choice.name })));
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
}
