/** Tables of the session workspace, kept apart so schema.ts only gains one line per table. */
export interface PaymentPasswordTable {
  company_id: number;
  /** bcrypt of the SHA-256 hex the browser sends. */
  password_hash: string;
  update_time: string;
}
