import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { companyScope, scopedCompanyIds } from '../auth/scope';
import { ok } from '../http/envelope';
import { editionParam } from '../money/editionAccess';
import { companyOptionsSchema } from './finance.schemas';

/** Codes of the pages that pick a company by name (结算单, 无法归属资金, 子账户查询, 余额明细表, 大熊信息下载). */
export const FINANCE_PICKER_CODES = [
  'UI_INFORMATION_DOWNLOAD_BEAR',
  'UI_SETTLEMENT_SHEET',
  'UI_NO_ATTRIBUTABLE_FUNDS',
  'UI_SUB_ACCOUNT_QUERY',
  'UI_BALANCE_SHEET',
  'UI_FUND_RECONCILIATION',
] as const;

/**
 * GET /api/v1/finance/companies?name=&platformmark=: at most 20 companies of the edition whose name contains
 * `name`, in the caller's scope, as { id, name } for the finance pages' pickers.
 */
export async function companyOptionsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get(
    '/api/v1/finance/companies',
    { config: { access: { permissions: [...FINANCE_PICKER_CODES] } }, schema: companyOptionsSchema },
    async (request) => {
      const auth = requireAuth(request);
      const query = request.query as Record<string, unknown>;
      const mark = query.platformmark === undefined || query.platformmark === '' ? 1 : editionParam(query.platformmark);
      const name = typeof query.name === 'string' ? query.name.trim().slice(0, 50) : '';
      const scope = companyScope(auth);
      let select = db
        .selectFrom('companies')
        .select(['id', 'name'])
        // The company's own edition, or one it holds an account in.
        .where((eb) =>
          eb.or([
            eb('platform_mark', '=', mark),
            eb.exists(
              eb
                .selectFrom('accounts')
                .select('accounts.id')
                .whereRef('accounts.company_id', '=', 'companies.id')
                .where('accounts.platform_mark', '=', mark),
            ),
          ]),
        )
        .orderBy('id')
        .limit(20);
      if (name) select = select.where(sql`LOWER(name)`, 'like', `%${name.toLowerCase().replace(/[\\%_]/g, '')}%`);
      if (scope.companyId !== undefined) select = select.where('id', '=', scope.companyId);
      const scoped = scopedCompanyIds(db, scope);
      if (scoped) select = select.where('id', 'in', scoped);
      const rows = await select.execute();
      return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
    },
  );
}
