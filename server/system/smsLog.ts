import type { FastifyBaseLogger } from 'fastify';
import { maskMobile, SMS_STATUS } from '../../src/domain/smsLog';
import { maskedSms, SMS_KINDS, type SmsMessage } from '../accounts/sms/smsMessages';
import type { SmsDeliveryReport, SmsSender } from '../accounts/sms/smsSender';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { callOut } from '../thirdparty/outboundCalls';
import { inviteUndelivered } from '../workers/signInvitations';

/**
 * The SMS log (/noteSendStatus): wraps the platform's SMS sender so every message leaves a row — kind,
 * masked number, wording with the code and secrets replaced, provider — as 发送中, then 成功 or 失败 (with
 * the provider's reason) when the provider's delivery report comes through the sender's `onDelivery`
 * callback, or 失败 at once when the provider refuses the message. The code itself is never stored.
 */

/** The message's kind (SMS_LOG_TYPE) and its wording as the log may keep it: the code and secrets replaced. */
export function loggedSms(message: SmsMessage): { type: number; template: string } {
  return {
    type: SMS_KINDS[message.kind].logType,
    template: [...maskedSms(message, { maskCode: true })].slice(0, 255).join(''),
  };
}

export function recordingSmsSender(db: Db, inner: SmsSender, log: FastifyBaseLogger): SmsSender {
  const provider = [...(inner.provider ?? '自定义短信通道')].slice(0, 64).join('');
  const settle = async (id: number, report: SmsDeliveryReport) => {
    await db
      .updateTable('sms_logs')
      .set({
        status: report.delivered ? SMS_STATUS.delivered : SMS_STATUS.failed,
        reason: report.delivered ? null : [...report.reason].slice(0, 255).join(''),
        update_time: chinaTime(),
      })
      .where('id', '=', id)
      .where('status', '=', SMS_STATUS.sending)
      .execute();
  };
  const callService = { service: 'sms', provider, enterpriseId: null };
  return {
    provider,
    receiptSource: inner.receiptSource,
    async send(mobile, message, options) {
      const { type, template } = loggedSms(message);
      const now = chinaTime();
      const row = await db
        .insertInto('sms_logs')
        .values({
          mobile,
          mobile_masked: maskMobile(mobile),
          type,
          template,
          provider,
          status: SMS_STATUS.sending,
          reason: null,
          provider_ref: null,
          create_time: now,
          update_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      try {
        // Also a call out (平台调用记录): the number masked, the wording as logged here (no code, no secret).
        const accepted = await callOut(
          db,
          { ...callService, onLogError: (error) => log.error({ err: error, smsLogId: id }, '短信调用记录写入失败') },
          'send',
          [mobile, template],
          () =>
            inner.send(mobile, message, {
              ...options,
              onDelivery: (report) => {
                settle(id, report).catch((error) => log.error({ err: error, smsLogId: id }, '短信状态更新失败'));
                options?.onDelivery?.(report);
              },
            }),
          ['mobile', 'text'],
        );
        if (accepted?.providerRef) {
          await db
            .updateTable('sms_logs')
            .set({ provider_ref: [...accepted.providerRef].slice(0, 64).join('') })
            .where('id', '=', id)
            .execute();
        }
        return accepted;
      } catch (error) {
        await settle(id, { delivered: false, reason: error instanceof Error ? error.message : '短信通道拒绝发送' });
        throw error;
      }
    },
  };
}

/**
 * A provider's delivery receipt (its status-report push, server/accounts/sms/smsReceipts.routes.ts): settles the
 * row the provider accepted under `providerRef`, once; a receipt of an unknown message changes nothing.
 */
export async function applyDeliveryReceipt(
  db: Db,
  receipt: { provider: string; providerRef: string; report: SmsDeliveryReport },
): Promise<number> {
  const { report } = receipt;
  const result = await db
    .updateTable('sms_logs')
    .set({
      status: report.delivered ? SMS_STATUS.delivered : SMS_STATUS.failed,
      reason: report.delivered ? null : [...report.reason].slice(0, 255).join(''),
      update_time: chinaTime(),
    })
    .where('provider', '=', receipt.provider)
    .where('provider_ref', '=', receipt.providerRef)
    .where('status', '=', SMS_STATUS.sending)
    .executeTakeFirst();
  if (!report.delivered) await inviteUndelivered(db, receipt.providerRef, report.reason, chinaTime());
  return Number(result.numUpdatedRows);
}
