import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one check of where a merchant's push address may point (SSRF). The name is resolved once; every address it
 * resolves to must be public: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10), link-local
 * (169.254/16, fe80::/10), 0.0.0.0/8, multicast, reserved and the IPv4-mapped IPv6 forms of those are refused,
 * unless WEBHOOK_ALLOWED_HOSTS names the host exactly as the address writes it (a name on the list is allowed,
 * another name resolving to the same address is not). The caller connects to the address answered here and
 * never resolves the name again, so a name that changes its answer between the check and the call (DNS rebinding)
 * reaches only the address that was checked.
 */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface GuardOptions {
  /** Hosts (names or addresses, lower case) that may be internal: WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  resolve?: Resolver;
}

export type CheckedTarget =
  | { ok: true; url: URL; address: string; family: 4 | 6; hostname: string }
  | { ok: false; reason: string };

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, also written in hex), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an address is one a push may not reach without the allow-list. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== null) return isIP(inner) !== 4 || refused.check(inner, 'ipv4');
  return refused.check(address, 'ipv6');
}

/** WEBHOOK_ALLOWED_HOSTS: comma-separated hosts, lower case, IPv6 without brackets. */
export function parseAllowedHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter((part) => part !== '');
}

const MAX_URL = 512;

/** Checks a push address: its form first, then where its name resolves to. */
export async function checkTarget(raw: string, options: GuardOptions): Promise<CheckedTarget> {
  const text = raw.trim();
  if (text.length > MAX_URL) return { ok: false, reason: `推送地址不能超过${MAX_URL}个字符` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: '推送地址格式不正确，请填写以 http:// 或 https:// 开头的完整网址' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: '推送地址只支持 http:// 或 https://' };
  }
  if (url.username || url.password) return { ok: false, reason: '推送地址中不能含用户名或密码' };
  const hostname = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!hostname) return { ok: false, reason: '推送地址缺少主机名' };
  const allowed = options.allowedHosts.includes(hostname);
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      return { ok: false, reason: `推送地址的域名 ${hostname} 无法解析，请检查后重试` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `推送地址的域名 ${hostname} 无法解析，请检查后重试` };
  if (!allowed && addresses.some((entry) => isInternalAddress(entry.address))) {
    return {
      ok: false,
      reason: '推送地址不能指向本机、内网或保留地址（含解析到这些地址的域名），请填写贵司系统的公网地址',
    };
  }
  const chosen = addresses[0];
  return { ok: true, url, address: chosen.address, family: chosen.family === 6 ? 6 : 4, hostname };
}
