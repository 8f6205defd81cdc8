import type { Generated } from 'kysely';

/** Tables of the third-party calls domain (migration 065). */

/** One call in or out (DIRECTION), with what was sent and answered (bodies cut to 64 KB). */
export interface ThirdPartyCallTable {
  id: Generated<number>;
  direction: number;
  enterprise_id: number | null;
  /** The enterprise's callback page at the time of the call (CALLBACK_CHANNEL_CHOICES); null: none. */
  channel: number | null;
  kind: string;
  event_id: string | null;
  method: string;
  path: string;
  request_headers: string | null;
  request_body: string | null;
  http_status: number;
  /** OUTCOME */
  outcome: number;
  message: string | null;
  response_body: string | null;
  latency_ms: number;
  remote_ip: string | null;
  /** The logged call an admin replayed. */
  replay_of: number | null;
  /** Who replayed it. */
  operator: string | null;
  create_time: string;
}

/** A webhook event applied once: its body's hash and the answer a repeat gets. */
export interface WebhookEventTable {
  id: Generated<number>;
  enterprise_id: number;
  event_id: string;
  type: string;
  body_sha256: string;
  response: string;
  create_time: string;
}

/** A merchant's key for the platform's open API; only its sha256 and first characters are kept. */
export interface OpenApiKeyTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  caller: string;
  key_prefix: string;
  key_hash: string;
  status: number;
  remark: string | null;
  created_by: string;
  last_used_time: string | null;
  create_time: string;
  update_time: string;
  /** The key id a signed /open/v1 call names (X-LG-Key); null for a key granted before signed calls. */
  sign_key_id: string | null;
  /** The signing secret, AES-256-GCM under the server's key (server/openapi/secrets.ts). */
  secret_enc: string | null;
  /** The secret before the last rotation, valid until prev_until. */
  prev_secret_enc: string | null;
  prev_until: string | null;
  /** Comma-separated OPEN_SCOPES. */
  scopes: Generated<string>;
  /** After this the key signs nothing; null: no expiry. */
  expire_time: string | null;
  calls_per_minute: Generated<number>;
}
