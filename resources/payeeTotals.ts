import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Per-person totals of successful payouts (GET /api/v1/remittances/individual/search), grouped by national id
 * on the server: the merchant's own (/individualReceived, what this company paid each person) and staff's
 * across companies, one edition each (/adIndividualReceived 1, /adSmallIndividualReceived 3). The period
 * filter applies to the time each payout completed. The national id arrives masked.
 */
const API = { list: '/api/v1/remittances/individual/search' };

export const RECEIVED_PERSONAL_CODES = { 1: ['UI_RECEIVED_PERSONAL'], 3: ['UI_XGM_RECEIVED_PERSONAL'] } as const;
export const MERCHANT_RECEIVED_CODES = ['MER_HOME'] as const;

const FIELDS = {
  name: { source: 'name', label: '姓名', type: 'text' },
  idCard: { source: 'idCard', label: '身份证号', type: 'text' },
  paymentCount: { source: 'paymentCount', label: '收款笔数', type: 'number', sortable: true },
  totalAmount: { source: 'totalAmount', label: '收款总额（元）', type: 'money', sortable: true },
  companyCount: { source: 'companyCount', label: '付款企业数', type: 'number', sortable: true },
  lastTime: { source: 'lastTime', label: '最近收款时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  name: { key: 'name', label: '姓名', type: 'text', alwaysOn: true },
  idCard: { key: 'idCard', label: '身份证号', type: 'text', alwaysOn: true },
  coname: { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  period: { key: 'stime', endKey: 'etime', label: '收款时间', type: 'dateRange', alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

/** /individualReceived (MER_HOME). */
export const individualReceived: ResourceDeclaration = {
  name: 'individualReceived',
  label: '个人收款统计',
  recordTitle: 'name',
  api: API,
  permissions: { list: MERCHANT_RECEIVED_CODES },
  views: {},
  defaultSort: { field: 'totalAmount', order: 'DESC' },
  fields: [FIELDS.name, FIELDS.idCard, FIELDS.paymentCount, FIELDS.totalAmount, FIELDS.lastTime],
  filters: [FILTERS.name, FILTERS.idCard, FILTERS.period],
};

function receivedPersonal(name: string, platformMark: 1 | 3): ResourceDeclaration {
  return {
    name,
    label: '个人收款统计',
    recordTitle: 'name',
    api: { ...API, listQuery: { platformmark: platformMark } },
    permissions: { list: RECEIVED_PERSONAL_CODES[platformMark] },
    views: {},
    defaultSort: { field: 'totalAmount', order: 'DESC' },
    fields: Object.values(FIELDS),
    filters: [FILTERS.name, FILTERS.idCard, FILTERS.coname, FILTERS.period],
  };
}

/** /adIndividualReceived (UI_RECEIVED_PERSONAL): standard edition, across the companies in scope. */
export const adIndividualReceived = receivedPersonal('adIndividualReceived', 1);
/** /adSmallIndividualReceived (UI_XGM_RECEIVED_PERSONAL): small-scale edition. */
export const adSmallIndividualReceived = receivedPersonal('adSmallIndividualReceived', 3);
