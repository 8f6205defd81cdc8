import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import { channels } from '../../resources/partners';
import { filterKeys, sortFields } from '../../resources/types';
import { PARTNER_CATEGORY } from '../../src/domain/enums';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { operableCompany } from '../companies/operableCompany';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { containsCondition } from '../db/textMatch';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { partnerRefusal } from './partners.binding';
import {
  channelListSchema,
  channelSchema,
  channelUpdateSchema,
  performanceSchema,
  performanceSearchSchema,
  salePartnerSchema,
  salePartnerUpdateSchema,
} from './people.schemas';

/**
 * Partners and channels, besides the engine's 服务企业管理 and virtual companies:
 * - GET /api/v1/cloud/partner/search?q=displayName:;mobile:;csort:&page&size&sort   渠道管理: partner accounts in
 *   the caller's departments with category, channel, their companies and this month's performance;
 * - GET /api/v1/cloud/partner/:id; PUT /api/v1/cloud/partner/:id { csort, channelName, remark };
 * - GET|POST /api/v1/partnerperformance?month=YYYY-MM (POST: the same query in the body): per partner, the
 *   companies it brought (销售合伙人) and their top-ups, payouts and service charges of the month (rollups);
 *   a partner sees its own line only;
 * - GET /api/v1/companies/salepartner?coid=   PUT /api/v1/companies/salepartner { coid, partnerId | null }:
 *   the partner who brought a company (partner rates apply to it; it counts in the partner's performance).
 */
const LIST_SPEC = {
  filterKeys: filterKeys(channels),
  sortFields: sortFields(channels),
  defaultSort: { field: 'id', order: 'desc' as const },
};
const SORT_COLUMN: Record<string, string> = { id: 'users.id', companyCount: 'companyCount' };
const DEFAULT_CSORT = 9;

interface ChannelRecord {
  id: number;
  username: string;
  displayName: string;
  mobile: string;
  status: number;
  csort: number;
  channelName: string | null;
  remark: string | null;
  companyCount: number;
  monthPayout: number;
  monthCharge: number;
}

/** Partner accounts the caller may see: every one, or those sharing one of its departments. */
function partnersInScope(db: Db, auth: AuthContext) {
  let query = db
    .selectFrom('users')
    .leftJoin('partner_profiles', 'partner_profiles.user_id', 'users.id')
    .where('users.role_id', '=', ROLE.partner);
  if (auth.deptScope) {
    const departments = auth.deptScope.length ? auth.deptScope : [-1];
    query = query.where('users.id', 'in', (eb: ExpressionBuilder<Database, 'users'>) =>
      eb.selectFrom('user_departments').select('user_id').where('department_id', 'in', departments),
    );
  }
  return query;
}

async function channelRecords(db: Db, ids: number[], month: string): Promise<ChannelRecord[]> {
  if (ids.length === 0) return [];
  const [rows, performance] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('partner_profiles', 'partner_profiles.user_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.username',
        'users.display_name',
        'users.mobile',
        'users.status',
        'partner_profiles.csort',
        'partner_profiles.channel_name',
        'partner_profiles.remark',
        eb
          .selectFrom('companies')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('companies.sale_partner_id', '=', 'users.id')
          .as('companyCount'),
      ])
      .where('users.id', 'in', ids)
      .execute(),
    performanceRows(db, ids, month),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const perf = new Map(performance.map((row) => [row.partnerId, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        username: row.username,
        displayName: row.display_name,
        mobile: row.mobile,
        status: row.status,
        csort: Number(row.csort ?? DEFAULT_CSORT),
        channelName: row.channel_name ?? null,
        remark: row.remark ?? null,
        companyCount: Number(row.companyCount ?? 0),
        monthPayout: perf.get(id)?.payoutAmount ?? 0,
        monthCharge: perf.get(id)?.chargeAmount ?? 0,
      },
    ];
  });
}

export interface PartnerPerformance {
  partnerId: number;
  companyCount: number;
  topupAmount: number;
  payoutAmount: number;
  chargeAmount: number;
  refundAmount: number;
}

