import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adErrorMoney,
  adReturnMoney,
  ERROR_MONEY_CODES,
  errorMoney,
  MERCHANT_ABNORMAL_CODES,
  RETURN_MONEY_CODES,
} from '../../resources/abnormalFunds';
import { maskBankCard } from '../../src/domain/masking';
import { ABNORMAL } from '../../src/domain/moneyEnums';
import { checkPaymentPassword } from '../accounts/paymentPasswords';
import { paymentPasswordHash } from '../accounts/workspace.repository';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { assertCompanyMayPayOut } from '../enterprises/enterprises.service';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf } from '../http/listQuery';
import {
  type AbnormalFundRecord,
  findAbnormalFund,
  keepOnBalance,
  originalBankCard,
  searchAbnormalFunds,
  searchReturnedFunds,
} from './abnormalFunds.repository';
import { abnormalSearchSchema, keepSchema, repaySchema, returnedSearchSchema } from './money.schemas';
import { allCodes, assertRecordVisible, isMerchant, listOf, recordScope } from './payoutRecords.scope';
import { assertPayeesPayableNow } from './payouts/payeeChecks';
import { alreadyHandled, repayAbnormalFund, repayCardError } from './payouts/repayAbnormalFund';

/**
 * Abnormal and returned funds, driven by resources/abnormalFunds.ts:
 * - GET  /api/v1/abnormalfunds/search?q=&page=&size=&sort=   the merchant's own (/errorMoney) or, for staff,
 *        every company's in scope (/adErrorMoney; q= platformmark narrows to one edition whose code they hold);
 * - POST /api/v1/abnormalfunds/:id/repay { bankCard, payPassword }   pay the person again to a corrected card;
 * - POST /api/v1/abnormalfunds/:id/keep                               leave the refunded money on the balance;
 * - GET  /api/v1/returnedfunds/search?q=&page=&size=&sort=   the refunds of failed items (/adReturnMoney).
 * Only the company's merchant handles its abnormal funds, each once.
 */

const ABNORMAL_CODES = { merchant: MERCHANT_ABNORMAL_CODES, staff: ERROR_MONEY_CODES };
const RETURNED_CODES = { merchant: [] as string[], staff: RETURN_MONEY_CODES };

export const MSG_MERCHANT_ONLY = '只有企业的商户账号可以处理异常资金';
export const MSG_PASSWORD_REQUIRED = '请输入支付密码';
export const MSG_PASSWORD_NOT_SET = '请先在账户安全中设置支付密码';
export const MSG_PASSWORD_WRONG = '支付密码错误';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The merchant's own pending-or-handled fund, or 403 / a business error. */
async function ownFund(db: Db, auth: AuthContext, request: FastifyRequest): Promise<AbnormalFundRecord> {
  if (!isMerchant(auth)) throw new ForbiddenError(MSG_MERCHANT_ONLY);
  const id = parseId((request.params as { id: string }).id, '异常资金编号');
  const fund = await findAbnormalFund(db, id);
  if (!fund) fail('异常资金不存在');
  await assertRecordVisible(db, auth, ABNORMAL_CODES, fund);
  if (fund.status !== ABNORMAL.pending) throw alreadyHandled(fund.status);
  return fund;
}

async function checkRepayPassword(db: Db, companyId: number, entered: string): Promise<void> {
  if (!entered) fail(MSG_PASSWORD_REQUIRED);
  const stored = await paymentPasswordHash(db, companyId);
  if (stored === undefined) fail(MSG_PASSWORD_NOT_SET);
  await checkPaymentPassword(db, companyId, entered, stored, MSG_PASSWORD_WRONG);
}

