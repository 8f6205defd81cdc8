import type { FastifyBaseLogger } from 'fastify';
import { createAliyunSmsSender } from './aliyunSms';
import type { SmsConfig } from './smsConfig';
import { createLogSmsSender, type SmsSender } from './smsSender';
import { createTencentSmsSender } from './tencentSms';

/** The sender SMS_PROVIDER chose: the development log sender by default. */
export function smsSenderOf(config: SmsConfig, log: FastifyBaseLogger, logCodes: boolean): SmsSender {
  switch (config.provider) {
    case 'aliyun':
      return createAliyunSmsSender(config);
    case 'tencent':
      return createTencentSmsSender(config);
    default:
      return createLogSmsSender(log, logCodes);
  }
}
