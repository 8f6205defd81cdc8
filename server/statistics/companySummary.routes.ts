import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { ok } from '../http/envelope';
import { pageOf, parseListQuery } from '../http/listQuery';
import { editionParam } from '../money/editionAccess';
import { companyMonths } from './companySummary.repository';
import { companySummarySchema } from './companySummary.schemas';

/**
 * GET /api/v1/companies/{coid}/summary/platform/{mark}?page=0&size=200 (spec §7, page size 200 in §9): one
 * company's figures per month in one edition, newest month first, with its balance and the totals of every
 * month. Merchants see their own company; staff with a summary or company code see companies in their scope.
 */
const CODES = ['UI_COMPANY_SUMMARY', 'UI_XGM_COMPANY_SUMMARY', 'UI_COMPANY_MGR', 'UI_XGM_MERCHANT_MGR', 'MER_HOME'];

export async function companySummaryRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get(
    '/api/v1/companies/:coid/summary/platform/:mark',
    { config: { access: { permissions: CODES } }, schema: companySummarySchema },
    async (request) => {
      const auth = requireAuth(request);
      const params = request.params as { coid: string; mark: string };
      const companyId = parseId(params.coid, '企业编号');
      const platformMark = editionParam(params.mark);
      await assertCompanyVisible(db, auth, companyId);
      const list = parseListQuery(request.url, request.query as Record<string, unknown>, {
        filterKeys: [],
        sortFields: [],
      });
      const summary = await companyMonths(db, companyId, platformMark, list.offset, list.size);
      return ok({ ...pageOf(summary.rows, summary.total, list), totals: summary.totals, balance: summary.balance });
    },
  );
}
