import { CONTRACT_STATUS, PLATFORM_MARK_CHOICES, SIGN_STATUS } from '../src/domain/enums';
import { BATCH_STATUS, INVOICE_STATUS } from '../src/domain/moneyEnums';
import type { RelatedPanel, ResourceDeclaration } from './types';

/** isbind: whether the company is bound to at least one enterprise (GET|PUT /api/v1/companies/enterprise/{id}). */
const BIND_CHOICES = [
  { id: 1, name: '已绑定' },
  { id: 0, name: '未绑定' },
] as const;

const OVERVIEW = '/api/v1/companies/:id/overview';

/** What the company's show view adds to its record: GET /api/v1/companies/:id/overview. */
const COMPANY_RELATED: readonly RelatedPanel[] = [
  {
    label: '账户余额',
    path: OVERVIEW,
    key: 'balances',
    fields: [
      { source: 'standard', label: '标准版余额（元）', type: 'money' },
      { source: 'small', label: '小规模版余额（元）', type: 'money' },
    ],
  },
  {
    label: '合同',
    path: OVERVIEW,
    key: 'contracts',
    fields: [
      { source: 'name', label: '合同名称', type: 'text' },
      { source: 'contractNo', label: '合同编号', type: 'text' },
      { source: 'contractStatus', label: '合同状态', type: 'enum', choices: CONTRACT_STATUS },
      { source: 'signStatus', label: '签署状态', type: 'enum', choices: SIGN_STATUS },
      { source: 'endDate', label: '到期日', type: 'date' },
    ],
  },
  {
    label: '最近打款批次',
    path: OVERVIEW,
    key: 'batches',
    fields: [
      { source: 'batchNo', label: '批次号', type: 'text' },
      { source: 'itemCount', label: '笔数', type: 'number' },
      { source: 'totalAmount', label: '打款金额（元）', type: 'money' },
      { source: 'status', label: '状态', type: 'enum', choices: BATCH_STATUS },
      { source: 'createTime', label: '提交时间', type: 'datetime' },
    ],
  },
  {
    label: '最近开票申请',
    path: OVERVIEW,
    key: 'invoices',
    fields: [
      { source: 'applyNo', label: '申请编号', type: 'text' },
      { source: 'total', label: '开票金额（元）', type: 'money' },
      { source: 'status', label: '状态', type: 'enum', choices: INVOICE_STATUS },
      { source: 'createTime', label: '申请时间', type: 'datetime' },
    ],
  },
];

/** Admin company management: /adMerchant (UI_COMPANY_MGR). */
export const companies: ResourceDeclaration = {
  name: 'adMerchant',
  label: '企业',
  recordTitle: 'name',
  api: {
    list: '/api/v1/companies/search',
    one: '/api/v1/companies/:id/platform/0',
    update: '/api/v1/companies/:id',
  },
  permissions: { list: ['UI_COMPANY_MGR'], edit: ['UI_COMPANY_MGR'] },
  // A row opens the company's detail: its balance, contracts, latest batches and invoices (issue 17 item 4).
  views: { edit: true, show: true },
  related: COMPANY_RELATED,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '企业编号', type: 'number', sortable: true },
    {
      source: 'name',
      label: '企业名称',
      type: 'text',
      sortable: true,
      form: true,
      required: true,
      validate: 'companyName',
    },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, readOnly: true },
    { source: 'creditCode', label: '统一社会信用代码', type: 'text', list: false, readOnly: true, form: true },
    { source: 'legalPersonName', label: '法人姓名', type: 'text', form: true },
    { source: 'linkmanName', label: '联系人', type: 'text', form: true },
    { source: 'linkmanMobile', label: '联系人手机', type: 'text', form: true, validate: 'mobile' },
    { source: 'subsidiaryName', label: '所属分公司', type: 'text' },
    { source: 'signStatus', label: '签约状态', type: 'enum', choices: SIGN_STATUS },
    { source: 'createTime', label: '注册时间', type: 'datetime', sortable: true },
    { source: 'invoiceTitle', label: '发票抬头', type: 'text', list: false, form: true, validate: 'invoiceTitle' },
    { source: 'invoiceTaxNumber', label: '纳税人识别号', type: 'text', list: false, form: true, validate: 'taxNumber' },
    { source: 'invoiceBank', label: '开户银行', type: 'text', list: false, form: true, validate: 'invoiceBank' },
    { source: 'invoiceAccount', label: '银行账号', type: 'text', list: false, form: true, validate: 'bankAccount' },
    { source: 'invoiceAddress', label: '开票地址', type: 'text', list: false, form: true, validate: 'invoiceAddress' },
    { source: 'invoicePhone', label: '开票电话', type: 'text', list: false, form: true, validate: 'invoicePhone' },
  ],
  filters: [
    { key: 'coname', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'linkmanName', label: '联系人', type: 'text' },
    { key: 'linkmanMobile', label: '联系人手机', type: 'text' },
    { key: 'legalPersonName', label: '法人姓名', type: 'text' },
    { key: 'stime', endKey: 'etime', label: '注册时间', type: 'dateRange', alwaysOn: true },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { key: 'subID', label: '分公司', type: 'reference', reference: 'subsidiary' },
    { key: 'departID', label: '部门', type: 'reference', reference: 'department' },
    { key: 'serviceId', label: '客服', type: 'reference', reference: 'service' },
    { key: 'entid', label: '绑定签约主体', type: 'reference', reference: 'enterprise' },
    { key: 'isbind', label: '是否绑定主体', type: 'enum', choices: BIND_CHOICES },
    { key: 'platformid', label: '已签约主体', type: 'reference', reference: 'enterprise' },
    { key: 'salename', label: '销售姓名', type: 'text' },
    { key: 'cpname', label: '销售合伙人', type: 'text' },
    { key: 'dpname', label: '部门名称', type: 'text' },
    { key: 'insid', label: '机构编号', type: 'number' },
    { key: 'legalPersonIdCard', label: '法人身份证号', type: 'text' },
    { key: 'adminIdCard', label: '管理员身份证号', type: 'text' },
    { key: 'deptIds', label: '部门编号（多个，逗号分隔）', type: 'text' },
  ],
};

const SMALL_CODES = ['UI_XGM_MERCHANT_MGR'] as const;

/**
 * Small-scale merchant management: /adSmallMerchant (UI_XGM_MERCHANT_MGR), the twin of /adMerchant fixed to edition
 * 3 (小规模): the same fields and filters but the edition, served by its own paths so its code suffices.
 */
export const smallCompanies: ResourceDeclaration = {
  ...companies,
  name: 'adSmallMerchant',
  label: '小规模企业',
  api: {
    list: '/api/v1/companies/xgm/search',
    one: '/api/v1/companies/:id/platform/3',
    update: '/api/v1/companies/xgm/:id',
  },
  permissions: { list: SMALL_CODES, edit: SMALL_CODES },
  fields: companies.fields.filter((field) => field.source !== 'platformMark'),
  filters: companies.filters.filter((filter) => filter.key !== 'platformmark'),
};
