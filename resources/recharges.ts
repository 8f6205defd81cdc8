import { SUB_ACCOUNT_STATUS } from '../src/domain/finance';
import { RECHARGE_STATUS } from '../src/domain/moneyEnums';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Top-ups, three views of one table behind one API (GET /api/v1/recharges/search): the merchant's own
 * (/allRechargeRecord) and finance's views of one edition each (/adMoneyManagement edition 1,
 * /adSmallMoneyManagement edition 3; `platformmark` rides as a plain query parameter and the server checks
 * that edition's code). Amounts are units of 1/10000 yuan.
 */
const API = { list: '/api/v1/recharges/search', one: '/api/v1/recharges/:id' };

const FIELDS = {
  id: { source: 'id', label: '编号', type: 'number', sortable: true },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  amount: { source: 'amount', label: '充值金额（元）', type: 'money', sortable: true },
  payerName: { source: 'payerName', label: '付款户名', type: 'text' },
  payerAccount: { source: 'payerAccount', label: '付款账号', type: 'text' },
  bankSerial: { source: 'bankSerial', label: '银行流水号', type: 'text' },
  voucherUrl: { source: 'voucherUrl', label: '转账凭证', type: 'image' },
  status: { source: 'status', label: '状态', type: 'enum', choices: RECHARGE_STATUS },
  rejectReason: { source: 'rejectReason', label: '驳回原因', type: 'text' },
  remark: { source: 'remark', label: '备注', type: 'text' },
  handlerName: { source: 'handlerName', label: '处理人', type: 'text' },
  createTime: { source: 'createTime', label: '提交时间', type: 'datetime', sortable: true },
  handleTime: { source: 'handleTime', label: '处理时间', type: 'datetime', sortable: true },
  // What a confirmation names: company and amount (the row actions' dialogs show the record title).
  summary: { source: 'summary', label: '摘要', type: 'text', list: false },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  coname: { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  status: { key: 'status', label: '状态', type: 'enum', choices: RECHARGE_STATUS, alwaysOn: true },
  bankSerial: { key: 'bankSerial', label: '银行流水号', type: 'text', alwaysOn: true },
  createTime: { key: 'stime', endKey: 'etime', label: '提交时间', type: 'dateRange', alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

/** The merchant's own top-ups: /allRechargeRecord (no code: every merchant account). */
export const allRechargeRecord: ResourceDeclaration = {
  name: 'allRechargeRecord',
  label: '充值记录',
  recordTitle: 'bankSerial',
  api: API,
  permissions: { list: [] },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.id,
    FIELDS.amount,
    FIELDS.payerName,
    FIELDS.payerAccount,
    FIELDS.bankSerial,
    FIELDS.voucherUrl,
    FIELDS.status,
    FIELDS.rejectReason,
    FIELDS.remark,
    FIELDS.createTime,
    FIELDS.handleTime,
  ],
  filters: [FILTERS.status, FILTERS.bankSerial, FILTERS.createTime],
};

const DEFAULT_HIDDEN = new Set(['id', 'payerAccount', 'handlerName', 'handleTime']);

function fundManagement(name: string, label: string, code: string, platformMark: 1 | 3): ResourceDeclaration {
  const codes = [code];
  return {
    name,
    label,
    recordTitle: 'summary',
    api: { ...API, listQuery: { platformmark: platformMark } },
    permissions: { list: codes, edit: codes },
    views: {},
    defaultSort: { field: 'createTime', order: 'DESC' },
    // The remark stays in the export; the list keeps to what a confirmation is checked against, the rest
    // waits in the column chooser.
    fields: Object.values(FIELDS).map((field) =>
      field.source === 'remark'
        ? { ...field, list: false }
        : DEFAULT_HIDDEN.has(field.source)
          ? { ...field, hidden: true }
          : field,
    ),
    filters: Object.values(FILTERS),
    listCalls: [
      {
        name: 'closingAccounts',
        label: '销户中的账户',
        path: `/api/v1/closingaccounts/platform/${platformMark}/ongoing`,
        result: {
          kind: 'values',
          title: '销户中的子账户',
          empty: '暂无销户中的子账户',
          fields: [
            { source: 'companyName', label: '企业名称', type: 'text' },
            { source: 'accountNumber', label: '子账户账号', type: 'text' },
            { source: 'status', label: '状态', type: 'enum', choices: SUB_ACCOUNT_STATUS },
            { source: 'openTime', label: '开户时间', type: 'datetime' },
          ],
        },
      },
    ],
    actions: [
      {
        name: 'confirm',
        label: '确认到账',
        method: 'PUT',
        path: '/api/v1/recharges/:id/confirm',
        confirm: '请核对银行流水：确认到账后该金额立即计入企业账户余额，且不能撤销。',
        permissions: codes,
        visibleWhen: { field: 'status', in: [0] },
      },
      {
        name: 'reject',
        label: '驳回',
        method: 'PUT',
        path: '/api/v1/recharges/:id/reject',
        confirm: '驳回后商户需重新提交充值申请。',
        permissions: codes,
        visibleWhen: { field: 'status', in: [0] },
        prompt: [{ source: 'reason', label: '驳回原因', type: 'text', required: true }],
      },
    ],
  };
}

/** Finance: standard-edition top-ups, /adMoneyManagement (UI_FUND_MANAGEMENT). */
export const adMoneyManagement = fundManagement('adMoneyManagement', '充值', 'UI_FUND_MANAGEMENT', 1);
/** Finance: small-scale top-ups, /adSmallMoneyManagement (UI_XGM_FUND_MANAGEMENT). */
export const adSmallMoneyManagement = fundManagement('adSmallMoneyManagement', '充值', 'UI_XGM_FUND_MANAGEMENT', 3);