/** One month's rollups (stat_company_month) of the companies each partner brought. */
async function performanceRows(db: Db, partnerIds: number[], month: string): Promise<PartnerPerformance[]> {
  if (partnerIds.length === 0) return [];
  const rows = await db
    .selectFrom('companies')
    .leftJoin('stat_company_month', (join) =>
      join.onRef('stat_company_month.company_id', '=', 'companies.id').on('stat_company_month.month', '=', month),
    )
    .select((eb) => [
      'companies.sale_partner_id as partnerId',
      eb.fn.count<number>('companies.id').distinct().as('companyCount'),
      eb.fn.coalesce(eb.fn.sum<number>('stat_company_month.topup_amount'), sql<number>`0`).as('topupAmount'),
      eb.fn.coalesce(eb.fn.sum<number>('stat_company_month.payout_amount'), sql<number>`0`).as('payoutAmount'),
      eb.fn.coalesce(eb.fn.sum<number>('stat_company_month.charge_amount'), sql<number>`0`).as('chargeAmount'),
      eb.fn.coalesce(eb.fn.sum<number>('stat_company_month.refund_amount'), sql<number>`0`).as('refundAmount'),
    ])
    .where('companies.sale_partner_id', 'in', partnerIds)
    .groupBy('companies.sale_partner_id')
    .execute();
  return rows.map((row) => ({
    partnerId: Number(row.partnerId),
    companyCount: Number(row.companyCount),
    topupAmount: Number(row.topupAmount),
    payoutAmount: Number(row.payoutAmount),
    chargeAmount: Number(row.chargeAmount),
    refundAmount: Number(row.refundAmount),
  }));
}

function monthOf(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return chinaTime().slice(0, 7);
  const month = String(raw);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) fail('请选择正确的月份（YYYY-MM）');
  return month;
}

async function channelOrFail(db: Db, auth: AuthContext, id: number): Promise<ChannelRecord> {
  const found = await partnersInScope(db, auth).select('users.id').where('users.id', '=', id).executeTakeFirst();
  if (!found) {
    const exists = await db.selectFrom('users').select('id').where('id', '=', id).where('role_id', '=', ROLE.partner);
    if (await exists.executeTakeFirst()) throw new ForbiddenError('无权访问该部门的合伙人');
    fail('合伙人不存在');
  }
  const [record] = await channelRecords(db, [id], chinaTime().slice(0, 7));
  return record;
}

