import { BusinessError } from '../../http/errors';
import type { BusinessRegistry, RegistryCompany } from './companyLookup';

/**
 * 天眼查 open API (REGISTRY_PROVIDER=tianyancha): the token goes in the Authorization header; answers are
 * {error_code, reason, result}. error_code 300000 is "no data" (an empty answer, not an error); the others of the
 * 3000xx family are words in Chinese for the operator (TIANYANCHA_ERRORS).
 */
export const TIANYANCHA_NO_DATA = 300000;
export const TIANYANCHA_ERRORS: Readonly<Record<number, string>> = {
  300001: '天眼查请求失败，请稍后重试',
  300002: '天眼查账号已失效：请检查 TIANYANCHA_TOKEN',
  300003: '天眼查账号已过期，请续费',
  300004: '天眼查访问过于频繁，请稍后再试',
  300005: '天眼查账号无权访问该接口',
  300006: '天眼查账户余额不足',
  300007: '天眼查剩余调用次数不足',
  300008: '天眼查请求缺少必要参数',
  300009: '天眼查账号信息有误：请检查 TIANYANCHA_TOKEN',
  300010: '天眼查接口地址不存在：请检查 TIANYANCHA_ENDPOINT',
  300011: '本机 IP 未获天眼查授权，请在天眼查后台添加白名单',
};
export const TIANYANCHA_UNAVAILABLE = '天眼查服务暂时无法访问，请稍后重试';

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function toCompany(item: Record<string, unknown>): RegistryCompany {
  // Search items carry companyType as a number; the base info carries companyOrgType as text.
  return {
    name: text(item.name).replace(/<\/?em>/g, ''),
    creditCode: text(item.creditCode),
    legalPersonName: text(item.legalPersonName),
    regStatus: text(item.regStatus),
    companyOrgType: text(item.companyOrgType),
    industry: text(item.industry),
    staffNumRange: text(item.staffNumRange),
    base: text(item.base),
    city: text(item.city),
    district: text(item.district),
  };
}

export function tianyanchaRegistry(
  settings: { token: string; endpoint: string },
  fetchImpl: typeof fetch = fetch,
): BusinessRegistry {
  async function call(path: string, query: Record<string, string>): Promise<Record<string, unknown> | null> {
    let answer: { error_code?: unknown; reason?: unknown; result?: unknown };
    try {
      const response = await fetchImpl(`${settings.endpoint}${path}?${new URLSearchParams(query)}`, {
        headers: { Authorization: settings.token },
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new BusinessError(TIANYANCHA_UNAVAILABLE);
    }
    const code = Number(answer?.error_code);
    if (code === TIANYANCHA_NO_DATA) return null;
    if (code !== 0) {
      throw new BusinessError(TIANYANCHA_ERRORS[code] ?? `天眼查服务出错（${code}）：${text(answer?.reason)}`);
    }
    return answer.result && typeof answer.result === 'object' ? (answer.result as Record<string, unknown>) : null;
  }

  return {
    name: 'tianyancha',
    async search(word, limit) {
      const result = await call('/services/open/search/2.0', { word, pageSize: String(limit), pageNum: '1' });
      const items = Array.isArray(result?.items) ? (result.items as Record<string, unknown>[]) : [];
      return items.slice(0, limit).map(toCompany);
    },
    async baseInfo(keyword) {
      const result = await call('/services/open/ic/baseinfo/normal', { keyword });
      return result ? toCompany(result) : null;
    },
  };
}
