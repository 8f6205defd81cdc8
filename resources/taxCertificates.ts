import type { FieldDeclaration, ResourceDeclaration } from './types';

/**
 * Tax payment certificates (完税证明) per company and period (YYYY-MM), one table behind one API: finance
 * uploads them at /adTaxPaymentCertificate (UI_PAYMENT_PROVE); a merchant reads and downloads its own company's
 * at /taxPaymentCertificate (MER_HOME). The file is an upload (PDF, JPG or PNG) kept as its download URL.
 */
const API = {
  list: '/api/v1/taxcertificates/search',
  one: '/api/v1/taxcertificates/:id',
};

const FIELDS = {
  id: { source: 'id', label: '编号', type: 'number', sortable: true },
  companyName: { source: 'companyName', label: '企业名称', type: 'text' },
  period: { source: 'period', label: '所属期', type: 'month', sortable: true },
  fileUrl: { source: 'fileUrl', label: '完税证明', type: 'file', nameSource: 'fileName' },
  fileName: { source: 'fileName', label: '文件名称', type: 'text', list: false },
  remark: { source: 'remark', label: '备注', type: 'text' },
  uploaderName: { source: 'uploaderName', label: '上传人', type: 'text' },
  createTime: { source: 'createTime', label: '上传时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const CODES = ['UI_PAYMENT_PROVE'];

/** Finance: list, upload (the company picked by name), delete. */
export const adTaxPaymentCertificate: ResourceDeclaration = {
  name: 'adTaxPaymentCertificate',
  label: '完税证明',
  recordTitle: 'summary',
  api: { ...API, create: '/api/v1/taxcertificates' },
  permissions: { list: CODES, create: CODES, delete: CODES },
  views: { create: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    FIELDS.id,
    FIELDS.companyName,
    { source: 'coid', label: '企业', type: 'reference', reference: 'company', list: false, form: true, required: true },
    { ...FIELDS.period, form: true, required: true },
    { ...FIELDS.fileUrl, form: true, required: true },
    { ...FIELDS.fileName, form: true },
    { ...FIELDS.remark, form: true },
    FIELDS.uploaderName,
    FIELDS.createTime,
    { source: 'summary', label: '摘要', type: 'text', list: false },
  ],
  filters: [
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'period', label: '所属期', type: 'text', alwaysOn: true },
  ],
  actions: [
    {
      name: 'delete',
      label: '删除',
      method: 'DELETE',
      path: '/api/v1/taxcertificates/:id',
      confirm: '删除后该企业将不能再下载这份完税证明，确定删除吗？',
      permissions: CODES,
    },
  ],
};

/** The merchant's own company's certificates. */
export const taxPaymentCertificate: ResourceDeclaration = {
  name: 'taxPaymentCertificate',
  label: '完税证明',
  recordTitle: 'period',
  api: API,
  permissions: { list: ['MER_HOME'] },
  views: {},
  defaultSort: { field: 'period', order: 'DESC' },
  fields: [FIELDS.period, FIELDS.fileUrl, FIELDS.fileName, FIELDS.remark, FIELDS.createTime],
  filters: [{ key: 'period', label: '所属期', type: 'text', alwaysOn: true }],
};

export const TAX_CERTIFICATE_RESOURCES: readonly ResourceDeclaration[] = [
  adTaxPaymentCertificate,
  taxPaymentCertificate,
];
