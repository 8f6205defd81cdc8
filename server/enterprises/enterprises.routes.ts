import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENTERPRISE_MSG, ENTERPRISE_STATUS_CODE as STATUS, VIP_LEVEL } from '../../src/domain/enterprises';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertEnterpriseEdition, editionsOf, MSG_OTHER_EDITION, parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import {
  addIndustrySchema,
  allSchema,
  byLevelSchema,
  industriesSchema,
  industryDetailSchema,
  LEVEL_MSG,
  levelRatesSchema,
  MARK_MSG,
  optionsSchema,
  RANK_MSG,
  RANKS_MSG,
  rankSchema,
  removeIndustrySchema,
  riskSchema,
} from './enterprises.schemas';
import { enterpriseOptions, enterpriseOrFail, levelRates } from './enterprises.service';
import { assertBound } from './signingEntities';

/**
 * The enterprise calls of spec §7 the engine does not serve (resources/enterprises.ts serves list, one, create,
 * update, delete, lock, risky and unlock):
 * - GET  /api/v1/enterprises?platformmark=        pickers: usable enterprises (merchants: their own edition);
 * - GET  /api/v1/enterprises/all                  staff: every enterprise with its status;
 * - GET  /api/v1/enterprises/get/:companytype/:enterpriseid/:mark   one enterprise and its rate for a VIP level;
 * - POST /api/v1/enterpriseslevelrate/get  { enterpriseId, level? }  rates by level (1/10000);
 * - POST /api/v1/enterprises/rank  { items: [{ id, rank }] }        the display order;
 * - GET|POST /api/v1/enterprises/:id/industry, GET …/industry/detail?industryId, DELETE …/industry/:industryId/delete;
 * - GET  /api/v1/enterprises/risk/:id             the status, why and the confirmation text a risky one needs.
 * Every read of one enterprise passes the one edition rule of signing entities (auth/scope.ts
 * assertEnterpriseEdition: a merchant its session's edition, staff its role's editions); the lists keep to them.
 * A merchant is offered, and may read the rates and risk of, only the enterprises bound to its company
 * (signingEntities.ts).
 */
const MANAGE = ['UI_MANAGEMENT_LEVY_AGENT', 'UI_XGM_MANAGEMENT_LEVY_AGENT'];
const manage = { config: { access: { permissions: MANAGE } } };

function assertStaff(auth: AuthContext): void {
  if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
}

const idParam = (request: FastifyRequest, name: string, label = '主体编号') =>
  parseId((request.params as Record<string, string>)[name], label);

function levelOf(raw: unknown): number {
  const level = Number(raw);
  if (!VIP_LEVEL.some((choice) => choice.id === level)) fail(LEVEL_MSG);
  return level;
}

/** A merchant names only enterprises bound to its company; staff any. */
async function assertMerchantMayName(db: AppServices['db'], auth: AuthContext, enterpriseId: number): Promise<void> {
  if (auth.roleId === ROLE.merchant) await assertBound(db, auth.companyId ?? 0, enterpriseId);
}

function markOf(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw !== '1' && raw !== '3' && raw !== 1 && raw !== 3) fail(MARK_MSG);
  return Number(raw);
}

