import type { Generated } from 'kysely';

/** Tables of the signed open API (migration 400). */

/** A nonce a key has signed with, kept for the signature window. */
export interface OpenApiNonceTable {
  id: Generated<number>;
  key_id: number;
  nonce: string;
  /** Epoch ms. */
  seen_at: number;
}

/** A payout submission's idempotency key and the draft it made. */
export interface OpenApiIdempotencyTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  idem_key: string;
  body_sha256: string;
  draft_id: number;
  create_time: string;
}
