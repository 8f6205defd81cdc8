import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { LookupFunction } from 'node:net';
import { fail } from '../../http/errors';
import type { SmsConfig } from './smsConfig';
import { SMS_KINDS } from './smsMessages';
import { SMS_UNREACHABLE, smsErrorMessage, TENCENT_SMS_ERRORS } from './smsProviderErrors';
import type { SmsSender } from './smsSender';

const require = createRequire(import.meta.url);
// CommonJS package: required, so the class is the same under tsx, Node and vitest.
const { sms } = require('tencentcloud-sdk-nodejs-sms') as typeof import('tencentcloud-sdk-nodejs-sms');

export const TENCENT_SMS_PROVIDER = '腾讯云短信';
const API_HOST = 'sms.tencentcloudapi.com';

/**
 * The SDK names the signed service after the endpoint's first label (sms.tencentcloudapi.com → sms). An endpoint
 * that is a bare address (a loopback fake, a fixed egress IP) is therefore reached by connecting there while the
 * request keeps the API's host name, as a hosts-file entry would.
 */
function connectionOf(endpoint: URL): { endpoint: string; agent?: http.Agent } {
  if (endpoint.hostname.startsWith('sms.')) return { endpoint: endpoint.host };
  const address = endpoint.hostname.replace(/^\[|\]$/g, '');
  const family = address.includes(':') ? 6 : 4;
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
  const agent = endpoint.protocol === 'http:' ? new http.Agent({ lookup }) : new https.Agent({ lookup });
  return { endpoint: `${API_HOST}${endpoint.port ? `:${endpoint.port}` : ''}`, agent };
}

/**
 * Tencent Cloud SMS (2021-01-11 SendSms, signed by the SDK with TC3-HMAC-SHA256): the kind's template id and its
 * variables in template order ({1}, {2}, ...), never free text. The answer's SerialNo is kept for the receipt.
 */
export function createTencentSmsSender(config: Extract<SmsConfig, { provider: 'tencent' }>): SmsSender {
  const url = new URL(config.endpoint);
  const connection = connectionOf(url);
  const client = new sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: {
      httpProfile: {
        endpoint: connection.endpoint,
        protocol: `${url.protocol}//`,
        reqTimeout: 10,
        ...(connection.agent ? { agent: connection.agent } : {}),
      },
    },
  });
  return {
    provider: TENCENT_SMS_PROVIDER,
    receiptSource: 'tencent',
    async send(mobile, message) {
      const variables = message.variables as Record<string, string>;
      let answer: Awaited<ReturnType<typeof client.SendSms>>;
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [`+86${mobile}`],
          SmsSdkAppId: config.sdkAppId,
          SignName: config.signName,
          TemplateId: config.templates[message.kind],
          TemplateParamSet: SMS_KINDS[message.kind].variables.map((name) => variables[name]),
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        fail(typeof code === 'string' && code !== '' ? smsErrorMessage(TENCENT_SMS_ERRORS, code) : SMS_UNREACHABLE);
      }
      const status = answer.SendStatusSet?.[0];
      if (!status) fail(SMS_UNREACHABLE);
      if (status.Code !== 'Ok') fail(smsErrorMessage(TENCENT_SMS_ERRORS, status.Code ?? '未知'));
      return { providerRef: status.SerialNo };
    },
  };
}
