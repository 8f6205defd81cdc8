import { adWebhookDeliveries, openWebhooks } from '../../resources/webhookDeliveries';
import type { ResourceBinding } from '../engine/binding';

/** The delivery logs of 消息推送, read-only; 重新推送 is hand-written (webhooks.routes.ts). */
const filters = {
  eventId: { column: 'webhook_deliveries.event_id', match: 'equals' },
  kind: { column: 'webhook_deliveries.kind' },
  status: { column: 'webhook_deliveries.status' },
  recordId: { column: 'webhook_deliveries.record_id' },
  stime: { column: 'webhook_deliveries.create_time' },
} as const;
const messages = { notFound: '推送记录不存在', idLabel: '推送记录编号' };

export const openWebhooksBinding: ResourceBinding = {
  declaration: openWebhooks,
  table: 'webhook_deliveries',
  scope: { kind: 'company', column: 'webhook_deliveries.company_id' },
  filters,
  handWritten: ['resend'],
  messages,
};

export const adWebhookDeliveriesBinding: ResourceBinding = {
  declaration: adWebhookDeliveries,
  table: 'webhook_deliveries',
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'webhook_deliveries.company_id'] }],
  scope: { kind: 'company', column: 'webhook_deliveries.company_id' },
  filters: { ...filters, companyName: { column: 'companies.name' } },
  handWritten: ['resend'],
  messages,
};

export const WEBHOOK_BINDINGS: readonly ResourceBinding[] = [openWebhooksBinding, adWebhookDeliveriesBinding];
