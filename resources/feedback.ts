import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { FEEDBACK, FEEDBACK_REPLY_READ, FEEDBACK_STATUS, FEEDBACK_TYPE } from '../src/domain/feedback';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Feedback (意见反馈): a merchant submits its type, text and up to three images at /suggestionFeedback
 * (MER_FEEDBACK_LIST) and sees its history with the platform's replies; staff reply and close at
 * /adSuggestion (UI_FEEDBACK_BOX for the standard edition's feedback, UI_FEEDBACK_BOX_XGM for the
 * small-scale edition's). A reply the merchant has not opened counts on the header bell.
 */
const IMAGES: readonly FieldDeclaration[] = [1, 2, 3].map((index) => ({
  source: `image${index}`,
  label: `图片${index}`,
  type: 'image' as const,
  list: false,
  form: true,
}));

const FIELDS = {
  id: { source: 'id', label: '编号', type: 'number', sortable: true },
  type: { source: 'type', label: '反馈类型', type: 'enum', choices: FEEDBACK_TYPE, form: true, required: true },
  content: { source: 'content', label: '反馈内容', type: 'longtext', form: true, required: true },
  status: { source: 'status', label: '状态', type: 'enum', choices: FEEDBACK_STATUS },
  reply: { source: 'reply', label: '平台回复', type: 'longtext' },
  replyUser: { source: 'replyUser', label: '回复人', type: 'text' },
  replyTime: { source: 'replyTime', label: '回复时间', type: 'datetime', sortable: true },
  createTime: { source: 'createTime', label: '提交时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  type: { key: 'type', label: '反馈类型', type: 'enum', choices: FEEDBACK_TYPE, alwaysOn: true },
  status: { key: 'status', label: '状态', type: 'enum', choices: FEEDBACK_STATUS, alwaysOn: true },
  time: { key: 'stime', endKey: 'etime', label: '提交时间', type: 'dateRange' },
} as const satisfies Record<string, FilterDeclaration>;

const MERCHANT_CODES = ['MER_FEEDBACK_LIST'];

/** The merchant's own feedback: /suggestionFeedback. */
export const suggestionFeedback: ResourceDeclaration = {
  name: 'suggestionFeedback',
  label: '意见反馈',
  recordTitle: 'content',
  api: {
    list: '/api/v1/feedbacks/mine/search',
    one: '/api/v1/feedbacks/mine/:id',
    create: '/api/v1/feedbacks/mine',
  },
  permissions: { list: MERCHANT_CODES, create: MERCHANT_CODES },
  views: { create: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { ...FIELDS.id, list: false },
    FIELDS.type,
    FIELDS.content,
    ...IMAGES,
    FIELDS.status,
    FIELDS.reply,
    FIELDS.replyTime,
    { source: 'replyRead', label: '回复', type: 'enum', choices: FEEDBACK_REPLY_READ },
    FIELDS.createTime,
  ],
  filters: [FILTERS.type, FILTERS.status, FILTERS.time],
  actions: [
    {
      name: 'read',
      label: '标记已读',
      method: 'PUT',
      path: '/api/v1/feedbacks/mine/:id/read',
      permissions: MERCHANT_CODES,
      visibleWhen: { field: 'replyRead', in: [0] },
    },
  ],
  customList: 'FeedbackList',
};

const STAFF_CODES = ['UI_FEEDBACK_BOX', 'UI_FEEDBACK_BOX_XGM'];

/** Staff: /adSuggestion, each edition's feedback for the holders of that edition's code. */
export const adSuggestion: ResourceDeclaration = {
  name: 'adSuggestion',
  label: '意见反馈',
  recordTitle: 'content',
  api: { list: '/api/v1/feedbacks/search', one: '/api/v1/feedbacks/:id' },
  permissions: { list: STAFF_CODES, edit: STAFF_CODES },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.id,
    { source: 'companyName', label: '企业名称', type: 'text' },
    { source: 'username', label: '提交账号', type: 'text' },
    { source: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { ...FIELDS.type, form: false },
    { ...FIELDS.content, form: false },
    ...IMAGES.map((field) => ({ ...field, form: false })),
    FIELDS.status,
    FIELDS.reply,
    FIELDS.replyUser,
    FIELDS.replyTime,
    FIELDS.createTime,
  ],
  filters: [
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    FILTERS.type,
    FILTERS.status,
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    FILTERS.time,
  ],
  actions: [
    {
      name: 'reply',
      label: '回复',
      method: 'PUT',
      path: '/api/v1/feedbacks/:id/reply',
      confirm: '回复会显示在商户的意见反馈里，并在商户的铃铛上提示。',
      permissions: STAFF_CODES,
      visibleWhen: { field: 'status', in: [FEEDBACK.pending, FEEDBACK.replied] },
      prompt: [{ source: 'reply', label: '回复内容', type: 'text', required: true }],
    },
    {
      name: 'close',
      label: '关闭',
      method: 'PATCH',
      path: '/api/v1/feedbacks/:id/close',
      confirm: '关闭后商户不能再收到这条反馈的回复，确定关闭吗？',
      permissions: STAFF_CODES,
      visibleWhen: { field: 'status', in: [FEEDBACK.pending, FEEDBACK.replied] },
    },
  ],
  customList: 'FeedbackList',
};

export const FEEDBACK_RESOURCES: readonly ResourceDeclaration[] = [suggestionFeedback, adSuggestion];
