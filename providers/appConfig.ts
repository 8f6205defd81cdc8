/**
 * Where the API lives. Build time: VITE_API_BASE (default: same origin). Run time: a `config.json`
 * next to index.html may override it, so one build serves any deployment.
 */
export interface AppConfig {
  apiBase: string;
}

let config: AppConfig = { apiBase: (import.meta.env?.VITE_API_BASE as string | undefined) ?? '' };

export function apiBase(): string {
  return config.apiBase.replace(/\/$/, '');
}

export function setAppConfig(next: Partial<AppConfig>): void {
  config = { ...config, ...next };
}

/** Reads config.json when present; a missing or invalid file keeps the build-time values. */
export async function loadRuntimeConfig(): Promise<void> {
  try {
    // The boot script (scripts/bootPreloadPlugin.ts) may already have asked, ahead of the chunks.
    const early = (window as { __lgConfig?: Promise<Response> }).__lgConfig;
    const response = await (early ?? fetch('/config.json', { cache: 'no-cache' }));
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return;
    const value = (await response.json()) as Partial<AppConfig>;
    if (typeof value.apiBase === 'string') setAppConfig({ apiBase: value.apiBase });
    else console.error('config.json 格式有误：apiBase 必须是字符串，已使用默认配置');
  } catch {
    // no config.json: same-origin API
  }
}
