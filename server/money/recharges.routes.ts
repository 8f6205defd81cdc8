import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adMoneyManagement, adSmallMoneyManagement, allRechargeRecord } from '../../resources/recharges';
import { filterKeys, type ResourceDeclaration, sortFields } from '../../resources/types';
import { RECHARGE } from '../../src/domain/moneyEnums';
import {
  RECHARGE_MSG,
  rechargeAmountMessage,
  validateBankSerial,
  validatePayerAccount,
  validatePayerName,
  validateRechargeRemark,
  validateRejectReason,
  validateVoucher,
} from '../../src/domain/recharge';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { auditOf } from '../engine/operationLog';
import { attachableFile } from '../files/fileReferences';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { choiceFilter, writeUnique } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { type ListSpec, pageOf, parseListQuery } from '../http/listQuery';
import { assertNoSensitiveWords } from '../system/sensitiveWords';
import { assertEditionAccess, type EditionCodes, editionParam } from './editionAccess';
import {
  rechargeConfirmSchema,
  rechargeCreateSchema,
  rechargeRejectSchema,
  rechargeSchema,
  rechargeSearchSchema,
} from './money.schemas';
import { confirmRecharge, rejectRecharge } from './rechargeHandling';
import {
  bankSerialTaken,
  findRecharge,
  insertRecharge,
  type RechargeRecord,
  type RechargeSearch,
  searchRecharges,
} from './recharges.repository';

/**
 * Top-ups, driven by resources/recharges.ts:
 * - POST /api/v1/recharges   the merchant's top-up notice (MER_BANKACCOUNT_RECHARGE), JSON
 *   { amount, payerName, payerAccount, bankSerial, voucherUrl, remark? }. `amount` is the integer count of
 *   1/10000 yuan (a JSON integer or a string of digits): the browser parses the yuan typed with parseMoney and
 *   sends units, so the server never parses decimals. Whole fen, > 0 and ≤ 100,000,000.00 yuan. voucherUrl is
 *   an image the same company uploaded (POST /api/v1/common/uploadfiles). Answers the record, status 0 待确认.
 * - GET  /api/v1/recharges/search?q=&page=&size=&sort=[&platformmark=]   merchants: their own company's top-ups
 *   of their session's edition (q: status, bankSerial, stime/etime); staff: platformmark 1 or 3 is required and
 *   needs that edition's code (UI_FUND_MANAGEMENT / UI_XGM_FUND_MANAGEMENT), within their company scope
 *   (q adds coname).
 * - GET  /api/v1/recharges/:id           one top-up, under the same rules.
 * - PUT  /api/v1/recharges/:id/confirm   credit the balance (once; 该充值已处理 afterwards);
 * - PUT  /api/v1/recharges/:id/reject    { reason } (required, ≤ 128).
 */

const CODES: EditionCodes = {
  1: adMoneyManagement.permissions.list,
  3: adSmallMoneyManagement.permissions.list,
};
const STAFF_CODES = [...CODES[1], ...CODES[3]];

const listSpec = (declaration: ResourceDeclaration): ListSpec => ({
  filterKeys: filterKeys(declaration),
  sortFields: sortFields(declaration),
  defaultSort: { field: 'createTime', order: 'desc' },
});
const MERCHANT_LIST = listSpec(allRechargeRecord);
const STAFF_LIST = listSpec(adMoneyManagement);

const isMerchant = (auth: AuthContext) => auth.roleId === ROLE.merchant;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** `amount` as units: a safe integer, or a string of digits; anything else is null (not an amount). */
function unitsOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** The voucher: an image the caller uploaded (attachFile); its canonical download URL. */
async function voucherOf(db: Db, auth: AuthContext, url: string): Promise<string | null> {
  return (await attachableFile(db, auth, url, { purpose: 'recharge_voucher' }))?.url ?? null;
}

/** Every field of a top-up notice checked at once: 1040400 with the first message and content.errors. */
async function newRechargeValues(db: Db, auth: AuthContext, raw: unknown) {
  const body = bodyFields(raw);
  const amount = unitsOf(body.amount);
  const values = {
    payerName: text(body.payerName),
    payerAccount: text(body.payerAccount),
    bankSerial: text(body.bankSerial),
    voucherUrl: text(body.voucherUrl),
    remark: text(body.remark),
  };
  const errors: Record<string, string | undefined> = {
    amount: rechargeAmountMessage(amount),
    payerName: validatePayerName(values.payerName),
    payerAccount: validatePayerAccount(values.payerAccount),
    bankSerial: validateBankSerial(values.bankSerial),
    voucherUrl: validateVoucher(values.voucherUrl),
    remark: validateRechargeRemark(values.remark),
  };
  if (!errors.bankSerial && (await bankSerialTaken(db, values.bankSerial))) {
    errors.bankSerial = RECHARGE_MSG.bankSerialTaken;
  }
  const voucherUrl = errors.voucherUrl ? null : await voucherOf(db, auth, values.voucherUrl);
  if (!errors.voucherUrl && !voucherUrl) errors.voucherUrl = RECHARGE_MSG.voucherInvalid;
  const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Record<string, string>;
  const messages = Object.values(found);
  if (messages.length > 0) throw new BusinessError(messages[0], undefined, { errors: found });
  await assertNoSensitiveWords(db, values.remark, 'topUp', '备注', 'remark');
  return { ...values, amount: amount as number, voucherUrl: voucherUrl as string, remark: values.remark || null };
}