export async function enterprisesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  /** The enterprise, or 主体不存在; one of an edition the caller does not reach is 该主体不属于此版本. */
  const readableEnterprise = async (auth: AuthContext, id: number) => {
    const enterprise = await enterpriseOrFail(db, id);
    assertEnterpriseEdition(auth, enterprise.platformMark);
    await assertMerchantMayName(db, auth, enterprise.id);
    return enterprise;
  };

  app.get('/api/v1/enterprises', { schema: optionsSchema }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    if (auth.roleId === ROLE.merchant) {
      const bound = { platformMark: auth.platformMark, usableOnly: true, boundToCompany: auth.companyId ?? 0 };
      return ok(await enterpriseOptions(db, bound));
    }
    const platformMark = markOf(query.platformmark);
    if (platformMark !== undefined) assertEnterpriseEdition(auth, platformMark);
    return ok(await enterpriseOptions(db, { platformMark, platformMarks: editionsOf(auth), usableOnly: true }));
  });

  app.get('/api/v1/enterprises/all', { schema: allSchema }, async (request) => {
    const auth = requireAuth(request);
    assertStaff(auth);
    return ok(await enterpriseOptions(db, { platformMarks: editionsOf(auth) }));
  });

  app.get('/api/v1/enterprises/get/:companytype/:enterpriseid/:mark', { schema: byLevelSchema }, async (request) => {
    const auth = requireAuth(request);
    const params = request.params as Record<string, string>;
    const level = levelOf(params.companytype);
    const mark = markOf(params.mark);
    const enterprise = await readableEnterprise(auth, idParam(request, 'enterpriseid'));
    if (enterprise.platformMark !== mark) fail(MSG_OTHER_EDITION);
    const [rate] = await levelRates(db, enterprise.id, level);
    return ok({ ...enterprise, level: rate.level, levelName: rate.levelName, rate: rate.rate });
  });

  app.post(
    '/api/v1/enterpriseslevelrate/get',
    { config: { readOnly: true }, schema: levelRatesSchema },
    async (request) => {
      const auth = requireAuth(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const enterprise = await readableEnterprise(auth, parseId(body.enterpriseId, '主体编号'));
      const level = body.level === undefined || body.level === null ? undefined : levelOf(body.level);
      return ok(await levelRates(db, enterprise.id, level));
    },
  );

  app.post('/api/v1/enterprises/rank', { ...manage, schema: rankSchema }, async (request) => {
    const auth = requireAuth(request);
    const items = ((request.body ?? {}) as { items?: unknown }).items;
    if (!Array.isArray(items) || items.length === 0 || items.length > 500) fail(RANKS_MSG);
    const ranks = items.map((item) => {
      const { id, rank } = (item ?? {}) as { id?: unknown; rank?: unknown };
      const value = Number(rank);
      if (!Number.isInteger(value) || value < 0 || value > 99999) fail(RANK_MSG);
      return { id: parseId(id, '主体编号'), rank: value };
    });
    await db.transaction().execute(async (trx) => {
      for (const item of ranks) {
        const before = await trx.selectFrom('enterprises').select('rank').where('id', '=', item.id).executeTakeFirst();
        if (!before) fail(`主体不存在：${item.id}`);
        await trx
          .updateTable('enterprises')
          .set({ rank: item.rank, update_time: chinaTime() })
          .where('id', '=', item.id)
          .execute();
        await recordOperation(trx, request, auth, {
          action: 'rank',
          resource: 'adAgentmanagement',
          recordId: item.id,
          changes: changesBetween({ rank: before.rank }, { rank: item.rank }),
        });
      }
    });
    return ok(null, '排序已保存');
  });

  const industriesOf = (enterpriseId: number, industryId?: number) =>
    db
      .selectFrom('enterprise_industries')
      .innerJoin('industries', 'industries.id', 'enterprise_industries.industry_id')
      .select([
        'enterprise_industries.id as id',
        'enterprise_industries.enterprise_id as enterpriseId',
        'enterprise_industries.industry_id as industryId',
        'industries.nm as industryName',
        'enterprise_industries.scope as scope',
        'enterprise_industries.create_time as createTime',
      ])
      .where('enterprise_industries.enterprise_id', '=', enterpriseId)
      .$if(industryId !== undefined, (query) => query.where('enterprise_industries.industry_id', '=', industryId!))
      .orderBy('enterprise_industries.id');

  app.get('/api/v1/enterprises/:id/industry', { ...manage, schema: industriesSchema }, async (request) => {
    const enterprise = await readableEnterprise(requireAuth(request), idParam(request, 'id'));
    return ok(await industriesOf(enterprise.id).execute());
  });

  app.get('/api/v1/enterprises/:id/industry/detail', { ...manage, schema: industryDetailSchema }, async (request) => {
    const enterprise = await readableEnterprise(requireAuth(request), idParam(request, 'id'));
    const industryId = parseId((request.query as Record<string, unknown>).industryId, '行业编号');
    const row = await industriesOf(enterprise.id, industryId).executeTakeFirst();
    if (!row) fail('该主体未配置此行业');
    return ok(row);
  });

  app.post('/api/v1/enterprises/:id/industry', { ...manage, schema: addIndustrySchema }, async (request) => {
    const auth = requireAuth(request);
    const enterprise = await readableEnterprise(auth, idParam(request, 'id'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const industryId = parseId(body.industryId, '行业编号');
    const scope = body.scope === undefined || body.scope === null ? null : String(body.scope).trim();
    if (scope !== null && [...scope].length > 255) fail('经营范围不能超过255个字符');
    const industry = await db.selectFrom('industries').select('id').where('id', '=', industryId).executeTakeFirst();
    if (!industry) fail('行业不存在');
    try {
      await db.transaction().execute(async (trx) => {
        const row = { enterprise_id: enterprise.id, industry_id: industryId, scope: scope || null };
        await trx
          .insertInto('enterprise_industries')
          .values({ ...row, create_time: chinaTime() })
          .execute();
        await recordOperation(trx, request, auth, {
          action: 'addIndustry',
          resource: 'adAgentmanagement',
          recordId: enterprise.id,
          changes: changesBetween(null, row),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) fail('该主体已配置此行业');
      throw error;
    }
    return ok(await industriesOf(enterprise.id, industryId).executeTakeFirst(), '新增成功');
  });

  app.delete(
    '/api/v1/enterprises/:id/industry/:industryId/delete',
    { ...manage, schema: removeIndustrySchema },
    async (request) => {
      const auth = requireAuth(request);
      const enterprise = await readableEnterprise(auth, idParam(request, 'id'));
      const industryId = idParam(request, 'industryId', '行业编号');
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('enterprise_industries')
          .where('enterprise_id', '=', enterprise.id)
          .where('industry_id', '=', industryId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) fail('该主体未配置此行业');
        await recordOperation(trx, request, auth, {
          action: 'deleteIndustry',
          resource: 'adAgentmanagement',
          recordId: enterprise.id,
          changes: changesBetween({ industryId }, null),
        });
      });
      return ok(null, '删除成功');
    },
  );

  app.get('/api/v1/enterprises/risk/:id', { schema: riskSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = idParam(request, 'id');
    const row = await db
      .selectFrom('enterprises')
      .select(['id', 'name', 'platform_mark', 'status', 'status_reason', 'status_by', 'status_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) fail('主体不存在');
    assertEnterpriseEdition(auth, row.platform_mark);
    await assertMerchantMayName(db, auth, id);
    const staff = auth.roleId !== ROLE.merchant;
    return ok({
      id: Number(row.id),
      name: row.name,
      status: Number(row.status),
      statusReason: row.status_reason,
      // Who and when are the platform's business; a merchant sees the status and the reason.
      statusBy: staff ? row.status_by : null,
      statusTime: staff ? row.status_time : null,
      needsConfirm: Number(row.status) === STATUS.risky,
      confirmText:
        Number(row.status) === STATUS.risky ? ENTERPRISE_MSG.riskyConfirm(row.name, row.status_reason) : null,
      locked: Number(row.status) === STATUS.locked,
    });
  });
}
