import { readProviderChoice, readProviderSettings } from '../providers/providerSettings';

type Env = Record<string, string | undefined>;

/** e签宝's public open API; tests point ESIGN_ENDPOINT at a loopback fake. */
export const ESIGN_PUBLIC_ENDPOINT = 'https://openapi.esign.cn';

export interface EsignV3Settings {
  appId: string;
  appSecret: string;
  endpoint: string;
  /** Where e签宝 posts a flow's events (ESIGN_NOTIFY_URL); empty: the URL set in e签宝's console is used. */
  notifyUrl: string;
}

/** ESIGN_PROVIDER=dev (default: local PDFs and seals) or esign (e签宝 open API v3, with its settings). */
export type EsignSettings = { provider: 'dev' } | ({ provider: 'esign' } & EsignV3Settings);

export function readEsignSettings(env: Env, problems: string[]): EsignSettings {
  const provider = readProviderChoice(env, 'ESIGN_PROVIDER', ['dev', 'esign'] as const, problems);
  if (provider === 'dev') return { provider };
  const settings = readProviderSettings(
    env,
    { variable: 'ESIGN_PROVIDER', value: provider },
    ['ESIGN_APP_ID', 'ESIGN_APP_SECRET'] as const,
    problems,
  );
  const endpoint = (env.ESIGN_ENDPOINT?.trim() || ESIGN_PUBLIC_ENDPOINT).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(endpoint)) problems.push(`ESIGN_ENDPOINT 必须是 http(s) 地址（当前为 "${endpoint}"）`);
  return {
    provider,
    appId: settings.ESIGN_APP_ID,
    appSecret: settings.ESIGN_APP_SECRET,
    endpoint,
    notifyUrl: env.ESIGN_NOTIFY_URL?.trim() ?? '',
  };
}
