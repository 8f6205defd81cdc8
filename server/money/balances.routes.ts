import type { FastifyInstance } from 'fastify';
import type { PlatformMark } from '../../src/domain/editions';
import { RECEIVING_ACCOUNTS } from '../../src/domain/receivingAccounts';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { editionParam } from './editionAccess';
import { balanceOf } from './ledger/ledger';

/**
 * Balances (issue 6), for any logged-in user within their company scope:
 * - GET /api/v1/bankaccounts/balance?coid=&platformmark=   { balance, companyId, platformMark }: the account's
 *   balance in 1/10000 yuan, 0 before its first entry. Merchants: their own company (coid may be left out) and
 *   their session's edition only; staff: coid required, platformmark defaults to the company's edition.
 * - GET /api/v1/bankaccounts/receiving?platformmark=        the platform account a top-up is transferred to
 *   (merchants: their session's edition when left out).
 */
export async function balancesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/bankaccounts/balance', async (request) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const given = (value: unknown) => value !== undefined && value !== '';
    let companyId: number;
    let platformMark: PlatformMark;
    if (auth.roleId === ROLE.merchant) {
      companyId = given(query.coid) ? parseId(query.coid, '公司编号') : (auth.companyId ?? -1);
      if (companyId !== auth.companyId) throw new ForbiddenError('无权访问其他公司的数据');
      const session = editionParam(auth.platformMark);
      platformMark = given(query.platformmark) ? editionParam(query.platformmark) : session;
      if (platformMark !== session) throw new ForbiddenError('无权查看其他版本的账户');
    } else {
      if (!given(query.coid)) fail('请指定公司编号');
      companyId = parseId(query.coid, '公司编号');
      await assertCompanyVisible(db, auth, companyId);
      if (given(query.platformmark)) {
        platformMark = editionParam(query.platformmark);
      } else {
        const company = await db
          .selectFrom('companies')
          .select('platform_mark')
          .where('id', '=', companyId)
          .executeTakeFirstOrThrow();
        platformMark = editionParam(String(company.platform_mark));
      }
    }
    return ok({ balance: await balanceOf(db, { companyId, platformMark }), companyId, platformMark });
  });

  app.get('/api/v1/bankaccounts/receiving', async (request) => {
    const auth = requireAuth(request);
    const raw = (request.query as Record<string, unknown>).platformmark;
    const mark = raw === undefined || raw === '' ? editionParam(String(auth.platformMark)) : editionParam(raw);
    return ok(RECEIVING_ACCOUNTS[mark]);
  });
}