export async function partnersRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const listAccess = { config: { access: { permissions: channels.permissions.list } } };
  const editAccess = { config: { access: { permissions: channels.permissions.edit ?? [] } } };

  app.get('/api/v1/cloud/partner/search', { ...listAccess, schema: channelListSchema }, async (request) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, channels.filters);
    let query = partnersInScope(db, auth);
    const name = read.text('displayName');
    if (name) query = query.where(containsCondition(db, 'users.display_name', name));
    const mobile = read.text('mobile');
    if (mobile) query = query.where(containsCondition(db, 'users.mobile', mobile));
    const csort = choiceFilter(channels.filters, 'csort', read.number('csort'));
    if (csort !== undefined) {
      query =
        csort === DEFAULT_CSORT
          ? query.where((eb) =>
              eb.or([eb('partner_profiles.csort', '=', csort), eb('partner_profiles.csort', 'is', null)]),
            )
          : query.where('partner_profiles.csort', '=', csort);
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sort = list.sort ?? LIST_SPEC.defaultSort;
    const ids = await query
      .select((eb) => [
        'users.id',
        eb
          .selectFrom('companies')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('companies.sale_partner_id', '=', 'users.id')
          .as('companyCount'),
      ])
      .orderBy(sql.ref(SORT_COLUMN[sort.field] ?? 'users.id'), sort.order)
      .orderBy('users.id', 'desc')
      .limit(list.size)
      .offset(list.offset)
      .execute();
    const records = await channelRecords(
      db,
      ids.map((row) => Number(row.id)),
      chinaTime().slice(0, 7),
    );
    return ok(pageOf(records, Number(total.n), list));
  });

  app.get('/api/v1/cloud/partner/:id', { ...listAccess, schema: channelSchema }, async (request) => {
    const auth = requireAuth(request);
    return ok(await channelOrFail(db, auth, parseId((request.params as { id: string }).id, '合伙人编号')));
  });

  app.put('/api/v1/cloud/partner/:id', { ...editAccess, schema: channelUpdateSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '合伙人编号');
    const before = await channelOrFail(db, auth, id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const csort = Number(body.csort);
    if (!PARTNER_CATEGORY.some((choice) => choice.id === csort)) fail('请选择合伙人类别');
    const channelName = optionalText(body.channelName, 64, '渠道名称');
    const remark = optionalText(body.remark, 200, '备注');
    const now = chinaTime();
    await db.transaction().execute(async (tx) => {
      const values = { csort, channel_name: channelName, remark, update_time: now };
      const updated = await tx.updateTable('partner_profiles').set(values).where('user_id', '=', id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await tx
          .insertInto('partner_profiles')
          .values({ user_id: id, ...values })
          .execute();
      }
      await recordOperation(tx, request, auth, {
        action: 'update',
        resource: channels.name,
        recordId: id,
        changes: changesBetween(
          { csort: before.csort, channelName: before.channelName, remark: before.remark },
          { csort, channelName, remark },
        ),
      });
    });
    return ok(await channelOrFail(db, auth, id), '保存成功');
  });

  const performance = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const source = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown> | null;
    const month = monthOf(source?.month);
    let partners = partnersInScope(db, auth).select(['users.id', 'users.display_name']);
    // A partner sees its own performance, not that of the other partners of its departments.
    if (auth.roleId === ROLE.partner) partners = partners.where('users.id', '=', auth.userId);
    else if (source?.partnerId !== undefined && source.partnerId !== '') {
      partners = partners.where('users.id', '=', parseId(source.partnerId, '合伙人编号'));
    }
    const rows = await partners.orderBy('users.id').execute();
    const numbers = new Map(
      (
        await performanceRows(
          db,
          rows.map((row) => Number(row.id)),
          month,
        )
      ).map((row) => [row.partnerId, row]),
    );
    return ok({
      month,
      content: rows.map((row) => ({
        partnerId: Number(row.id),
        partnerName: row.display_name,
        companyCount: 0,
        topupAmount: 0,
        payoutAmount: 0,
        chargeAmount: 0,
        refundAmount: 0,
        ...numbers.get(Number(row.id)),
      })),
    });
  };
  const performanceAccess = {
    permissions: ['UI_CHANNEL_MGR', 'UI_PARTNER_STATISTICS', 'UI_PARTNER_PERSONAL_STATISTICS'],
  };
  app.get(
    '/api/v1/partnerperformance',
    { config: { access: performanceAccess }, schema: performanceSchema },
    performance,
  );
  app.post(
    '/api/v1/partnerperformance',
    { config: { access: performanceAccess, readOnly: true }, schema: performanceSearchSchema },
    performance,
  );

  const salePartnerAccess = { config: { access: { permissions: ['UI_COMPANY_MGR', 'UI_XGM_MERCHANT_MGR'] } } };
  app.get('/api/v1/companies/salepartner', { ...salePartnerAccess, schema: salePartnerSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.query as { coid?: unknown }).coid, '公司编号');
    await assertCompanyVisible(db, auth, companyId);
    return ok(await salePartnerOf(db, companyId));
  });

  app.put(
    '/api/v1/companies/salepartner',
    { ...salePartnerAccess, schema: salePartnerUpdateSchema },
    async (request) => {
      const auth = requireAuth(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // In the caller's scope and of an edition its codes cover (UI_XGM_MERCHANT_MGR alone: small-scale ones).
      const company = await operableCompany(db, auth, body.coid ?? (request.query as { coid?: unknown }).coid);
      const companyId = company.id;
      const partnerId = body.partnerId === null || body.partnerId === '' ? null : parseId(body.partnerId, '合伙人编号');
      if (partnerId !== null) {
        const refusal = await partnerRefusal(db, auth, partnerId);
        if (refusal) fail(refusal);
      }
      const before = await salePartnerOf(db, companyId);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('companies').set({ sale_partner_id: partnerId }).where('id', '=', companyId).execute();
        await recordOperation(tx, request, auth, {
          action: 'salepartner',
          resource: 'adMerchant',
          recordId: companyId,
          recordTitle: company.name,
          changes: changesBetween({ partnerId: before.partnerId }, { partnerId }),
        });
      });
      return ok(await salePartnerOf(db, companyId), '保存成功');
    },
  );
}

async function salePartnerOf(db: Db, companyId: number) {
  const row = await db
    .selectFrom('companies')
    .leftJoin('users', 'users.id', 'companies.sale_partner_id')
    .select(['companies.id', 'companies.sale_partner_id', 'users.display_name'])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!row) fail('公司不存在');
  return {
    companyId,
    partnerId: row.sale_partner_id === null ? null : Number(row.sale_partner_id),
    partnerName: row.display_name ?? null,
  };
}

function optionalText(raw: unknown, max: number, label: string): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') fail(`${label}格式不正确`);
  const value = raw.trim();
  if ([...value].length > max) fail(`${label}不能超过${max}个字符`);
  return value === '' ? null : value;
}
