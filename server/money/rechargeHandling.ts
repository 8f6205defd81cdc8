import { LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { RECHARGE_MSG } from '../../src/domain/recharge';
import type { Db } from '../db/database';
import type { Audit } from '../engine/operationLog';
import { fail } from '../http/errors';
import { postEntries, type Tx } from './ledger/ledger';

/**
 * Finance's decision on a top-up notice. Each is one conditional UPDATE (`status = 0`): of two decisions on
 * the same notice (a double click, two tabs, two finance users) exactly one changes the row, the other
 * answers 该充值已处理 and writes nothing. Confirming credits the balance through the ledger in the same
 * transaction, from the amount and account the UPDATE returned, so the credit happens exactly once.
 */
export async function confirmRecharge(db: Db, id: number, operatorId: number, now: string, audit?: Audit) {
  return db.transaction().execute(async (tx) => {
    const balance = await confirmRechargeIn(tx, id, operatorId, now);
    await audit?.(tx);
    return balance;
  });
}

/** confirmRecharge inside the caller's transaction (the demo seed); answers the balance after the credit. */
export async function confirmRechargeIn(tx: Tx, id: number, operatorId: number, now: string): Promise<number> {
  const confirmed = await tx
    .updateTable('recharges')
    .set({ status: RECHARGE.confirmed, handler_id: operatorId, handle_time: now })
    .where('id', '=', id)
    .where('status', '=', RECHARGE.pending)
    .returning(['company_id', 'platform_mark', 'amount', 'bank_serial'])
    .executeTakeFirst();
  if (!confirmed) fail(RECHARGE_MSG.handled);
  return postEntries(
    tx,
    { companyId: Number(confirmed.company_id), platformMark: Number(confirmed.platform_mark) },
    [
      {
        kind: LEDGER.recharge,
        amount: Number(confirmed.amount),
        refType: 'recharge',
        refId: id,
        operatorId,
        remark: `银行流水号 ${confirmed.bank_serial}`,
      },
    ],
    now,
  );
}

export async function rejectRecharge(
  db: Db,
  id: number,
  operatorId: number,
  reason: string,
  now: string,
  audit?: Audit,
): Promise<void> {
  // The demo seed rejects inside its own transaction.
  const inTransaction = <T>(run: (tx: Tx) => Promise<T>) =>
    db.isTransaction ? run(db as Tx) : db.transaction().execute(run);
  await inTransaction(async (tx) => {
    const result = await tx
      .updateTable('recharges')
      .set({ status: RECHARGE.rejected, reject_reason: reason, handler_id: operatorId, handle_time: now })
      .where('id', '=', id)
      .where('status', '=', RECHARGE.pending)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) fail(RECHARGE_MSG.handled);
    await audit?.(tx);
  });
}
