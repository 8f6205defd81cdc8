import type { Choice } from './enums';

/** Feedback (意见反馈): what a merchant reports and where it stands. */
export const FEEDBACK_TYPE: readonly Choice[] = [
  { id: 1, name: '功能建议' },
  { id: 2, name: '问题反馈' },
  { id: 3, name: '投诉' },
  { id: 4, name: '其他' },
];

export const FEEDBACK = { pending: 1, replied: 2, closed: 3 } as const;

export const FEEDBACK_STATUS: readonly Choice[] = [
  { id: FEEDBACK.pending, name: '待回复' },
  { id: FEEDBACK.replied, name: '已回复' },
  { id: FEEDBACK.closed, name: '已关闭' },
];

export const FEEDBACK_REPLY_READ: readonly Choice[] = [
  { id: 0, name: '新回复' },
  { id: 1, name: '已读' },
];

/** Feedback text 5-500 characters; a reply 1-500. */
export const FEEDBACK_CONTENT = { min: 5, max: 500 } as const;
export const FEEDBACK_REPLY_MAX = 500;
