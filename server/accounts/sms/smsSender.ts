import type { FastifyBaseLogger } from 'fastify';
import { maskedSms, type SmsMessage } from './smsMessages';

export interface SmsOptions {
  /** The provider's delivery report for this message, once it knows (delivered, or failed with its reason). */
  onDelivery?: (report: SmsDeliveryReport) => void;
}

/** What a provider reports about a message it accepted. */
export type SmsDeliveryReport = { delivered: true } | { delivered: false; reason: string };

/** What a provider answers when it accepts a message: its own id, which its delivery receipt names later. */
export interface SmsAccepted {
  providerRef?: string;
}

/**
 * Delivers a message of one kind (smsMessages.ts). A real provider sends the kind's template code and its
 * variables; a refusal throws a BusinessError with the provider's reason in Chinese (1040400).
 */
export interface SmsSender {
  send(mobile: string, message: SmsMessage, options?: SmsOptions): Promise<SmsAccepted | undefined>;
  /** The provider's name (the SMS log shows it). */
  readonly provider?: string;
  /** The name the provider's delivery receipts route uses (aliyun, tencent); a sender without receipts has none. */
  readonly receiptSource?: string;
}

/** Mobiles the development sender reports as undeliverable, deterministically (a stopped number). */
export const DEV_UNDELIVERABLE_PREFIX = '1990000';

/**
 * Development sender: writes the message to the server log (LOG_SMS_CODES). Verification codes are logged
 * so a developer can log in; a password never is: the secrets of a message (the new password of a reset)
 * are replaced before the line is written.
 */
export function createLogSmsSender(log: FastifyBaseLogger, enabled: boolean): SmsSender {
  return {
    provider: '服务器日志（未发送）',
    async send(mobile, message, options) {
      if (enabled) log.info({ mobile }, `短信（未真正发送，仅写入日志）：${maskedSms(message, { maskCode: false })}`);
      // Its delivery report, as a provider's callback would come: after the send, a stopped number fails.
      const report: SmsDeliveryReport = mobile.startsWith(DEV_UNDELIVERABLE_PREFIX)
        ? { delivered: false, reason: '用户停机' }
        : { delivered: true };
      if (options?.onDelivery) setImmediate(() => options.onDelivery?.(report));
      return undefined;
    },
  };
}
