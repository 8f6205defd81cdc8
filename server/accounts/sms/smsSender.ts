import type { FastifyBaseLogger } from 'fastify';

/** Delivers a text message. A real provider implements this and is plugged in through buildApp. */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

/**
 * Development sender: writes the message to the server log. The code itself is also kept in the
 * sms_codes table, which staff read at /adCodeQuery.
 */
export function createLogSmsSender(log: FastifyBaseLogger, enabled: boolean): SmsSender {
  return {
    async send(mobile, text) {
      if (enabled) log.info({ mobile }, `短信（开发环境，未真正发送）：${text}`);
    },
  };
}
