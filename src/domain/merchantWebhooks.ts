import type { Choice } from './enums';

/**
 * 消息推送: the events the platform pushes to a merchant's own system (server/webhooks/), their kinds (one address
 * each in the settings), the states of a delivery and its attempts, and the words the pages show. Shared by the
 * server, the pages and the tests.
 */
export const WEBHOOK_KIND = { payout: 1, signing: 2, invoice: 3 } as const;
export type WebhookKind = (typeof WEBHOOK_KIND)[keyof typeof WEBHOOK_KIND];

export const WEBHOOK_KIND_CHOICES: readonly Choice[] = [
  { id: WEBHOOK_KIND.payout, name: '打款结果' },
  { id: WEBHOOK_KIND.signing, name: '签约结果' },
  { id: WEBHOOK_KIND.invoice, name: '发票开具' },
];

/** The settings' address column of each kind. */
export const WEBHOOK_URL_FIELD = {
  [WEBHOOK_KIND.payout]: 'payoutUrl',
  [WEBHOOK_KIND.signing]: 'signingUrl',
  [WEBHOOK_KIND.invoice]: 'invoiceUrl',
} as const;

/** The event types, as the payload's `type` says, in an operator's words. */
export const WEBHOOK_EVENT_TYPES: Readonly<Record<string, string>> = {
  'payout.item.succeeded': '打款成功',
  'payout.item.failed': '打款失败',
  'payout.item.held': '打款挂单',
  'payout.item.returned': '打款退汇',
  'worker.signing.completed': '签约完成',
  'worker.signing.failed': '签约失败',
  'invoice.issued': '发票已开具',
  'webhook.test': '测试消息',
};

export const DELIVERY_STATUS = { pending: 0, delivered: 1, failed: 2 } as const;
export const DELIVERY_STATUS_CHOICES: readonly Choice[] = [
  { id: DELIVERY_STATUS.pending, name: '待推送' },
  { id: DELIVERY_STATUS.delivered, name: '推送成功' },
  { id: DELIVERY_STATUS.failed, name: '推送失败' },
];

export const ATTEMPT_TRIGGER = { scheduled: 1, resend: 2, test: 3 } as const;
export const ATTEMPT_TRIGGER_CHOICES: readonly Choice[] = [
  { id: ATTEMPT_TRIGGER.scheduled, name: '自动' },
  { id: ATTEMPT_TRIGGER.resend, name: '重新推送' },
  { id: ATTEMPT_TRIGGER.test, name: '测试' },
];

export const ATTEMPT_OUTCOME = { succeeded: 1, failed: 2 } as const;

/**
 * The waits after each failed scheduled attempt: 1 min, 5 min, 30 min, 2 h, 6 h. The first attempt and these five
 * retries make six; a delivery none of them got a 2xx for is given up (推送失败) and only 重新推送 sends it again.
 */
export const WEBHOOK_BACKOFF_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/** The headers of a pushed event, the inbound scheme's names plus the event id. */
export const MERCHANT_WEBHOOK_HEADER = {
  timestamp: 'x-lg-timestamp',
  signature: 'x-lg-signature',
  eventId: 'x-lg-event-id',
} as const;

export const WEBHOOK_SETTINGS_MSG = {
  saved: '推送地址已保存',
  secretIssued: '签名密钥已生成，只显示这一次，请立即保存到贵司系统',
  noSecret: '请先生成签名密钥',
  noUrl: '请先设置该类消息的推送地址',
  ownerOnly: '只有商户主账号可以修改消息推送设置',
  merchantOnly: '请使用商户账号操作',
  notFound: '推送记录不存在',
  resent: '已重新推送',
  resendFailed: '重新推送失败',
  busy: '该消息正在推送，请稍后再试',
  testSent: '测试消息已推送',
} as const;
