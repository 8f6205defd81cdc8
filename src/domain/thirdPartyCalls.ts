import type { Choice } from './enums';

/**
 * Third-party calls: the signed inbound webhook of each enterprise, the platform's calls out, and the
 * merchants' open-API keys (/addThirdPartyCall). Shared by the server, the callback pages and the tests.
 */

/** third_party_calls.direction */
export const CALL_DIRECTION: readonly Choice[] = [
  { id: 1, name: '回调（主体→平台）' },
  { id: 2, name: '调用（平台→外部）' },
];
export const DIRECTION = { inbound: 1, outbound: 2 } as const;

/** third_party_calls.outcome */
export const CALL_OUTCOME: readonly Choice[] = [
  { id: 1, name: '已处理' },
  { id: 2, name: '重复事件' },
  { id: 3, name: '已拒绝' },
  { id: 4, name: '处理失败' },
];
export const OUTCOME = { applied: 1, duplicate: 2, refused: 3, failed: 4 } as const;

/** What an inbound webhook reports (its body's `type`); calls out are named after the service they call. */
export const WEBHOOK_EVENT_TYPES = ['payout.result', 'contract.signed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Headers of a signed webhook: unix seconds, and hex HMAC-SHA256 of `${timestamp}.${raw body}`. */
export const WEBHOOK_HEADER = { timestamp: 'x-lg-timestamp', signature: 'x-lg-signature' } as const;

/** A signed call older or newer than this is refused (replay protection, with event-id uniqueness). */
export const WEBHOOK_WINDOW_SECONDS = 300;

/** Largest webhook body accepted. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

/** Most items one payout.result event may report. */
export const WEBHOOK_MAX_ITEMS = 1000;

/** The path an enterprise posts its events to. */
export const webhookPath = (enterpriseId: number | string) => `/api/v1/open/enterprises/${enterpriseId}/webhook`;

export const WEBHOOK_MSG = {
  unknownEnterprise: '服务主体不存在或未开通回调',
  missingHeaders: '缺少签名或时间戳',
  expired: '请求时间戳超出允许范围（5分钟），已拒绝',
  badSignature: '签名校验失败',
  badBody: '请求内容不是有效的JSON',
  badEvent: '事件编号（eventId，1-64位字母、数字、-_.:）或事件类型不正确',
  eventReused: '事件编号已被另一条内容不同的回调使用',
  duplicate: '重复事件，已按首次结果应答',
  applied: '已处理',
  tooLarge: '回调内容过大',
  tooMany: '回调过于频繁，请稍后再试',
} as const;

/** open_api_keys.status */
export const OPEN_KEY_STATUS: readonly Choice[] = [
  { id: 1, name: '启用' },
  { id: 0, name: '停用' },
];

export const OPEN_KEY_MSG = {
  invalid: '密钥无效或已停用',
  created: '授权已创建，请立即复制密钥，关闭后不再显示',
  reset: '密钥已轮换，请立即复制新密钥与签名密钥，关闭后不再显示',
  tooMany: '调用过于频繁，请稍后再试',
  inUrl: '请在请求头 secretkey 中传递密钥，密钥不能放在网址里',
} as const;

/**
 * The request header that carries an open-API key to GET /api/v1/companies/verifysecretkey (the spec's parameter
 * name): a key in the URL would sit in every proxy's and browser's history, so the query form is refused.
 */
export const OPEN_KEY_HEADER = 'secretkey';
