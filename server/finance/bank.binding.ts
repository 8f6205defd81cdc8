import { sql } from 'kysely';
import { adBalanceSheet, fundReconciliation, noAttributableFunds, subAccountQuery } from '../../resources/bank';
import type { ResourceBinding } from '../engine/binding';

/** The finance bank pages' lists (resources/bank.ts); their operations are bank.routes.ts. */
export const fundReconciliationBinding: ResourceBinding = {
  declaration: fundReconciliation,
  table: 'reconciliation_runs',
  filters: {
    day: { column: 'reconciliation_runs.day' },
    status: { column: 'reconciliation_runs.status', match: 'equals' },
    trigger: { column: 'reconciliation_runs.trigger', match: 'equals' },
  },
  messages: { notFound: '对账记录不存在', idLabel: '对账记录编号' },
};

export const noAttributableFundsBinding: ResourceBinding = {
  declaration: noAttributableFunds,
  table: 'unattributed_funds',
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'unattributed_funds.company_id'] }],
  filters: {
    stime: { column: 'unattributed_funds.arrive_time' },
    bankSerial: { column: 'unattributed_funds.bank_serial', match: 'containsUpper' },
  },
  handWritten: ['attribute', 'return'],
  messages: { notFound: '资金记录不存在', idLabel: '资金编号' },
};

export const subAccountQueryBinding: ResourceBinding = {
  declaration: subAccountQuery,
  table: 'bank_sub_accounts',
  columns: {
    companyName: 'companies.name',
    bankBalance: 'bank_account_syncs.bank_balance',
    ledgerBalance: 'bank_account_syncs.ledger_balance',
    syncTime: 'bank_account_syncs.sync_time',
  },
  joins: [
    { table: 'companies', on: ['companies.id', 'bank_sub_accounts.company_id'] },
    { table: 'bank_account_syncs', on: ['bank_account_syncs.account_number', 'bank_sub_accounts.account_number'] },
  ],
  scope: { kind: 'company', column: 'bank_sub_accounts.company_id' },
  filters: {
    coname: { column: 'companies.name' },
    platformmark: { column: 'bank_sub_accounts.platform_mark', match: 'equals' },
  },
  // bank.routes.ts serves the row actions: the balance and status reads beside the password.
  handWritten: ['password', 'balance', 'status'],
  messages: { notFound: '子账户不存在', idLabel: '子账户编号' },
};

const subAccountOf = (column: string) =>
  sql.raw(`(SELECT s.${column} FROM bank_sub_accounts s WHERE s.company_id = accounts.company_id
    AND s.platform_mark = accounts.platform_mark)`);

export const balanceSheetBinding: ResourceBinding = {
  declaration: adBalanceSheet,
  table: 'accounts',
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'accounts.company_id'] }],
  computed: {
    accountNumber: subAccountOf('account_number'),
    bankBalance: sql.raw(`(SELECT y.bank_balance FROM bank_sub_accounts s JOIN bank_account_syncs y
      ON y.account_number = s.account_number WHERE s.company_id = accounts.company_id
      AND s.platform_mark = accounts.platform_mark)`),
    syncTime: sql.raw(`(SELECT y.sync_time FROM bank_sub_accounts s JOIN bank_account_syncs y
      ON y.account_number = s.account_number WHERE s.company_id = accounts.company_id
      AND s.platform_mark = accounts.platform_mark)`),
  },
  scope: { kind: 'company', column: 'accounts.company_id' },
  filters: {
    coname: { column: 'companies.name' },
    platformmark: { column: 'accounts.platform_mark', match: 'equals' },
  },
  messages: { notFound: '账户不存在', idLabel: '账户编号' },
};

export const BANK_BINDINGS: readonly ResourceBinding[] = [
  fundReconciliationBinding,
  noAttributableFundsBinding,
  subAccountQueryBinding,
  balanceSheetBinding,
];
