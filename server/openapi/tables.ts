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

/** A write's idempotency key and what it made: a payout draft, or for an `i:` key an invoice application (idempotency.ts). */
export interface OpenApiIdempotencyTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  idem_key: string;
  body_sha256: string;
  /** The payout draft, or the invoice application of an `i:` key. */
  draft_id: number;
  create_time: string;
}
