import type { FastifyInstance } from 'fastify';
import type { PlatformMark } from '../../src/domain/editions';
import type { ReceivingAccount } from '../../src/domain/receivingAccounts';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { bankChannel } from '../finance/bank/bankChannel';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { editionParam } from './editionAccess';
import { balanceOf } from './ledger/ledger';
import { balanceSchema, receivingSchema } from './money.schemas';

/**
 * Balances (issue 6), for any logged-in user within their company scope:
 * - GET /api/v1/bankaccounts/balance?coid=&platformmark=   { balance, companyId, platformMark }: the account's
 *   balance in 1/10000 yuan, 0 before its first entry. Merchants: their own company (coid may be left out) and
 *   their session's edition only; staff: coid required, platformmark defaults to the company's edition.
 * - GET /api/v1/bankaccounts/receiving?platformmark=        the platform account a top-up is transferred to: the
 *   bank channel's collection account, the same one 银行信息 shows and reconciliation reads deposits from (one
 *   source, so the page that tells merchants where to pay cannot drift from where the platform looks).
 */
export async function balancesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const collectionAccount = bankChannel(db).platformAccount;
  app.get('/api/v1/bankaccounts/balance', { schema: balanceSchema }, async (request) => {
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

  app.get('/api/v1/bankaccounts/receiving', { schema: receivingSchema }, async (request) => {
    requireAuth(request);
    const raw = (request.query as Record<string, unknown>).platformmark;
    if (raw !== undefined && raw !== '') editionParam(raw);
    const { accountName, branchName, accountNumber } = collectionAccount;
    const account: ReceivingAccount = { accountName, bankName: branchName, accountNumber };
    return ok(account);
  });
}
