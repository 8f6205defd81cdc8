import type { FastifyRequest } from 'fastify';
import { UNATTRIBUTED } from '../../src/domain/finance';
import { formatMoney } from '../../src/domain/money';
import { LEDGER } from '../../src/domain/moneyEnums';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { fail } from '../http/errors';
import { postEntries } from '../money/ledger/ledger';
import type { BankChannel } from './bank/bankChannel';

/**
 * 无法归属资金: a deposit on the collection account without a top-up. Finance either attributes it to a company
 * — its status and a 充值 ledger entry (ref 'deposit') in one transaction, then the bank moves the money into
 * the company's sub-account — or returns it to the payer. Both are conditional on the record still being
 * 待处理, so a repeated or concurrent request changes nothing twice.
 */
export const MSG_HANDLED = '该笔资金已处理，请刷新后查看';

export async function attributeDeposit(
  db: Db,
  bank: BankChannel,
  request: FastifyRequest,
  auth: AuthContext,
  input: { id: number; companyId: number; platformMark: number; remark: string | null },
): Promise<{ balance: number; companyName: string }> {
  const now = chinaTime();
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', input.companyId)
    .executeTakeFirst();
  if (!company) fail('企业不存在');
  const result = await db.transaction().execute(async (tx) => {
    const fund = await tx
      .updateTable('unattributed_funds')
      .set({
        status: UNATTRIBUTED.attributed,
        company_id: input.companyId,
        platform_mark: input.platformMark,
        remark: input.remark,
        handler_id: auth.userId,
        handle_time: now,
      })
      .where('id', '=', input.id)
      .where('status', '=', UNATTRIBUTED.pending)
      .returning(['id', 'amount', 'bank_serial', 'payer_name'])
      .executeTakeFirst();
    if (!fund) fail(MSG_HANDLED);
    const balance = await postEntries(
      tx,
      { companyId: input.companyId, platformMark: input.platformMark },
      [
        {
          kind: LEDGER.recharge,
          amount: Number(fund.amount),
          refType: 'deposit',
          refId: Number(fund.id),
          operatorId: auth.userId,
          remark: `无法归属资金归属：银行流水 ${fund.bank_serial}（${fund.payer_name}）`.slice(0, 128),
        },
      ],
      now,
    );
    await recordOperation(tx, request, auth, {
      action: '归属无法归属资金',
      resource: 'noAttributableFunds',
      recordId: Number(fund.id),
      changes: {
        status: [UNATTRIBUTED.pending, UNATTRIBUTED.attributed],
        companyId: [null, input.companyId],
        amount: [null, formatMoney(Number(fund.amount))],
      },
    });
    return { balance, serial: fund.bank_serial, amount: Number(fund.amount) };
  });
  const sub = await bank.subAccountOf(input.companyId, input.platformMark);
  if (sub) {
    await bank.transferToSubAccount({
      reference: `ATTR:${result.serial}`,
      accountNumber: sub.accountNumber,
      amount: result.amount,
      now,
    });
  }
  return { balance: result.balance, companyName: company.name };
}

export async function returnDeposit(
  db: Db,
  bank: BankChannel,
  request: FastifyRequest,
  auth: AuthContext,
  input: { id: number; reason: string },
): Promise<string> {
  const now = chinaTime();
  const fund = await db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('unattributed_funds')
      .set({ status: UNATTRIBUTED.returned, remark: input.reason, handler_id: auth.userId, handle_time: now })
      .where('id', '=', input.id)
      .where('status', '=', UNATTRIBUTED.pending)
      .returning(['id', 'amount', 'bank_serial', 'payer_name', 'payer_account'])
      .executeTakeFirst();
    if (!updated) fail(MSG_HANDLED);
    await recordOperation(tx, request, auth, {
      action: '退回无法归属资金',
      resource: 'noAttributableFunds',
      recordId: Number(updated.id),
      changes: { status: [UNATTRIBUTED.pending, UNATTRIBUTED.returned], remark: [null, input.reason] },
    });
    return updated;
  });
  const serial = await bank.returnToPayer({
    reference: `RET:${fund.bank_serial}`,
    amount: Number(fund.amount),
    payerName: fund.payer_name,
    payerAccount: fund.payer_account,
    now,
  });
  await db.updateTable('unattributed_funds').set({ return_serial: serial }).where('id', '=', fund.id).execute();
  return serial;
}
