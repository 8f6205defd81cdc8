import type { FastifyInstance } from 'fastify';
import { VIP_LEVEL } from '../../src/domain/enterprises';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, assertEnterpriseEdition, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { assertBound } from '../enterprises/signingEntities';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import {
  bindEnterprisesSchema,
  boundEnterprisesSchema,
  enterpriseTaxSchema,
  signedEnterprisesSchema,
} from './companies.schemas';
import { type Form, operableCompany, operator } from './operableCompany';

/**
 * A company's signing entities (签约主体):
 * - GET  /api/v1/companies/sign_plat/:id             the enterprises (签约平台) the company has signed with;
 * - GET|PUT /api/v1/companies/enterprise/:id         the enterprises it is bound to ({ enterpriseIds } replaces);
 * - GET  /api/v1/company/task/findenterprisetax/:id  an enterprise's tax details and the caller's rate with it.
 */
export async function companyEnterprisesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
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
