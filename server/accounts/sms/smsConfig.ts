import { readProviderChoice, readProviderSettings } from '../../providers/providerSettings';
import { SMS_KIND_NAMES, type SmsKind } from './smsMessages';

type Env = Record<string, string | undefined>;

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';

/** The SMS provider (SMS_PROVIDER) and its settings; the README's 外部服务 lists them. */
export type SmsConfig =
  | { provider: 'log' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templates: Record<SmsKind, string>;
      endpoint: string;
      receiptToken: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templates: Record<SmsKind, string>;
      region: string;
      endpoint: string;
      receiptToken: string;
    };

function templatesOf(settings: Record<string, string>, prefix: string): Record<SmsKind, string> {
  return Object.fromEntries(SMS_KIND_NAMES.map((kind) => [kind, settings[`${prefix}${kind}`]])) as Record<
    SmsKind,
    string
  >;
}

function endpointOf(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = env[name]?.trim() || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {}
  problems.push(`${name} 必须是 http(s):// 地址（当前为 "${raw}"）`);
  return fallback;
}

/**
 * A real provider needs every setting, a template code for every message kind and SMS_RECEIPT_TOKEN (the secret
 * path segment of its delivery-receipt address, 32 characters at least): a missing one refuses the start.
 */
export function readSmsConfig(env: Env, problems: string[]): SmsConfig {
  const provider = readProviderChoice(env, 'SMS_PROVIDER', ['log', 'aliyun', 'tencent'] as const, problems);
  if (provider === 'log') return { provider };
  const choice = { variable: 'SMS_PROVIDER', value: provider };
  const receiptToken = env.SMS_RECEIPT_TOKEN?.trim() ?? '';
  if (provider === 'aliyun') {
    const prefix = 'ALIYUN_SMS_TEMPLATE_';
    const names = [
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      ...SMS_KIND_NAMES.map((kind) => `${prefix}${kind}`),
      'SMS_RECEIPT_TOKEN',
    ];
    const settings = readProviderSettings(env, choice, names, problems);
    checkReceiptToken(receiptToken, problems);
    return {
      provider,
      accessKeyId: settings.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: settings.ALIYUN_ACCESS_KEY_SECRET,
      signName: settings.ALIYUN_SMS_SIGN_NAME,
      templates: templatesOf(settings, prefix),
      endpoint: endpointOf(env, 'ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_DEFAULT_ENDPOINT, problems),
      receiptToken,
    };
  }
  const prefix = 'TENCENT_SMS_TEMPLATE_';
  const names = [
    'TENCENT_SECRET_ID',
    'TENCENT_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    ...SMS_KIND_NAMES.map((kind) => `${prefix}${kind}`),
    'SMS_RECEIPT_TOKEN',
  ];
  const settings = readProviderSettings(env, choice, names, problems);
  checkReceiptToken(receiptToken, problems);
  return {
    provider,
    secretId: settings.TENCENT_SECRET_ID,
    secretKey: settings.TENCENT_SECRET_KEY,
    sdkAppId: settings.TENCENT_SMS_SDK_APP_ID,
    signName: settings.TENCENT_SMS_SIGN_NAME,
    templates: templatesOf(settings, prefix),
    region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
    endpoint: endpointOf(env, 'TENCENT_SMS_ENDPOINT', TENCENT_SMS_DEFAULT_ENDPOINT, problems),
    receiptToken,
  };
}

function checkReceiptToken(token: string, problems: string[]): void {
  if (token && token.length < 32) problems.push('SMS_RECEIPT_TOKEN 至少需要 32 个字符');
}
