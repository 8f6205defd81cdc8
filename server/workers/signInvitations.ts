import type { Kysely } from 'kysely';
import { INVITE_STATUS } from '../../src/domain/workers';
import type { Database } from '../db/schema';
import { emitMerchantEvent, inTransaction } from '../webhooks/events';

/**
 * The state of a worker's latest 签署邀请 (workers.invite_*, migration 380) as the worker answers it: the signing page
 * opened (已发送 → 已打开) and the agreement signed (→ 已签署, also after a failed SMS: the worker may have had the link
 * another way). A worker never invited stays 未邀请.
 */
export async function inviteAnswered(
  db: Kysely<Database>,
  workerId: number,
  status: typeof INVITE_STATUS.opened | typeof INVITE_STATUS.signed,
  time: string,
): Promise<void> {
  const from: number[] =
    status === INVITE_STATUS.opened
      ? [INVITE_STATUS.sent]
      : [INVITE_STATUS.sent, INVITE_STATUS.opened, INVITE_STATUS.failed];
  await db
    .updateTable('workers')
    .set({ invite_status: status, invite_time: time, invite_reason: null })
    .where('id', '=', workerId)
    .where('invite_status', 'in', from)
    .execute();
}

/**
 * The SMS of the invitation sent at `sentTime` was not delivered (the provider refused it, or its delivery report
 * says so): 发送失败 with the reason, unless a newer invitation or the worker's answer has come since.
 */
export async function inviteFailed(
  db: Kysely<Database>,
  workerId: number,
  sentTime: string,
  reason: string,
  time: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const failed = await tx
      .updateTable('workers')
      .set({
        invite_status: INVITE_STATUS.failed,
        invite_time: time,
        invite_reason: [...reason].slice(0, 255).join(''),
      })
      .where('id', '=', workerId)
      .where('invite_status', '=', INVITE_STATUS.sent)
      .where('invite_sent_time', '=', sentTime)
      .returning('id')
      .execute();
    for (const row of failed) await emitMerchantEvent(tx, { signingFailedWorker: Number(row.id) });
  });
}

/**
 * A provider's delivery receipt (system/smsLog.ts applyDeliveryReceipt) of an invitation's SMS that was not
 * delivered: the invitation it carried reads 发送失败 with the carrier's reason.
 */
export async function inviteUndelivered(
  db: Kysely<Database>,
  providerRef: string,
  reason: string,
  time: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const failed = await tx
      .updateTable('workers')
      .set({
        invite_status: INVITE_STATUS.failed,
        invite_time: time,
        invite_reason: [...reason].slice(0, 255).join(''),
      })
      .where('invite_sms_ref', '=', providerRef)
      .where('invite_status', '=', INVITE_STATUS.sent)
      .returning('id')
      .execute();
    for (const row of failed) await emitMerchantEvent(tx, { signingFailedWorker: Number(row.id) });
  });
}