/** q= filters (whitelisted by the caller's list spec) → search criteria. */
function searchOf(filters: Record<string, string>): RechargeSearch {
  const read = filterReader(filters, adMoneyManagement.filters);
  const { from, to } = read.dateRange('stime', 'etime');
  return {
    companyName: read.text('coname'),
    status: choiceFilter(adMoneyManagement.filters, 'status', read.number('status')),
    bankSerial: read.text('bankSerial'),
    from,
    to,
  };
}

/** Who may see this top-up: its own merchant (403 for others); staff with its edition's code, within scope. */
async function assertRechargeVisible(db: Db, auth: AuthContext, recharge: RechargeRecord): Promise<void> {
  if (isMerchant(auth)) {
    if (recharge.companyId !== auth.companyId || recharge.platformMark !== auth.platformMark) {
      throw new ForbiddenError('无权访问其他公司的数据');
    }
    return;
  }
  assertEditionAccess(auth, CODES, recharge.platformMark === 3 ? 3 : 1);
  await assertCompanyVisible(db, auth, recharge.companyId);
}

export async function rechargesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const rechargeOrFail = async (request: FastifyRequest, auth: AuthContext) => {
    const recharge = await findRecharge(db, parseId((request.params as { id: string }).id, '充值编号'));
    if (!recharge) fail(RECHARGE_MSG.notFound);
    await assertRechargeVisible(db, auth, recharge);
    return recharge;
  };

  app.post(
    '/api/v1/recharges',
    { config: { access: { permissions: ['MER_BANKACCOUNT_RECHARGE'] } }, schema: rechargeCreateSchema },
    async (request) => {
      const auth = requireAuth(request);
      if (!isMerchant(auth) || auth.companyId === null) throw new ForbiddenError('仅商户账号可以提交充值');
      const values = await newRechargeValues(db, auth, request.body);
      const id = await writeUnique(
        () =>
          insertRecharge(
            db,
            {
              ...values,
              companyId: auth.companyId as number,
              platformMark: auth.platformMark,
              applicantId: auth.userId,
            },
            chinaTime(),
          ),
        'bankSerial',
        RECHARGE_MSG.bankSerialTaken,
      );
      return ok(await findRecharge(db, id), '充值申请已提交，请等待财务确认到账');
    },
  );

  // Any logged-in user: merchants see their own company's; staff are checked against the edition's code.
  app.get('/api/v1/recharges/search', { schema: rechargeSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const merchant = isMerchant(auth);
    const list = parseListQuery(request.url, query, merchant ? MERCHANT_LIST : STAFF_LIST);
    let scope: RechargeSearch;
    if (merchant) {
      scope = { companyId: auth.companyId ?? -1, platformMark: auth.platformMark };
    } else {
      const mark = editionParam(query.platformmark);
      assertEditionAccess(auth, CODES, mark);
      scope = { ...companyScope(auth), platformMark: mark };
    }
    const { rows, total } = await searchRecharges(
      db,
      { ...searchOf(list.filters), ...scope },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/recharges/:id', { schema: rechargeSchema }, async (request) => {
    const auth = requireAuth(request);
    return ok(await rechargeOrFail(request, auth));
  });

  const staff = { config: { access: { permissions: STAFF_CODES } } };

  app.put('/api/v1/recharges/:id/confirm', { ...staff, schema: rechargeConfirmSchema }, async (request) => {
    const auth = requireAuth(request);
    const recharge = await rechargeOrFail(request, auth);
    const changes = { status: [recharge.status, RECHARGE.confirmed], amount: [null, recharge.amount] } as const;
    const audit = auditOf(request, auth, {
      action: '确认到账',
      resource: 'adMoneyManagement',
      recordId: recharge.id,
      changes,
    });
    await confirmRecharge(db, recharge.id, auth.userId, chinaTime(), audit);
    return ok(await findRecharge(db, recharge.id), '确认到账成功');
  });

  app.put('/api/v1/recharges/:id/reject', { ...staff, schema: rechargeRejectSchema }, async (request) => {
    const auth = requireAuth(request);
    const recharge = await rechargeOrFail(request, auth);
    const reason = text(bodyFields(request.body ?? {}).reason);
    const message = validateRejectReason(reason);
    if (message) throw new BusinessError(message, undefined, { errors: { reason: message } });
    const changes = { status: [recharge.status, RECHARGE.rejected], rejectReason: [null, reason] } as const;
    const audit = auditOf(request, auth, {
      action: '驳回',
      resource: 'adMoneyManagement',
      recordId: recharge.id,
      changes,
    });
    await rejectRecharge(db, recharge.id, auth.userId, reason, chinaTime(), audit);
    return ok(await findRecharge(db, recharge.id), '驳回成功');
  });
}
