import type { Generated } from 'kysely';

/** Tables of 消息推送 (migration 410). */

export interface WebhookSettingTable {
  id: Generated<number>;
  company_id: number;
  payout_url: string | null;
  signing_url: string | null;
  invoice_url: string | null;
  secret: string | null;
  secret_prefix: string | null;
  secret_time: string | null;
  update_time: string;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  event_id: string;
  company_id: number;
  /** WEBHOOK_KIND */
  kind: number;
  event_type: string;
  record_id: Generated<number>;
  payload: string;
  /** DELIVERY_STATUS */
  status: Generated<number>;
  attempts: Generated<number>;
  next_time: number | null;
  lease_until: number | null;
  last_http_status: number | null;
  last_error: string | null;
  last_attempt_time: string | null;
  delivered_time: string | null;
  create_time: string;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  company_id: number;
  /** ATTEMPT_TRIGGER */
  trigger: number;
  operator: string | null;
  url: string;
  http_status: number | null;
  /** ATTEMPT_OUTCOME */
  outcome: number;
  error: string | null;
  duration_ms: Generated<number>;
  request_excerpt: string | null;
  response_excerpt: string | null;
  create_time: string;
}
