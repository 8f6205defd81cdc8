import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { RECON_RUN_STATUS, RECON_TRIGGER, SUB_ACCOUNT_STATUS, UNATTRIBUTED_STATUS } from '../src/domain/finance';
import type { ResourceDeclaration } from './types';

/**
 * The bank side of finance, read from the bank channel's books and the ledger; the operations
 * are hand-written (server/finance/bank.routes.ts).
 */
const RECONCILIATION = ['UI_FUND_RECONCILIATION'] as const;
const UNATTRIBUTED_CODES = ['UI_NO_ATTRIBUTABLE_FUNDS'] as const;
const SUB_ACCOUNTS = ['UI_SUB_ACCOUNT_QUERY'] as const;
const BALANCE_SHEET = ['UI_BALANCE_SHEET'] as const;

/** /fundReconciliation 资金对账: every reconciliation run (the daily job's and manual ones); a run opens its lines. */
export const fundReconciliation: ResourceDeclaration = {
  name: 'fundReconciliation',
  label: '对账记录',
  recordTitle: 'day',
  api: { list: '/api/v1/reconciliation/runs/search' },
  permissions: { list: RECONCILIATION },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  customList: 'ReconciliationList',
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, list: false },
    { source: 'day', label: '对账日期', type: 'date', sortable: true },
    { source: 'trigger', label: '发起方式', type: 'enum', choices: RECON_TRIGGER },
    { source: 'status', label: '结果', type: 'enum', choices: RECON_RUN_STATUS },
    { source: 'matchedCount', label: '已匹配（笔）', type: 'number' },
    { source: 'bankOnlyCount', label: '仅银行有（笔）', type: 'number' },
    { source: 'ledgerOnlyCount', label: '仅账本有（笔）', type: 'number' },
    { source: 'differCount', label: '金额或状态不符（笔）', type: 'number' },
    { source: 'bankCredit', label: '银行入账（元）', type: 'money' },
    { source: 'ledgerCredit', label: '账本充值（元）', type: 'money' },
    { source: 'bankDebit', label: '银行出账（元）', type: 'money' },
    { source: 'ledgerDebit', label: '账本支出（元）', type: 'money' },
    { source: 'message', label: '说明', type: 'text' },
    { source: 'startTime', label: '开始时间', type: 'datetime', sortable: true },
    { source: 'finishTime', label: '完成时间', type: 'datetime', hidden: true },
  ],
  filters: [
    { key: 'day', label: '对账日期', type: 'dateRange', endKey: 'dayEnd', alwaysOn: true },
    { key: 'status', label: '结果', type: 'enum', choices: RECON_RUN_STATUS, alwaysOn: true },
    { key: 'trigger', label: '发起方式', type: 'enum', choices: RECON_TRIGGER },
  ],
};

/** /noAttributableFunds 无法归属资金: deposits without a top-up, attributed to a company or returned. */
export const noAttributableFunds: ResourceDeclaration = {
  name: 'noAttributableFunds',
  label: '无法归属资金',
  recordTitle: 'bankSerial',
  api: { list: '/api/v1/unattributedfunds/search' },
  permissions: { list: UNATTRIBUTED_CODES, edit: UNATTRIBUTED_CODES },
  views: {},
  defaultSort: { field: 'arriveTime', order: 'DESC' },
  customList: 'UnattributedFundList',
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, list: false },
    { source: 'bankSerial', label: '银行流水号', type: 'text' },
    { source: 'amount', label: '金额（元）', type: 'money', sortable: true },
    { source: 'payerName', label: '付款人', type: 'text' },
    { source: 'payerAccount', label: '付款账号', type: 'text' },
    { source: 'memo', label: '附言', type: 'text', hidden: true },
    { source: 'arriveTime', label: '到账时间', type: 'datetime', sortable: true },
    { source: 'status', label: '状态', type: 'enum', choices: UNATTRIBUTED_STATUS },
    { source: 'companyName', label: '归属企业', type: 'text' },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, hidden: true },
    { source: 'remark', label: '备注 / 退回原因', type: 'text' },
    { source: 'returnSerial', label: '退回流水号', type: 'text', hidden: true },
    { source: 'handleTime', label: '处理时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'status', label: '状态', type: 'enum', choices: UNATTRIBUTED_STATUS, alwaysOn: true },
    { key: 'payerName', label: '付款人', type: 'text', alwaysOn: true },
    { key: 'stime', endKey: 'etime', label: '到账时间', type: 'dateRange', alwaysOn: true },
    { key: 'bankSerial', label: '银行流水号', type: 'text' },
  ],
};

