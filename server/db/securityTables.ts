/** Tables of migration 040 (sessions, lockouts, rate limits), kept apart from schema.ts. */
export interface RevokedSessionTable {
  sid: string;
  /** Epoch ms after which the session's tokens are expired anyway and the row can go. */
  expires_at: number;
}

export interface PaymentPasswordAttemptTable {
  company_id: number;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

export interface RateCounterTable {
  key: string;
  window_start: number;
  count: number;
  last_at: number;
}
