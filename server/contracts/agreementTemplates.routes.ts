import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { agreementTemplateSeals, agreementTemplates } from '../../resources/agreementTemplates';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { resolveColumns } from '../engine/columns';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { type EngineRecord, listPage, recordOrFail } from '../engine/reads';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { filtersOf } from '../http/listQuery';
import { agreementTemplatesBinding as binding, lockTemplate } from './agreementTemplates.binding';
import {
  deleteTemplateSchema,
  sealStatusSchema,
  toggleTemplateUseSchema,
  unbindTemplateSchema,
  unboundTemplatesSchema,
} from './agreementTemplates.schemas';

/**
 * What the engine does not serve of /adContractTemplate (agreementTemplates.binding.ts serves the rest, and
 * agreementTemplateSeals.binding.ts the seals), built from its reads and operation log:
 * - GET    /api/v1/agreement_template/unbound?q=platformmark:1      every template bound to no signing entity;
 * - GET    /api/v1/agreement_template/update_use_status/:id         toggle 未启用 ↔ 使用中 (the spec's GET, §7);
 * - POST   /api/v1/agreement_template/unbinding?agreementId=        clear the signing entity;
 * - DELETE /api/v1/agreement_template/:id                           unless in use or with normal seals, with its
 *   voided seals, under the template's lock; answers no record;
 * - PUT    /api/v1/agreement_template_seal/:id/datastatus/:status   any status but the declared 0 and 1: refused.
 */
const columns = resolveColumns(binding);
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** Changes one template in a transaction with its operation-log entry; `change` answers whether a row changed. */
async function changeTemplate(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  id: number,
  action: string,
  change: (trx: Db) => Promise<boolean>,
  unchanged: string,
): Promise<EngineRecord> {
  return db.transaction().execute(async (trx) => {
    const before = await recordOrFail(trx, binding, columns, id, auth);
    if (!(await change(trx))) fail(unchanged);
    const after = await recordOrFail(trx, binding, columns, id, auth);
    const entry = { action, resource: agreementTemplates.name, recordId: id, changes: changesBetween(before, after) };
    await recordOperation(trx, request, auth, entry);
    return after;
  });
}

export async function agreementTemplatesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const { permissions } = agreementTemplates;
  const access = (codes: readonly string[] | undefined, schema: object) => ({
    config: { access: { permissions: codes ?? permissions.list } },
    schema,
  });
  const idOf = (raw: unknown) => parseId(raw, '模板编号');

  app.get('/api/v1/agreement_template/unbound', access(permissions.list, unboundTemplatesSchema), async (request) => {
    const filters = filtersOf(request.url);
    const unknown = Object.keys(filters).filter((key) => key !== 'platformmark');
    if (unknown.length > 0) fail(`不支持的查询条件：${unknown.join('、')}（可用：platformmark）`);
    const list = { page: 0, size: ALL_ROWS, offset: 0, filters, sort: { field: 'sort', order: 'asc' as const } };
    const unbound = sql<boolean>`agreement_templates.entid IS NULL`;
    return ok((await listPage(db, binding, columns, requireAuth(request), list, () => unbound)).rows);
  });

  app.get(
    '/api/v1/agreement_template/update_use_status/:id',
    access(permissions.edit, toggleTemplateUseSchema),
    async (request) => {
      const id = idOf((request.params as { id: string }).id);
      const toggle = async (trx: Db) => {
        const set = { use_status: sql<number>`1 - use_status`, update_time: chinaTime() };
        await trx.updateTable('agreement_templates').set(set).where('id', '=', id).execute();
        return true;
      };
      const template = await changeTemplate(db, request, requireAuth(request), id, 'useStatus', toggle, '');
      return ok(template, template.useStatus === 1 ? '启用成功' : '停用成功');
    },
  );

  app.post('/api/v1/agreement_template/unbinding', access(permissions.edit, unbindTemplateSchema), async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = idOf((request.query as Record<string, unknown>).agreementId ?? body.agreementId);
    const unbind = async (trx: Db) => {
      const result = await trx
        .updateTable('agreement_templates')
        .set({ entid: null, update_time: chinaTime() })
        .where('id', '=', id)
        .where('entid', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    };
    const unbound = await changeTemplate(
      db,
      request,
      requireAuth(request),
      id,
      'unbind',
      unbind,
      '模板未绑定签约主体，无需解绑',
    );
    return ok(unbound, '解绑成功');
  });

  app.delete('/api/v1/agreement_template/:id', access(permissions.delete, deleteTemplateSchema), async (request) => {
    const id = idOf((request.params as { id: string }).id);
    const auth = requireAuth(request);
    await db.transaction().execute(async (trx) => {
      await lockTemplate(trx, id);
      const before = await recordOrFail(trx, binding, columns, id, auth);
      if (before.useStatus === 1) fail('模板使用中，不能删除，请先停用');
      const normal = await trx
        .selectFrom('agreement_template_seals')
        .select('id')
        .where('template_id', '=', id)
        .where('data_status', '=', 1)
        .limit(1)
        .executeTakeFirst();
      if (normal) fail('模板下还有正常状态的印章，不能删除，请先作废印章');
      await trx.deleteFrom('agreement_template_seals').where('template_id', '=', id).execute();
      await trx.deleteFrom('agreement_templates').where('id', '=', id).execute();
      const entry = {
        action: 'delete',
        resource: agreementTemplates.name,
        recordId: id,
        changes: changesBetween(before, null),
      };
      await recordOperation(trx, request, auth, entry);
    });
    return ok(null, '删除成功');
  });

  app.put(
    '/api/v1/agreement_template_seal/:id/datastatus/:status',
    access(agreementTemplateSeals.permissions.edit, sealStatusSchema),
    async (request) => {
      parseId((request.params as { id: string }).id, '印章编号');
      fail('印章状态只能是0（作废）或1（正常）');
    },
  );
}