export async function abnormalFundsRoutes(app: FastifyInstance, { db, payouts, config }: AppServices): Promise<void> {
  const listAccess = { config: { access: { permissions: allCodes(ABNORMAL_CODES) } } };
  const handleAccess = { config: { access: { permissions: [...MERCHANT_ABNORMAL_CODES] } } };

  app.get('/api/v1/abnormalfunds/search', { ...listAccess, schema: abnormalSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const declaration = isMerchant(auth) ? errorMoney : adErrorMoney;
    const list = listOf(request, declaration, { field: 'createTime', order: 'desc' });
    const read = filterReader(list.filters, declaration.filters);
    const edition = choiceFilter(declaration.filters, 'platformmark', read.number('platformmark'));
    const scope = recordScope(auth, ABNORMAL_CODES, edition as 1 | 3 | undefined);
    const { from, to } = read.dateRange('stime', 'etime');
    const { rows, total } = await searchAbnormalFunds(
      db,
      scope,
      {
        status: choiceFilter(declaration.filters, 'status', read.number('status')),
        companyName: read.text('coname'),
        name: read.text('name'),
        from,
        to,
      },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.post('/api/v1/abnormalfunds/:id/keep', { ...handleAccess, schema: keepSchema }, async (request) => {
    const auth = requireAuth(request);
    const fund = await ownFund(db, auth, request);
    if (!(await keepOnBalance(db, fund.id, auth.userId, chinaTime()))) {
      const now = await findAbnormalFund(db, fund.id);
      throw alreadyHandled(now?.status ?? ABNORMAL.kept);
    }
    return ok(await findAbnormalFund(db, fund.id), '已留存余额');
  });

  app.post('/api/v1/abnormalfunds/:id/repay', { ...handleAccess, schema: repaySchema }, async (request) => {
    const auth = requireAuth(request);
    const fund = await ownFund(db, auth, request);
    const body = bodyFields(request.body);
    const bankCard = text(body.bankCard).replace(/\s+/g, '');
    const cardError = repayCardError(bankCard, await originalBankCard(db, fund.id));
    if (cardError) fail(cardError);
    await checkRepayPassword(db, fund.companyId, text(body.payPassword));
    const created = await db.transaction().execute(async (tx) => {
      const batch = await repayAbnormalFund(tx, {
        abnormalFundId: fund.id,
        operatorId: auth.userId,
        bankCard,
        now: chinaTime(),
        // Paid again only to someone payable now (blacklisted or rescinded since the failure: refused), and
        // only while the company's enterprise is not locked. Its risk was confirmed when the batch was submitted
        // and the /errorMoney dialog has no risk step, so a re-payment is not asked again.
        mayPayNow: async (trx, rows) => {
          await assertCompanyMayPayOut(trx, fund.companyId, fund.platformMark, true);
          await assertPayeesPayableNow(trx, config.idKey, fund.companyId, rows);
        },
      });
      await recordOperation(tx, request, auth, {
        action: '重新打款',
        resource: 'errorMoney',
        recordId: fund.id,
        changes: { bankCard: [null, maskBankCard(bankCard)], batchNo: [null, batch.batchNo] },
      });
      return batch;
    });
    payouts.kick();
    return ok(
      { ...created, abnormalFund: await findAbnormalFund(db, fund.id) },
      `已提交重新打款，批次号 ${created.batchNo}`,
    );
  });

  app.get(
    '/api/v1/returnedfunds/search',
    { config: { access: { permissions: allCodes(RETURNED_CODES) } }, schema: returnedSearchSchema },
    async (request) => {
      const auth = requireAuth(request);
      const list = listOf(request, adReturnMoney, { field: 'createTime', order: 'desc' });
      const read = filterReader(list.filters, adReturnMoney.filters);
      const edition = choiceFilter(adReturnMoney.filters, 'platformmark', read.number('platformmark'));
      const scope = recordScope(auth, RETURNED_CODES, edition as 1 | 3 | undefined);
      const { from, to } = read.dateRange('stime', 'etime');
      const { rows, total } = await searchReturnedFunds(
        db,
        scope,
        {
          companyName: read.text('coname'),
          name: read.text('name'),
          handleStatus: choiceFilter(adReturnMoney.filters, 'handleStatus', read.number('handleStatus')),
          from,
          to,
        },
        { sort: list.sort, offset: list.offset, limit: list.size },
      );
      return ok(pageOf(rows, total, list));
    },
  );
}
