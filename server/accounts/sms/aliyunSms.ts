import { createRequire } from 'node:module';
import type DysmsClient from '@alicloud/dysmsapi20170525';
import { fail } from '../../http/errors';
import { aliyunClientConfig } from '../../providers/aliyunOpenApi';
import type { SmsConfig } from './smsConfig';
import { ALIYUN_SMS_ERRORS, SMS_UNREACHABLE, smsErrorMessage } from './smsProviderErrors';
import type { SmsSender } from './smsSender';

const require = createRequire(import.meta.url);
// CommonJS packages: required, so the class is the same under tsx, Node and vitest.
const Dysmsapi: typeof DysmsClient = require('@alicloud/dysmsapi20170525').default;
const { SendSmsRequest } = require('@alicloud/dysmsapi20170525') as typeof import('@alicloud/dysmsapi20170525');

export const ALIYUN_SMS_PROVIDER = '阿里云短信';

/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms, signed by the SDK with ACS3-HMAC-SHA256): the kind's template code
 * and its variables as TemplateParam JSON, never free text. Its answer's BizId is kept for the delivery receipt.
 */
export function createAliyunSmsSender(config: Extract<SmsConfig, { provider: 'aliyun' }>): SmsSender {
  const client = new Dysmsapi(aliyunClientConfig(config));
  return {
    provider: ALIYUN_SMS_PROVIDER,
    receiptSource: 'aliyun',
    async send(mobile, message) {
      const request = new SendSmsRequest({
        phoneNumbers: mobile,
        signName: config.signName,
        templateCode: config.templates[message.kind],
        templateParam: JSON.stringify(message.variables),
      });
      let body: { code?: string; bizId?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code !== '' && code !== 'undefined')
          fail(smsErrorMessage(ALIYUN_SMS_ERRORS, code));
        fail(SMS_UNREACHABLE);
      }
      if (body?.code !== 'OK') fail(smsErrorMessage(ALIYUN_SMS_ERRORS, body?.code ?? '未知'));
      return { providerRef: body.bizId };
    },
  };
}
