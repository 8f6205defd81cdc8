import { BATCH_INVOICE_STATUS, BATCH_STATUS, ITEM_STATUS } from '../src/domain/moneyEnums';
import type { FieldDeclaration, FilterDeclaration, RelatedPanel, ResourceDeclaration } from './types';

/**
 * Payout batches, three views of one API (GET /api/v1/remittances/batch/search): the merchant's own
 * (/paymentRecord, the session's company and edition) and staff's views of one edition each (/adTransferLot
 * edition 1, /adSmallTransferLot edition 3; `platformmark` rides as a plain query parameter and the server
 * checks that edition's code). A row opens the batch and its items (/paymentRecord/:id). Amounts are units
 * of 1/10000 yuan.
 */
const API = { list: '/api/v1/remittances/batch/search', one: '/api/v1/remittances/batch/:id' };

/** Staff codes per edition: the server checks the one of the edition asked for. */
export const TRANSFER_BATCH_CODES = { 1: ['UI_TRANSFER_BATCH'], 3: ['UI_XGM_TRANSFER_BATCH'] } as const;
export const MERCHANT_BATCH_CODES = ['MER_REMITTANCE_RECORDS'] as const;

const FIELDS = {
  batchNo: { source: 'batchNo', label: '批次号', type: 'text' },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  createTime: { source: 'createTime', label: '提交时间', type: 'datetime', sortable: true },
  itemCount: { source: 'itemCount', label: '笔数', type: 'number', sortable: true },
  totalAmount: { source: 'totalAmount', label: '打款金额（元）', type: 'money', sortable: true },
  serviceCharge: { source: 'serviceCharge', label: '服务费（元）', type: 'money' },
  status: { source: 'status', label: '状态', type: 'enum', choices: BATCH_STATUS },
  successCount: { source: 'successCount', label: '成功笔数', type: 'number' },
  successAmount: { source: 'successAmount', label: '成功金额（元）', type: 'money' },
  failedCount: { source: 'failedCount', label: '失败笔数', type: 'number' },
  failedAmount: { source: 'failedAmount', label: '失败金额（元）', type: 'money' },
  invoiceStatus: { source: 'invoiceStatus', label: '开票状态', type: 'enum', choices: BATCH_INVOICE_STATUS },
  finishTime: { source: 'finishTime', label: '完成时间', type: 'datetime', sortable: true },
  remark: { source: 'remark', label: '备注', type: 'text', list: false },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  batchNo: { key: 'batchNo', label: '批次号', type: 'text', alwaysOn: true },
  coname: { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  status: { key: 'status', label: '状态', type: 'enum', choices: BATCH_STATUS, alwaysOn: true },
  createTime: { key: 'stime', endKey: 'etime', label: '提交时间', type: 'dateRange', alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

/** The show view's items: paged and filtered on the server (src/pages/payoutRecords/BatchItemsPanel). */
const RELATED: readonly RelatedPanel[] = [{ label: '打款明细', component: 'BatchItemsPanel' }];

/** Everything after the batch number (and, in staff views, the company). */
const FIGURES = [
  FIELDS.createTime,
  FIELDS.itemCount,
  FIELDS.totalAmount,
  FIELDS.serviceCharge,
  FIELDS.status,
  FIELDS.successCount,
  FIELDS.successAmount,
  FIELDS.failedCount,
  FIELDS.failedAmount,
  FIELDS.invoiceStatus,
  FIELDS.finishTime,
  FIELDS.remark,
];

/** /paymentRecord (MER_REMITTANCE_RECORDS): the company's batches of the session's edition. */
export const paymentRecord: ResourceDeclaration = {
  name: 'paymentRecord',
  label: '打款批次',
  recordTitle: 'batchNo',
  api: API,
  permissions: { list: MERCHANT_BATCH_CODES },
  views: { show: true },
  related: RELATED,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [FIELDS.batchNo, ...FIGURES],
  filters: [FILTERS.batchNo, FILTERS.status, FILTERS.createTime],
  customList: 'PayoutBatchList',
  // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
  customListFirstPaint: true,
};

function transferLot(name: string, platformMark: 1 | 3): ResourceDeclaration {
  return {
    name,
    label: '转账批次',
    recordTitle: 'batchNo',
    api: { ...API, listQuery: { platformmark: platformMark } },
    permissions: { list: TRANSFER_BATCH_CODES[platformMark] },
    views: { show: true },
    related: RELATED,
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [FIELDS.batchNo, FIELDS.companyName, ...FIGURES],
    filters: [FILTERS.coname, FILTERS.batchNo, FILTERS.status, FILTERS.createTime],
    customList: 'PayoutBatchList',
    // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
    customListFirstPaint: true,
  };
}

/** /adTransferLot (UI_TRANSFER_BATCH): every standard-edition batch within the user's departments. */
export const adTransferLot = transferLot('adTransferLot', 1);
/** /adSmallTransferLot (UI_XGM_TRANSFER_BATCH): the small-scale edition's. */
export const adSmallTransferLot = transferLot('adSmallTransferLot', 3);

/**
 * The items of one batch (GET /api/v1/remittances/batch/:id/items), shown inside the batch views; not a route
 * of its own, so it is not registered as a resource. National id and bank card arrive masked.
 */
export const batchItems: Pick<ResourceDeclaration, 'label' | 'fields' | 'filters' | 'defaultSort'> & {
  api: { list: string; receipt: string };
} = {
  label: '打款明细',
  api: { list: '/api/v1/remittances/batch/:id/items', receipt: '/api/v1/remittances/items/:id/receipt' },
  defaultSort: { field: 'rowNo', order: 'ASC' },
  fields: [
    { source: 'rowNo', label: '行号', type: 'number', sortable: true },
    { source: 'name', label: '姓名', type: 'text' },
    { source: 'idCard', label: '身份证号', type: 'text' },
    { source: 'bankCard', label: '银行卡号', type: 'text' },
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'amount', label: '金额（元）', type: 'money', sortable: true },
    { source: 'serviceCharge', label: '服务费（元）', type: 'money' },
    { source: 'status', label: '状态', type: 'enum', choices: ITEM_STATUS },
    { source: 'channel', label: '打款通道', type: 'text' },
    { source: 'channelOrderId', label: '通道订单号', type: 'text' },
    { source: 'sendTime', label: '发送时间', type: 'datetime' },
    { source: 'finishTime', label: '完成时间', type: 'datetime', sortable: true },
    { source: 'failReason', label: '失败原因', type: 'text' },
    { source: 'holdReason', label: '挂单原因', type: 'text' },
    { source: 'returnReason', label: '退汇原因', type: 'text' },
    { source: 'returnTime', label: '退汇时间', type: 'datetime' },
  ],
  filters: [
    { key: 'status', label: '状态', type: 'enum', choices: ITEM_STATUS, alwaysOn: true },
    { key: 'name', label: '姓名', type: 'text', alwaysOn: true },
  ],
};
