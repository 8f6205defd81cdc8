import { readProviderChoice, readProviderSettings } from '../providers/providerSettings';

type Env = Record<string, string | undefined>;

export const ALIYUN_IDENTITY_DEFAULT_ENDPOINT = 'https://cloudauth.aliyuncs.com';

/** The identity provider (IDENTITY_PROVIDER=dev|aliyun|http) and its settings; the README's 外部服务 lists them. */
export type IdentityConfig =
  | { provider: 'dev' }
  | { provider: 'http'; url: string; key: string }
  | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; endpoint: string };

export function readIdentityConfig(env: Env, problems: string[]): IdentityConfig {
  const provider = readProviderChoice(env, 'IDENTITY_PROVIDER', ['dev', 'aliyun', 'http'] as const, problems);
  const choice = { variable: 'IDENTITY_PROVIDER', value: provider };
  if (provider === 'http') {
    const settings = readProviderSettings(env, choice, ['IDENTITY_VERIFY_URL', 'IDENTITY_VERIFY_KEY'], problems);
    return { provider, url: settings.IDENTITY_VERIFY_URL, key: settings.IDENTITY_VERIFY_KEY };
  }
  if (provider === 'aliyun') {
    const settings = readProviderSettings(env, choice, ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET'], problems);
    const endpoint = env.ALIYUN_IDENTITY_ENDPOINT?.trim() || ALIYUN_IDENTITY_DEFAULT_ENDPOINT;
    if (!/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
      problems.push(`ALIYUN_IDENTITY_ENDPOINT 必须是 http(s):// 地址（当前为 "${endpoint}"）`);
    }
    return {
      provider,
      accessKeyId: settings.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: settings.ALIYUN_ACCESS_KEY_SECRET,
      endpoint,
    };
  }
  return { provider };
}
