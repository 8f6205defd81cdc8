import type { FastifyBaseLogger } from 'fastify';

export interface SmsOptions {
  /** Parts of the text that must never be written anywhere but the message itself (a new password). */
  secrets?: readonly string[];
  /** The provider's delivery report for this message, once it knows (delivered, or failed with its reason). */
  onDelivery?: (report: SmsDeliveryReport) => void;
}

/** What a provider reports about a message it accepted. */
export type SmsDeliveryReport = { delivered: true } | { delivered: false; reason: string };

/** Delivers a text message. A real provider implements this and is plugged in through buildApp. */
export interface SmsSender {
  send(mobile: string, text: string, options?: SmsOptions): Promise<void>;
  /** The provider's name (the SMS log shows it). */
  readonly provider?: string;
}

/** Mobiles the development sender reports as undeliverable, deterministically (a stopped number). */
export const DEV_UNDELIVERABLE_PREFIX = '1990000';

/** The text with every secret replaced, as it may be logged. */
export function loggableSms(text: string, options?: SmsOptions): string {
  let result = text;
  for (const secret of options?.secrets ?? []) if (secret) result = result.split(secret).join('******');
  return result;
}

/**
 * Development sender: writes the message to the server log (LOG_SMS_CODES). Verification codes are logged
 * so a developer can log in; a password never is: the secrets of a message (the new password of a reset)
 * are replaced before the line is written.
 */
export function createLogSmsSender(log: FastifyBaseLogger, enabled: boolean): SmsSender {
  return {
    provider: '开发环境（日志）',
    async send(mobile, text, options) {
      if (enabled) log.info({ mobile }, `短信（开发环境，未真正发送）：${loggableSms(text, options)}`);
      // Its delivery report, as a provider's callback would come: after the send, a stopped number fails.
      const report: SmsDeliveryReport = mobile.startsWith(DEV_UNDELIVERABLE_PREFIX)
        ? { delivered: false, reason: '用户停机（开发环境模拟）' }
        : { delivered: true };
      if (options?.onDelivery) setImmediate(() => options.onDelivery?.(report));
    },
  };
}
