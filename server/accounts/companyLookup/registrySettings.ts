import { readProviderChoice, readProviderSettings } from '../../providers/providerSettings';

type Env = Record<string, string | undefined>;

/** 天眼查's open API; tests point TIANYANCHA_ENDPOINT at a loopback fake. */
export const TIANYANCHA_PUBLIC_ENDPOINT = 'https://open.api.tianyancha.com';

/** REGISTRY_PROVIDER=dev (default: our companies plus a local register) or tianyancha (with its token). */
export type RegistrySettings = { provider: 'dev' } | { provider: 'tianyancha'; token: string; endpoint: string };

export function readRegistrySettings(env: Env, problems: string[]): RegistrySettings {
  const provider = readProviderChoice(env, 'REGISTRY_PROVIDER', ['dev', 'tianyancha'] as const, problems);
  if (provider === 'dev') return { provider };
  const settings = readProviderSettings(
    env,
    { variable: 'REGISTRY_PROVIDER', value: provider },
    ['TIANYANCHA_TOKEN'] as const,
    problems,
  );
  const endpoint = (env.TIANYANCHA_ENDPOINT?.trim() || TIANYANCHA_PUBLIC_ENDPOINT).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(endpoint)) problems.push(`TIANYANCHA_ENDPOINT 必须是 http(s) 地址（当前为 "${endpoint}"）`);
  return { provider, token: settings.TIANYANCHA_TOKEN, endpoint };
}
