import type { FastifyInstance } from 'fastify';
import { setupSteps } from '../../src/domain/companySetup';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { companyEnterprise } from '../enterprises/enterprises.service';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { balanceOf } from '../money/ledger/ledger';
import { rateWithSource } from '../money/rates/rates.service';
import { overviewSchema, setupSchema } from './companies.schemas';

/**
 * GET /api/v1/companies/:id/overview (UI_COMPANY_MGR / UI_XGM_MERCHANT_MGR): what the company's detail view
 * (/adMerchant/:id/show) shows beside its record, in the caller's scope (assertCompanyVisible, as the list):
 * the balance of each edition, and its latest contracts, payout batches and invoice applications; and
 * GET /api/v1/companies/:id/setup, its 开通进度 (companySetup), with the same access and scope.
 */
const LATEST = 5;
const ACCESS = { config: { access: { permissions: ['UI_COMPANY_MGR', 'UI_XGM_MERCHANT_MGR'] } } };

export async function companyOverviewRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/companies/:id/overview', { ...ACCESS, schema: overviewSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { id: string }).id, '企业编号');
    await assertCompanyVisible(db, auth, companyId);
    const [standard, small, contracts, batches, invoices] = await Promise.all([
      balanceOf(db, { companyId, platformMark: 1 }),
      balanceOf(db, { companyId, platformMark: 3 }),
      db
        .selectFrom('contracts')
        .select([
          'id',
          'nm as name',
          'contract_no as contractNo',
          'contract_status as contractStatus',
          'sign_status as signStatus',
          'end_date as endDate',
          'sign_time as signTime',
        ])
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .limit(LATEST)
        .execute(),
      db
        .selectFrom('payout_batches')
        .select([
          'id',
          'batch_no as batchNo',
          'item_count as itemCount',
          'total_amount as totalAmount',
          'status',
          'create_time as createTime',
        ])
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .limit(LATEST)
        .execute(),
      db
        .selectFrom('invoices')
        .select(['id', 'apply_no as applyNo', 'total', 'status', 'create_time as createTime'])
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .limit(LATEST)
        .execute(),
    ]);
    const numbers = <T extends Record<string, unknown>>(rows: T[], keys: readonly (keyof T)[]) =>
      rows.map((row) => ({ ...row, ...Object.fromEntries(keys.map((key) => [key, Number(row[key])])) }));
    return ok({
      balances: { id: companyId, standard, small },
      contracts: numbers(contracts, ['id', 'contractStatus', 'signStatus']),
      batches: numbers(batches, ['id', 'itemCount', 'totalAmount', 'status']),
      invoices: numbers(invoices, ['id', 'total', 'status']),
    });
  });

  app.get('/api/v1/companies/:id/setup', { ...ACCESS, schema: setupSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { id: string }).id, '企业编号');
    await assertCompanyVisible(db, auth, companyId);
    return ok(await companySetup(db, companyId));
  });
}

/**
 * GET /api/v1/companies/:id/setup: the company's 开通进度, each step decided on its own table (the company's
 * branch, customer service and sale partner, company_enterprises, the rate a payout would charge today, the signed
 * service agreement a payout would go through, payment_passwords), so the checklist says what a payout would find.
 */
async function companySetup(db: Db, companyId: number) {
  const company = await db
    .selectFrom('companies')
    .leftJoin('subsidiaries', 'subsidiaries.id', 'companies.subsidiary_id')
    .leftJoin('users as service', 'service.id', 'companies.service_id')
    .leftJoin('users as partner', 'partner.id', 'companies.sale_partner_id')
    .select([
      'companies.name',
      'companies.platform_mark',
      'subsidiaries.sname as subsidiaryName',
      'service.display_name as serviceName',
      'partner.display_name as partnerName',
      'companies.service_id',
      'companies.sale_partner_id',
      'companies.subsidiary_id',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (!company) fail('公司不存在');
  const platformMark = Number(company.platform_mark);
  const today = chinaTime().slice(0, 10);
  const [bound, signed, rate, agreement, password] = await Promise.all([
    db
      .selectFrom('company_enterprises')
      .innerJoin('enterprises', 'enterprises.id', 'company_enterprises.enterprise_id')
      .select(['enterprises.id', 'enterprises.name', 'enterprises.platform_mark', 'enterprises.status'])
      .where('company_enterprises.company_id', '=', companyId)
      .orderBy('enterprises.id')
      .execute(),
    db
      .selectFrom('contracts')
      .select('enterprise_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('sign_status', '=', 1)
      .where('data_status', '=', 1)
      .where('end_date', '>=', today)
      .execute(),
    rateWithSource(db, companyId, platformMark),
    companyEnterprise(db, companyId, platformMark),
    db.selectFrom('payment_passwords').select('company_id').where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  const signedIds = new Set(signed.map((row) => Number(row.enterprise_id)));
  // A name is shown only for an assigned id: a user removed since reads as unassigned, not as a blank name.
  const named = (id: unknown, name: string | null) => (id === null || !name ? null : name);
  const steps = setupSteps({
    subsidiaryName: named(company.subsidiary_id, company.subsidiaryName),
    serviceName: named(company.service_id, company.serviceName),
    enterpriseNames: bound.map((row) => row.name),
    partnerName: named(company.sale_partner_id, company.partnerName),
    rate,
    agreementEnterprise: agreement?.name ?? null,
    paymentPasswordSet: password !== undefined,
  });
  return {
    companyId,
    companyName: company.name,
    platformMark,
    remaining: steps.filter((step) => !step.done).length,
    steps,
    enterprises: bound.map((row) => ({
      id: Number(row.id),
      name: row.name,
      platformMark: Number(row.platform_mark),
      status: Number(row.status),
      signed: signedIds.has(Number(row.id)) ? 1 : 0,
    })),
  };
}
