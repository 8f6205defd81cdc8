import { INVOICE_KIND_CHOICES, INVOICE_STATUS } from '../src/domain/moneyEnums';
import type {
  ActionDeclaration,
  FieldDeclaration,
  FilterDeclaration,
  RelatedPanel,
  ResourceDeclaration,
} from './types';

/**
 * Invoice applications, four views of one table behind one API (GET /api/v1/invoices/search): the merchant's
 * own (/invoiceRecord) and finance's views of one edition each (/adInvoice edition 1; /smallScaleAdInvoice and
 * /adSmallInvoice edition 3, where `platformmark` rides as a plain query parameter and the server checks that
 * edition's code). Amounts are units of 1/10000 yuan. A row opens the application's show view: its fields, then
 * the invoice details, figures, mailing, who handled it when, and its batches (InvoiceDetailPanel).
 */
const API = { list: '/api/v1/invoices/search', one: '/api/v1/invoices/:id' };
const RELATED: readonly RelatedPanel[] = [{ label: '开票明细', component: 'InvoiceDetailPanel' }];

const FIELDS = {
  id: { source: 'id', label: '编号', type: 'number', sortable: true, list: false },
  applyNo: { source: 'applyNo', label: '申请编号', type: 'text' },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  createTime: { source: 'createTime', label: '申请时间', type: 'datetime', sortable: true },
  kind: { source: 'kind', label: '发票类型', type: 'enum', choices: INVOICE_KIND_CHOICES },
  categoryName: { source: 'categoryName', label: '开票类目', type: 'text' },
  title: { source: 'title', label: '发票抬头', type: 'text' },
  batchCount: { source: 'batchCount', label: '批次数', type: 'number' },
  total: { source: 'total', label: '价税合计（元）', type: 'money', sortable: true },
  tax: { source: 'tax', label: '税额（元）', type: 'money' },
  status: { source: 'status', label: '状态', type: 'enum', choices: INVOICE_STATUS },
  invoiceNumber: { source: 'invoiceNumber', label: '发票号码', type: 'text' },
  invoiceFileUrl: { source: 'invoiceFileUrl', label: '发票文件', type: 'file', nameSource: 'invoiceFileName' },
  invoiceFileName: { source: 'invoiceFileName', label: '发票文件名', type: 'text', list: false },
  trackingNo: { source: 'trackingNo', label: '快递单号', type: 'text' },
  rejectReason: { source: 'rejectReason', label: '驳回原因', type: 'text' },
  issueTime: { source: 'issueTime', label: '开票时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  coname: { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
  applyNo: { key: 'applyNo', label: '申请编号', type: 'text' },
  status: { key: 'status', label: '状态', type: 'enum', choices: INVOICE_STATUS, alwaysOn: true },
  kind: { key: 'kind', label: '发票类型', type: 'enum', choices: INVOICE_KIND_CHOICES, alwaysOn: true },
  createTime: { key: 'stime', endKey: 'etime', label: '申请时间', type: 'dateRange', alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

/** The merchant's own applications: /invoiceRecord (MER_BANKACCOUNT_RECHARGE). */
export const invoiceRecord: ResourceDeclaration = {
  name: 'invoiceRecord',
  label: '开票记录',
  recordTitle: 'applyNo',
  api: API,
  permissions: { list: ['MER_BANKACCOUNT_RECHARGE'] },
  views: { show: true },
  related: RELATED,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.id,
    FIELDS.applyNo,
    FIELDS.createTime,
    FIELDS.kind,
    FIELDS.categoryName,
    FIELDS.total,
    FIELDS.tax,
    FIELDS.status,
    FIELDS.invoiceNumber,
    FIELDS.invoiceFileUrl,
    FIELDS.invoiceFileName,
    FIELDS.trackingNo,
    FIELDS.rejectReason,
  ],
  filters: [FILTERS.applyNo, FILTERS.status, FILTERS.kind, FILTERS.createTime],
  customList: 'InvoiceList',
  // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
  customListFirstPaint: true,
};

/**
 * Finance's actions. 开票 ('issue') is drawn by InvoiceList with an upload of the invoice file; its prompt is
 * what any other list would offer (the number only).
 */
function invoiceActions(codes: readonly string[]): readonly ActionDeclaration[] {
  return [
    {
      name: 'issue',
      label: '开票',
      method: 'POST',
      path: '/api/v1/invoices/:id/issue',
      confirm: '填写发票号码并（或）上传发票文件（PDF、JPG、PNG），开票后商户即可下载。',
      permissions: codes,
      visibleWhen: { field: 'status', in: [1] },
      prompt: [{ source: 'invoiceNumber', label: '发票号码', type: 'text', required: true }],
    },
    {
      name: 'mail',
      label: '邮寄',
      method: 'POST',
      path: '/api/v1/invoices/:id/mail',
      confirm: '请填写快递单号，确认后发票状态变为已邮寄。',
      permissions: codes,
      // Issued paper invoices only: the server answers mailable 1 for exactly those.
      visibleWhen: { field: 'mailable', in: [1] },
      prompt: [{ source: 'trackingNo', label: '快递单号', type: 'text', required: true }],
    },
    {
      name: 'reject',
      label: '驳回',
      method: 'POST',
      path: '/api/v1/invoices/:id/reject',
      confirm: '驳回后该申请的批次可以重新申请开票。',
      permissions: codes,
      visibleWhen: { field: 'status', in: [1] },
      prompt: [{ source: 'reason', label: '驳回原因', type: 'text', required: true }],
    },
  ];
}

function adminInvoices(
  name: string,
  label: string,
  codes: readonly string[],
  platformMark: 1 | 3,
): ResourceDeclaration {
  return {
    name,
    label,
    recordTitle: 'applyNo',
    api: { ...API, listQuery: { platformmark: platformMark } },
    permissions: { list: codes, edit: codes },
    views: { show: true },
    related: RELATED,
    defaultSort: { field: 'createTime', order: 'DESC' },
    // Title, batch count, rejection reason and issue time show in the show view (and in the export).
    fields: [
      FIELDS.id,
      FIELDS.applyNo,
      FIELDS.companyName,
      { ...FIELDS.title, list: false },
      FIELDS.createTime,
      FIELDS.kind,
      FIELDS.categoryName,
      { ...FIELDS.batchCount, list: false },
      FIELDS.total,
      FIELDS.tax,
      FIELDS.status,
      FIELDS.invoiceNumber,
      FIELDS.invoiceFileUrl,
      FIELDS.invoiceFileName,
      FIELDS.trackingNo,
      { ...FIELDS.rejectReason, list: false },
      { ...FIELDS.issueTime, list: false },
    ],
    filters: Object.values(FILTERS),
    actions: invoiceActions(codes),
    customList: 'InvoiceList',
    // It renders GeneratedList with this list's own request: the first paint may draw its rows (src/boot).
    customListFirstPaint: true,
  };
}

const STANDARD_CODES = ['UI_BILLING_APPLY_JCY'];
const SMALL_SCALE_CODES = ['UI_XGM_INVOICE_APPLY_DETAILS_SAVE'];

/** /adInvoice (UI_BILLING_APPLY_JCY): edition-1 applications, 6% VAT special invoices. */
export const adInvoice = adminInvoices('adInvoice', '发票申请', STANDARD_CODES, 1);
/** /smallScaleAdInvoice and /adSmallInvoice (UI_XGM_INVOICE_APPLY_DETAILS_SAVE): edition-3 applications. */
export const smallScaleAdInvoice = adminInvoices('smallScaleAdInvoice', '小规模开票申请', SMALL_SCALE_CODES, 3);
export const adSmallInvoice = adminInvoices('adSmallInvoice', '小规模发票申请', SMALL_SCALE_CODES, 3);

/** The codes that let staff handle one edition's applications. */
export const INVOICE_EDITION_CODES: Readonly<Record<1 | 3, readonly string[]>> = {
  1: STANDARD_CODES,
  3: SMALL_SCALE_CODES,
};

export const INVOICE_RESOURCES: readonly ResourceDeclaration[] = [
  invoiceRecord,
  adInvoice,
  smallScaleAdInvoice,
  adSmallInvoice,
];
