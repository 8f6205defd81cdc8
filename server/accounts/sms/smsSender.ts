import type { FastifyBaseLogger } from 'fastify';

export interface SmsOptions {
  /** Parts of the text that must never be written anywhere but the message itself (a new password). */
  secrets?: readonly string[];
}

/** Delivers a text message. A real provider implements this and is plugged in through buildApp. */
export interface SmsSender {
  send(mobile: string, text: string, options?: SmsOptions): Promise<void>;
}

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
    async send(mobile, text, options) {
      if (enabled) log.info({ mobile }, `短信（开发环境，未真正发送）：${loggableSms(text, options)}`);
    },
  };
}
