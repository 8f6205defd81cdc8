import type { Choice } from './enums';

/** Small-scale automatic invoicing (小规模自动开票设置). */
export const AUTO_INVOICE_MODE: readonly Choice[] = [
  { id: 1, name: '每个批次完成后' },
  { id: 2, name: '每月固定日期' },
];

export const AUTO_INVOICE_RUN_STATUS: readonly Choice[] = [
  { id: 0, name: '进行中' },
  { id: 1, name: '已申请' },
  { id: 2, name: '失败' },
];

export const AUTO_INVOICE_ENABLED: readonly Choice[] = [
  { id: 0, name: '未开启' },
  { id: 1, name: '已开启' },
];

/** Days 1-28, so every month has the day. */
export const MONTH_DAY_MAX = 28;
