/**
 * The signed open API under /open/v1 (server/openapi/): headers, scopes, the signature window and the refusals a
 * merchant's system reads. Shared by the server, the 开放接口 page and the key dialogs.
 */
export const OPEN_HEADERS = {
  key: 'x-lg-key',
  timestamp: 'x-lg-timestamp',
  nonce: 'x-lg-nonce',
  signature: 'x-lg-signature',
  idempotency: 'idempotency-key',
} as const;

/** A signature is accepted this long either side of the server's clock; a nonce is remembered as long. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export const OPEN_SCOPES = ['read', 'workers', 'pay', 'invoices'] as const;
export type OpenScope = (typeof OPEN_SCOPES)[number];

export const OPEN_SCOPE_CHOICES: readonly { id: OpenScope; name: string }[] = [
  { id: 'read', name: '查询（余额、流水、批次、回单、签约状态）' },
  { id: 'workers', name: '人员（核验、导入、发送签约链接）' },
  { id: 'pay', name: '打款（提交批次，代替支付密码）' },
  { id: 'invoices', name: '发票（可开票批次、申请开票、查询发票）' },
];

/** The short names a list shows for a key's scopes (查询、打款). */
export const OPEN_SCOPE_SHORT: Readonly<Record<OpenScope, string>> = {
  read: '查询',
  workers: '人员',
  pay: '打款',
  invoices: '发票',
};

/** A key's scopes (an array or the stored comma-separated text) in Chinese, in OPEN_SCOPES order. */
export function scopeNames(scopes: readonly string[] | string | null | undefined): string {
  const given = new Set(typeof scopes === 'string' ? scopes.split(',') : (scopes ?? []));
  return OPEN_SCOPES.filter((scope) => given.has(scope))
    .map((scope) => OPEN_SCOPE_SHORT[scope])
    .join('、');
}

/** How long the previous secret keeps signing after a rotation, unless the admin names another time. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/**
 * The refusals of the signature check: HTTP status, the `content.error` code a program branches on, and the
 * message a person reads.
 */
export const OPEN_ERRORS = {
  unsigned: {
    status: 401,
    error: 'UNSIGNED',
    message: '缺少签名请求头（X-LG-Key、X-LG-Timestamp、X-LG-Nonce、X-LG-Signature）',
  },
  unknownKey: { status: 401, error: 'KEY_UNKNOWN', message: '密钥编号不存在' },
  stale: {
    status: 401,
    error: 'TIMESTAMP_OUT_OF_WINDOW',
    message: '请求时间与服务器时间相差超过 5 分钟，请校准时钟后重新签名',
  },
  badSignature: { status: 401, error: 'SIGNATURE_INVALID', message: '签名不正确，请按文档重新计算' },
  replayed: { status: 401, error: 'NONCE_REPLAYED', message: '该随机串已使用过，每次请求请换一个新的' },
  revoked: { status: 401, error: 'KEY_REVOKED', message: '密钥已停用' },
  expired: { status: 401, error: 'KEY_EXPIRED', message: '密钥已过期，请联系平台续期' },
  scope: { status: 403, error: 'SCOPE_DENIED', message: '该密钥没有调用此接口的权限' },
  tooMany: { status: 429, error: 'RATE_LIMITED', message: '调用过于频繁，请稍后再试' },
} as const;
export type OpenErrorName = keyof typeof OPEN_ERRORS;

/** The business refusal of an id that is not the key's company's (the same words as an id that names nothing). */
export const OPEN_NOT_FOUND = {
  batch: '打款批次不存在',
  worker: '人员不存在',
  invoice: '发票申请不存在',
} as const;

export const OPEN_MSG = {
  idempotencyMissing: '请在请求头 Idempotency-Key 中提供幂等键（1-64 位字母、数字、-、_）',
  idempotencyReused: '该幂等键已用于另一批数据，请换一个新的幂等键',
  scopesEmpty: '请至少选择一项权限',
  scopesSaved: '密钥设置已保存',
  noMainAccount: '商户没有主账号，无法通过开放接口操作',
  noInvoiceFile: '该发票申请没有发票文件（开票时未上传，或尚未开票）',
} as const;
