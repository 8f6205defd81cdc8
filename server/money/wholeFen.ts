import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Every stored column that holds an amount of money (1/10000 yuan) that is moved, debited, paid, invoiced or
 * summed from such amounts: each value is a whole fen (a multiple of 100, server/money/README.md 金额取整规则).
 * A new money column goes here; tests/api/wholeFen.test.ts refuses an integer column whose name reads like
 * money (amount, balance, charge, total, tax, price, …) that is neither here nor in NOT_MONEY.
 */
export const MONEY_COLUMNS = {
  accounts: ['balance'],
  ledger_entries: ['amount', 'balance_after'],
  recharges: ['amount'],
  payout_drafts: ['total_amount', 'service_charge'],
  payout_batches: ['total_amount', 'service_charge', 'success_amount', 'success_charge', 'failed_amount'],
  payout_items: ['amount', 'service_charge', 'tax_amount', 'net_amount'],
  dev_channel_orders: ['amount'],
  tax_accounts: ['balance'],
  tax_entries: ['amount', 'balance_after'],
  tax_filings: ['amount'],
  abnormal_funds: ['amount', 'service_charge'],
  invoices: ['total', 'deduction', 'tax', 'net'],
  invoice_batches: ['success_amount', 'success_charge'],
  auto_invoice_runs: ['total'],
  stat_company_day: [
    'topup_amount',
    'payout_amount',
    'charge_amount',
    'refund_amount',
    'net_amount',
    'invoiced_amount',
    'uninvoiced_amount',
  ],
  stat_company_month: [
    'topup_amount',
    'payout_amount',
    'charge_amount',
    'refund_amount',
    'net_amount',
    'invoiced_amount',
    'uninvoiced_amount',
  ],
  stat_group_day: [
    'topup_amount',
    'payout_amount',
    'charge_amount',
    'refund_amount',
    'net_amount',
    'invoiced_amount',
    'uninvoiced_amount',
  ],
  stat_group_month: ['net_amount'],
  settlement_sheets: [
    'opening_balance',
    'topup_amount',
    'payout_amount',
    'charge_amount',
    'refund_amount',
    'closing_balance',
  ],
  bank_transactions: ['amount'],
  bank_account_syncs: ['bank_balance', 'ledger_balance'],
  bank_sync_totals: ['bank_balance', 'ledger_balance'],
  unattributed_funds: ['amount'],
  reconciliation_items: ['bank_amount', 'ledger_amount'],
  reconciliation_runs: ['bank_credit', 'bank_debit', 'ledger_credit', 'ledger_debit'],
  worker_tasks: ['unit_price', 'total_amount'],
  worker_task_members: ['amount'],
} as const satisfies Record<string, readonly string[]>;

/** Integer columns whose names read like money but are not amounts: rates (finer than a fen by design). */
export const NOT_MONEY: Readonly<Record<string, readonly string[]>> = {
  payout_drafts: ['rate'],
  payout_batches: ['rate'],
  service_charges: ['rate'],
  service_rates: ['rate'],
  invoices: ['rate_percent'],
  enterprises: ['rate_level1', 'rate_level2', 'rate_level3'],
  // A status and a year, not amounts.
  payout_items: ['tax_status'],
  tax_bases: ['tax_year'],
};

export interface AmountsBelowFen {
  table: string;
  column: string;
  rows: number;
}

/** The money columns holding values that are not whole fen, with how many rows (empty when all is well). */
export async function amountsBelowFen(db: Db): Promise<AmountsBelowFen[]> {
  const found: AmountsBelowFen[] = [];
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    for (const column of columns) {
      const row = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}
        WHERE ${sql.ref(column)} % 100 <> 0`.execute(db);
      const rows = Number(row.rows[0]?.n ?? 0);
      if (rows > 0) found.push({ table, column, rows });
    }
  }
  return found;
}
