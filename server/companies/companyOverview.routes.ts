import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { ok } from '../http/envelope';
import { balanceOf } from '../money/ledger/ledger';
import { overviewSchema } from './companies.schemas';

/**
 * GET /api/v1/companies/:id/overview (UI_COMPANY_MGR / UI_XGM_MERCHANT_MGR): what the company's detail view
 * (/adMerchant/:id/show) shows beside its record, in the caller's scope (assertCompanyVisible, as the list):
 * the balance of each edition, and its latest contracts, payout batches and invoice applications.
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
}