/** /subAccountQuery 子账户查询: each company's sub-account at the bank with its bank and ledger balances. */
export const subAccountQuery: ResourceDeclaration = {
  name: 'subAccountQuery',
  label: '子账户',
  recordTitle: 'accountNumber',
  api: { list: '/api/v1/bankaccounts/subaccounts/search' },
  permissions: { list: SUB_ACCOUNTS, edit: SUB_ACCOUNTS },
  views: {},
  defaultSort: { field: 'id', order: 'ASC' },
  customList: 'SubAccountList',
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, list: false },
    // The account status is asked by company and edition (GET /api/v1/accounts/status/{companyId}).
    { source: 'companyId', label: '企业编号', type: 'number', list: false },
    { source: 'accountNumber', label: '子账户账号', type: 'text', sortable: true },
    { source: 'companyName', label: '企业名称', type: 'text' },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'status', label: '状态', type: 'enum', choices: SUB_ACCOUNT_STATUS },
    { source: 'bankBalance', label: '银行余额（元）', type: 'money' },
    { source: 'ledgerBalance', label: '账本余额（元）', type: 'money' },
    { source: 'syncTime', label: '同步时间', type: 'datetime' },
    { source: 'passwordTime', label: '密码设置时间', type: 'datetime', hidden: true },
    { source: 'openTime', label: '开户时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'accountNumber', label: '子账户账号', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: SUB_ACCOUNT_STATUS, alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  ],
  actions: [
    {
      name: 'balance',
      label: '查询余额',
      method: 'GET',
      path: '/api/v1/bankaccounts/bank/balance',
      recordValues: { bacc: 'accountNumber' },
      permissions: SUB_ACCOUNTS,
      result: {
        kind: 'values',
        title: '银行余额',
        fields: [
          { source: 'accountNumber', label: '子账户账号', type: 'text' },
          { source: 'accountName', label: '户名', type: 'text' },
          { source: 'bankBalance', label: '银行余额（元）', type: 'money' },
          { source: 'ledgerBalance', label: '账本余额（元）', type: 'money' },
          { source: 'difference', label: '差额（元）', type: 'money' },
        ],
      },
    },
    {
      name: 'status',
      label: '账户状态',
      method: 'GET',
      path: '/api/v1/accounts/status/:companyId',
      recordValues: { platformmark: 'platformMark' },
      permissions: SUB_ACCOUNTS,
      result: {
        kind: 'values',
        title: '账户状态',
        fields: [
          { source: 'accountNumber', label: '子账户账号', type: 'text' },
          { source: 'accountName', label: '户名', type: 'text' },
          { source: 'status', label: '状态', type: 'enum', choices: SUB_ACCOUNT_STATUS },
          { source: 'openTime', label: '开户时间', type: 'datetime' },
        ],
      },
    },
  ],
};

/** /adBalanceSheet 余额明细表: every company account's ledger balance beside the bank's last synced one. */
export const adBalanceSheet: ResourceDeclaration = {
  name: 'adBalanceSheet',
  label: '余额明细',
  recordTitle: 'companyName',
  api: { list: '/api/v1/bankaccounts/balancesheet/search' },
  permissions: { list: BALANCE_SHEET },
  views: {},
  defaultSort: { field: 'balance', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', list: false },
    { source: 'companyName', label: '企业名称', type: 'text' },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'balance', label: '账本余额（元）', type: 'money', sortable: true },
    { source: 'accountNumber', label: '子账户账号', type: 'text' },
    { source: 'bankBalance', label: '银行余额（元，最近同步）', type: 'money' },
    { source: 'syncTime', label: '同步时间', type: 'datetime' },
    { source: 'updateTime', label: '最近变动时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, alwaysOn: true },
  ],
};

export const BANK_RESOURCES: readonly ResourceDeclaration[] = [
  fundReconciliation,
  noAttributableFunds,
  subAccountQuery,
  adBalanceSheet,
];
