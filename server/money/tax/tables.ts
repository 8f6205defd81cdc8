import type { Generated } from 'kysely';

/** Tables of migration 350 (docs/tax.md). Amounts integer 1/10000 yuan, whole fen; times China-time text. */

/** The row a payment claims first, per worker (ID number), signing entity and tax year. */
export interface TaxBaseTable {
  enterprise_id: number;
  id_card: string;
  tax_year: number;
  claims: Generated<number>;
  update_time: string;
}

/** A signing entity's 代扣税款 account (per edition); enterprise 0 is the platform itself. */
export interface TaxAccountTable {
  enterprise_id: number;
  platform_mark: number;
  balance: Generated<number>;
  update_time: string;
}

export interface TaxEntryTable {
  id: Generated<number>;
  enterprise_id: number;
  platform_mark: number;
  /** YYYY-MM the withheld income belongs to. */
  tax_month: string;
  /** TAX_ENTRY in src/domain/tax/taxEnums.ts */
  kind: number;
  /** Signed: withheld positive, given back and paid to the tax office negative. */
  amount: number;
  balance_after: number;
  company_id: number | null;
  /** 'item' (a payout item) | 'filing' (a tax_filings row) */
  ref_type: string;
  ref_id: number;
  remark: string | null;
  create_time: string;
}

export interface TaxFilingTable {
  id: Generated<number>;
  enterprise_id: number;
  platform_mark: number;
  tax_month: string;
  /** The filing's reference (申报序号 / 凭证号) as the operator gives it. */
  reference: string;
  /** The month's 代扣税款 closed by the filing. */
  amount: number;
  item_count: number;
  operator_id: number;
  create_time: string;
}
