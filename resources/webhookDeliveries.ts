import { DELIVERY_STATUS_CHOICES, WEBHOOK_KIND_CHOICES } from '../src/domain/merchantWebhooks';
import type { ResourceDeclaration } from './types';

/**
 * 消息推送 (server/webhooks/): the events pushed to a merchant's system and how each went. /openWebhooks is the
 * merchant's page (its addresses, its signing secret, a test message and its own deliveries); /adWebhookDeliveries
 * the staff's log across the companies of their data scope. Both re-send a delivery (重新推送).
 */
const fields: ResourceDeclaration['fields'] = [
  { source: 'id', label: '编号', type: 'number', sortable: true },
  { source: 'createTime', label: '产生时间', type: 'datetime', sortable: true },
  { source: 'kind', label: '消息类型', type: 'enum', choices: WEBHOOK_KIND_CHOICES },
  { source: 'eventType', label: '事件', type: 'text' },
  { source: 'eventId', label: '事件编号', type: 'text' },
  { source: 'recordId', label: '业务记录编号', type: 'number' },
  { source: 'status', label: '推送状态', type: 'enum', choices: DELIVERY_STATUS_CHOICES },
  { source: 'attempts', label: '自动推送次数', type: 'number' },
  { source: 'lastHttpStatus', label: '最近HTTP状态', type: 'number' },
  { source: 'lastError', label: '最近失败原因', type: 'text' },
  { source: 'lastAttemptTime', label: '最近推送时间', type: 'datetime', sortable: true },
  { source: 'deliveredTime', label: '推送成功时间', type: 'datetime', hidden: true },
  { source: 'payload', label: '推送内容', type: 'longtext', list: false },
];

const filters: ResourceDeclaration['filters'] = [
  { key: 'status', label: '推送状态', type: 'enum', choices: DELIVERY_STATUS_CHOICES, alwaysOn: true },
  { key: 'kind', label: '消息类型', type: 'enum', choices: WEBHOOK_KIND_CHOICES, alwaysOn: true },
  { key: 'eventId', label: '事件编号', type: 'text', alwaysOn: true },
  { key: 'stime', endKey: 'etime', label: '产生时间', type: 'dateRange', alwaysOn: true },
  { key: 'recordId', label: '业务记录编号', type: 'number' },
];

const RESEND_CONFIRM = '按原内容重新签名并推送这条消息（事件编号不变，贵司系统应按事件编号去重），确定重新推送吗？';

/** /openWebhooks 消息推送 (merchant). */
export const openWebhooks: ResourceDeclaration = {
  name: 'openWebhooks',
  label: '消息推送',
  recordTitle: 'eventId',
  api: { list: '/api/v1/webhooks/deliveries/search', one: '/api/v1/webhooks/deliveries/:id' },
  permissions: { list: [] },
  views: {},
  customList: 'WebhookSettingsPage',
  defaultSort: { field: 'id', order: 'DESC' },
  fields,
  filters,
  actions: [
    {
      name: 'resend',
      label: '重新推送',
      method: 'POST',
      path: '/api/v1/webhooks/deliveries/:id/resend',
      confirm: RESEND_CONFIRM,
      permissions: [],
    },
  ],
};

/** /adWebhookDeliveries 消息推送记录 (staff, in their data scope). */
export const adWebhookDeliveries: ResourceDeclaration = {
  name: 'adWebhookDeliveries',
  label: '消息推送记录',
  recordTitle: 'eventId',
  api: { list: '/api/v1/adwebhooks/deliveries/search', one: '/api/v1/adwebhooks/deliveries/:id' },
  permissions: { list: ['UI_LN_ENTERPRISE'] },
  views: {},
  customList: 'WebhookDeliveryList',
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [{ source: 'companyName', label: '商户名称', type: 'text' }, ...fields],
  filters: [{ key: 'companyName', label: '商户名称', type: 'text', alwaysOn: true }, ...filters],
  actions: [
    {
      name: 'resend',
      label: '重新推送',
      method: 'POST',
      path: '/api/v1/adwebhooks/deliveries/:id/resend',
      confirm: RESEND_CONFIRM,
      permissions: ['UI_LN_ENTERPRISE'],
    },
  ],
};

export const WEBHOOK_RESOURCES: readonly ResourceDeclaration[] = [openWebhooks, adWebhookDeliveries];
