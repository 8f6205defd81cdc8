import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { ABNORMAL_STATUS } from '../src/domain/moneyEnums';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Abnormal funds: payout items the bank returned, refunded to the balance (GET /api/v1/abnormalfunds/search).
 * The merchant (/errorMoney) re-pays one to a corrected card (POST /api/v1/abnormalfunds/:id/repay, payment
 * password) or leaves the money on the balance (POST /api/v1/abnormalfunds/:id/keep); staff see every
 * company's (/adErrorMoney). /adReturnMoney lists the refunds themselves: the ledger's 失败退回 entries
 * (GET /api/v1/returnedfunds/search). Staff see the editions whose code they hold (UI_*_XGM: small-scale).
 */
export const MERCHANT_ABNORMAL_CODES = ['MER_BLOCKED_FUND'] as const;
export const ERROR_MONEY_CODES = { 1: ['UI_ERROR_MONEY'], 3: ['UI_ERROR_MONEY_XGM'] } as const;
export const RETURN_MONEY_CODES = { 1: ['UI_RETURN_MONEY'], 3: ['UI_RETURN_MONEY_XGM'] } as const;

export const REPAY_PATH = '/api/v1/abnormalfunds/:id/repay';

const FIELDS = {
  id: { source: 'id', label: '编号', type: 'number', sortable: true },
  batchNo: { source: 'batchNo', label: '原批次号', type: 'text' },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  platformMark: { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  name: { source: 'name', label: '姓名', type: 'text' },
  idCard: { source: 'idCard', label: '身份证号', type: 'text', list: false },
  bankCard: { source: 'bankCard', label: '银行卡号', type: 'text' },
  amount: { source: 'amount', label: '金额（元）', type: 'money', sortable: true },
  serviceCharge: { source: 'serviceCharge', label: '服务费（元）', type: 'money' },
  reason: { source: 'reason', label: '异常原因', type: 'text' },
  status: { source: 'status', label: '状态', type: 'enum', choices: ABNORMAL_STATUS },
  repayBatchNo: { source: 'repayBatchNo', label: '重新打款批次', type: 'text' },
  createTime: { source: 'createTime', label: '退回时间', type: 'datetime', sortable: true },
  handleTime: { source: 'handleTime', label: '处理时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  coname: { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  status: { key: 'status', label: '状态', type: 'enum', choices: ABNORMAL_STATUS, alwaysOn: true },
  platformmark: { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, alwaysOn: true },
  name: { key: 'name', label: '姓名', type: 'text' },
  createTime: { key: 'stime', endKey: 'etime', label: '退回时间', type: 'dateRange', alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

/** /errorMoney (MER_BLOCKED_FUND): the company's abnormal funds of the session's edition. */
export const errorMoney: ResourceDeclaration = {
  name: 'errorMoney',
  label: '异常资金',
  recordTitle: 'name',
  api: { list: '/api/v1/abnormalfunds/search' },
  permissions: { list: MERCHANT_ABNORMAL_CODES, edit: MERCHANT_ABNORMAL_CODES },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.batchNo,
    FIELDS.name,
    FIELDS.idCard,
    FIELDS.bankCard,
    FIELDS.amount,
    FIELDS.serviceCharge,
    FIELDS.reason,
    FIELDS.status,
    FIELDS.repayBatchNo,
    FIELDS.createTime,
    FIELDS.handleTime,
  ],
  filters: [FILTERS.status, FILTERS.name, FILTERS.createTime],
  actions: [
    {
      name: 'keep',
      label: '留存余额',
      method: 'POST',
      path: '/api/v1/abnormalfunds/:id/keep',
      confirm: '退回的金额和服务费已回到账户余额。确定不再打款、将其留存在余额中吗？处理后不能撤销。',
      visibleWhen: { field: 'status', in: [0] },
    },
  ],
  // Adds 重新打款 (a corrected card and the payment password) next to the declared actions.
  customList: 'AbnormalFundList',
  // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
  customListFirstPaint: true,
};

/** /adErrorMoney (UI_ERROR_MONEY standard, UI_ERROR_MONEY_XGM small-scale): read-only, every company in scope. */
export const adErrorMoney: ResourceDeclaration = {
  name: 'adErrorMoney',
  label: '异常资金',
  recordTitle: 'name',
  api: { list: '/api/v1/abnormalfunds/search' },
  permissions: { list: [...ERROR_MONEY_CODES[1], ...ERROR_MONEY_CODES[3]] },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.id,
    FIELDS.companyName,
    FIELDS.platformMark,
    FIELDS.batchNo,
    FIELDS.name,
    FIELDS.idCard,
    FIELDS.bankCard,
    FIELDS.amount,
    FIELDS.serviceCharge,
    FIELDS.reason,
    FIELDS.status,
    FIELDS.repayBatchNo,
    FIELDS.createTime,
    FIELDS.handleTime,
  ],
  filters: [FILTERS.coname, FILTERS.status, FILTERS.platformmark, FILTERS.name, FILTERS.createTime],
};

/** /adReturnMoney (UI_RETURN_MONEY, UI_RETURN_MONEY_XGM): refunds of failed payout items. */
export const adReturnMoney: ResourceDeclaration = {
  name: 'adReturnMoney',
  label: '退回资金',
  recordTitle: 'name',
  api: { list: '/api/v1/returnedfunds/search' },
  permissions: { list: [...RETURN_MONEY_CODES[1], ...RETURN_MONEY_CODES[3]] },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '流水号', type: 'number', sortable: true },
    FIELDS.createTime,
    FIELDS.companyName,
    FIELDS.platformMark,
    FIELDS.batchNo,
    FIELDS.name,
    FIELDS.idCard,
    FIELDS.bankCard,
    { source: 'amount', label: '退回金额（元）', type: 'money', sortable: true },
    { source: 'itemAmount', label: '打款金额（元）', type: 'money' },
    { source: 'itemCharge', label: '服务费（元）', type: 'money' },
    { source: 'reason', label: '退回原因', type: 'text' },
    { source: 'handleStatus', label: '处理状态', type: 'enum', choices: ABNORMAL_STATUS },
    FIELDS.handleTime,
  ],
  filters: [
    FILTERS.coname,
    FILTERS.platformmark,
    { key: 'handleStatus', label: '处理状态', type: 'enum', choices: ABNORMAL_STATUS, alwaysOn: true },
    FILTERS.name,
    FILTERS.createTime,
  ],
};
