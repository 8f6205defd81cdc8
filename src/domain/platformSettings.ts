/**
 * 通用设置 (spec §9): what the app reads at start from GET /api/v1/common/settings (public) and what
 * /adSystemSettings edits through GET/PUT /api/v1/system/settings.
 */
export interface PublicSettings {
  /** The product name shown by the login page and the header, per edition (1 standard, 3 small-scale). */
  platformName: { 1: string; 3: string };
  servicePhone: string;
  /** 备案号 and image host of the host name the app is served from (the default when no host rule matches). */
  filingNumber: string;
  imageHost: string;
  /** The host is listed as a test environment. */
  testEnvironment: boolean;
}

export interface HostSetting {
  host: string;
  filingNumber: string;
  imageHost: string;
  isTest: boolean;
  remark: string;
}

export interface PlatformSettings {
  platformName1: string;
  platformName3: string;
  servicePhone: string;
  filingNumber: string;
  imageHost: string;
  hosts: HostSetting[];
}

export const DEFAULT_SETTINGS: PlatformSettings = {
  platformName1: '灵工结算平台',
  platformName3: '灵工结算平台（小规模）',
  servicePhone: '400-820-0000',
  filingNumber: '',
  imageHost: '',
  hosts: [],
};

export const SETTINGS_MSG = {
  platformName: '请输入2-32位平台名称',
  servicePhone: '客服电话为7-20位数字或连字符',
  filingNumber: '备案号不能超过64个字符',
  imageHost: '图片域名须以 http:// 或 https:// 开头',
  host: '请输入正确的域名（如 admin.example.com）',
  hostTaken: (host: string) => `域名 ${host} 重复`,
} as const;

const HOST = /^(?=.{1,128}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** The first problem of a settings form, or undefined. */
export function settingsProblem(settings: PlatformSettings): string | undefined {
  for (const name of [settings.platformName1, settings.platformName3]) {
    if ([...name.trim()].length < 2 || [...name.trim()].length > 32) return SETTINGS_MSG.platformName;
  }
  if (!/^[0-9-]{7,20}$/.test(settings.servicePhone.trim())) return SETTINGS_MSG.servicePhone;
  const urlOk = (value: string) => value === '' || /^https?:\/\/[^\s]{1,240}$/.test(value);
  if ([...settings.filingNumber].length > 64) return SETTINGS_MSG.filingNumber;
  if (!urlOk(settings.imageHost.trim())) return SETTINGS_MSG.imageHost;
  const seen = new Set<string>();
  for (const rule of settings.hosts) {
    const host = rule.host.trim().toLowerCase();
    if (!HOST.test(host)) return SETTINGS_MSG.host;
    if (seen.has(host)) return SETTINGS_MSG.hostTaken(host);
    seen.add(host);
    if ([...rule.filingNumber].length > 64) return SETTINGS_MSG.filingNumber;
    if (!urlOk(rule.imageHost.trim())) return SETTINGS_MSG.imageHost;
  }
  return undefined;
}
