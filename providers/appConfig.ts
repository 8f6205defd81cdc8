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

/** The content of config.json, or null when there is none (or it is not JSON). */
export async function fetchConfigJson(): Promise<unknown> {
  try {
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null;
    return await response.json();
  } catch {
    return null;
  }
}

/** Applies config.json's content; an invalid one keeps the build-time values. */
export function applyConfigJson(value: unknown): void {
  if (value === null || value === undefined) return;
  const apiBaseValue = (value as Partial<AppConfig>).apiBase;
  if (typeof apiBaseValue === 'string') setAppConfig({ apiBase: apiBaseValue });
  else console.error('config.json 格式有误：apiBase 必须是字符串，已使用默认配置');
}

type ConfigWindow = { __lgConfig?: Promise<unknown> };

/**
 * config.json's content as our server put it in the page (`<meta name="lg-config">`, server/appPages.ts; "null"
 * when there is none), or undefined when the page has no such meta (a static deployment): then it is asked for.
 */
export function configInPage(): { value: unknown } | undefined {
  const content = document.querySelector('meta[name="lg-config"]')?.getAttribute('content');
  if (content === null || content === undefined) return undefined;
  try {
    return { value: JSON.parse(content) };
  } catch {
    return undefined;
  }
}

function readConfigJson(): Promise<unknown> {
  const inPage = configInPage();
  return inPage ? Promise.resolve(inPage.value) : fetchConfigJson();
}

/** Starts reading config.json ahead of the app (the boot script does this, src/boot/boot.ts). */
export function startConfigJson(): void {
  (window as ConfigWindow).__lgConfig = readConfigJson();
}

/** config.json's content: the boot script's early answer when it asked, else from the page or a request. */
export function configJson(): Promise<unknown> {
  return (window as ConfigWindow).__lgConfig ?? readConfigJson();
}

/** Reads config.json and applies it. */
export async function loadRuntimeConfig(): Promise<void> {
  applyConfigJson(await configJson());
}
