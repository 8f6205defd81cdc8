import type { FastifyBaseLogger } from 'fastify';
import { maskMobile, SMS_STATUS } from '../../src/domain/smsLog';
import { loggableSms, type SmsDeliveryReport, type SmsSender } from '../accounts/sms/smsSender';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { callOut } from '../thirdparty/outboundCalls';

/**
 * The SMS log (/noteSendStatus): wraps the platform's SMS sender so every message leaves a row — kind,
 * masked number, wording with the code and secrets replaced, provider — as 发送中, then 成功 or 失败 (with
 * the provider's reason) when the provider's delivery report comes through the sender's `onDelivery`
 * callback, or 失败 at once when the provider refuses the message. The code itself is never stored.
 */

/** The platform's code messages: 您的{purpose}验证码为{code}. Purposes as server/accounts/sms/smsCodes.ts words them. */
const CODE_MESSAGE = /您的(.+?)验证码为(\d{4,8})/;
const CODE_TYPES: Record<string, number> = { 登录: 1, 重置密码: 2, 设置支付密码: 4, 注册: 6, 签署协议: 7 };
const NEW_PASSWORD = /密码已重置/;

/** The message's kind and its wording as the log may keep it. */
export function classifySms(text: string, secrets: readonly string[] = []): { type: number; template: string } {
  const code = CODE_MESSAGE.exec(text);
  const masked = loggableSms(text, { secrets: code ? [...secrets, code[2]] : secrets });
  const template = [...masked].slice(0, 255).join('');
  if (code) return { type: CODE_TYPES[code[1]] ?? 0, template };
  return { type: NEW_PASSWORD.test(text) ? 10 : 0, template };
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
    async send(mobile, text, options) {
      const { type, template } = classifySms(text, options?.secrets);
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
          create_time: now,
          update_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      try {
        // Also a call out (平台调用记录): the number masked, the wording as logged here (no code, no secret).
        await callOut(
          db,
          { ...callService, onLogError: (error) => log.error({ err: error, smsLogId: id }, '短信调用记录写入失败') },
          'send',
          [mobile, template],
          () =>
            inner.send(mobile, text, {
              ...options,
              onDelivery: (report) => {
                settle(id, report).catch((error) => log.error({ err: error, smsLogId: id }, '短信状态更新失败'));
                options?.onDelivery?.(report);
              },
            }),
          ['mobile', 'text'],
        );
      } catch (error) {
        await settle(id, { delivered: false, reason: error instanceof Error ? error.message : '短信通道拒绝发送' });
        throw error;
      }
    },
  };
}
