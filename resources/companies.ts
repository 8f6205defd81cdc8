import { VIP_LEVEL } from '../src/domain/enterprises';
import { CONTRACT_STATUS, PLATFORM_MARK_CHOICES, SIGN_STATUS } from '../src/domain/enums';
import { BATCH_STATUS, INVOICE_STATUS } from '../src/domain/moneyEnums';
import type { ActionDeclaration, FieldDeclaration, RelatedPanel, ResourceDeclaration } from './types';

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

const VERIFY_STATUS = [
  { id: 0, name: '未认证' },
  { id: 1, name: '已认证' },
] as const;

/**
 * What an operator creates a company with (POST /api/v1/companies): its name and credit code, its people, and
 * the subsidiary (and so department) it belongs to; its invoice details are edited later.
 */
const CREATE_FIELDS: readonly FieldDeclaration[] = [
  { source: 'name', label: '企业名称', type: 'text', required: true, validate: 'companyName' },
  { source: 'creditCode', label: '统一社会信用代码', type: 'text', required: true, validate: 'creditCode' },
  { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, required: true },
  { source: 'legalPersonName', label: '法人姓名', type: 'text', required: true, validate: 'legalPersonName' },
  { source: 'linkmanName', label: '联系人', type: 'text', required: true, validate: 'linkmanName' },
  { source: 'linkmanMobile', label: '联系人手机', type: 'text', required: true, validate: 'mobile' },
  {
    source: 'subID',
    label: '所属分公司',
    type: 'reference',
    reference: 'subsidiary',
    required: true,
    referenceEdition: 'platformMark',
  },
  { source: 'industryId', label: '所属行业', type: 'reference', reference: 'industry' },
  { source: 'serviceId', label: '客服', type: 'reference', reference: 'service' },
  { source: 'vipLevel', label: 'VIP等级', type: 'enum', choices: VIP_LEVEL },
];

/**
 * The operator's calls on one company (spec §7 Companies), each named as the server logs it so the
 * operation log shows the button's words. They serve both editions' pages; the caller's codes and the company's
 * edition are checked by the server. The two a new company's activation needs come first and stay on the row; the
 * rest go under 「更多」.
 */
const COMPANY_ACTIONS: readonly ActionDeclaration[] = [
  {
    name: 'bindEnterprise',
    label: '绑定签约主体',
    method: 'PUT',
    path: '/api/v1/companies/enterprise/:id',
    confirm: '选择该企业可签约的主体（与企业同版本），保存后替换原有绑定。',
    success: '签约主体已保存',
    prompt: [
      {
        source: 'enterpriseIds',
        label: '签约主体',
        type: 'reference',
        reference: 'enterprise',
        referenceEdition: 'platformMark',
        multiple: true,
        current: { path: '/api/v1/companies/enterprise/:id' },
      },
    ],
  },
  {
    name: 'salepartner',
    label: '分配销售合伙人',
    method: 'PUT',
    path: '/api/v1/companies/salepartner',
    recordValues: { coid: 'id' },
    confirm: '选择为该企业服务的销售合伙人。',
    success: '销售合伙人已分配',
    prompt: [
      {
        source: 'partnerId',
        label: '销售合伙人',
        type: 'reference',
        reference: 'partner',
        required: true,
        current: { path: '/api/v1/companies/salepartner?coid=:id', field: 'partnerId' },
      },
    ],
  },
  {
    name: 'manager',
    label: '更换管理员',
    method: 'PUT',
    path: '/api/v1/companies/manager/:id',
    confirm: '更换后由新管理员登录管理该企业。',
    success: '管理员已变更',
    prompt: [
      { source: 'managerName', label: '管理员姓名', type: 'text', required: true },
      { source: 'managerMobile', label: '管理员手机号', type: 'text', required: true },
      { source: 'managerIdCard', label: '管理员身份证号', type: 'text' },
    ],
  },
  {
    name: 'workscene',
    label: '工作场景',
    method: 'PUT',
    path: '/api/v1/companies/workscene',
    recordValues: { id: 'id' },
    confirm: '填写该企业灵活用工的工作场景（2-200字）。',
    success: '工作场景已保存',
    prompt: [{ source: 'workScene', label: '工作场景', type: 'text', required: true, current: { field: 'workScene' } }],
  },
  {
    name: 'verify',
    label: '企业认证',
    method: 'POST',
    path: '/api/v1/companies/verify',
    recordValues: { id: 'id' },
    confirm: '确定该企业已通过认证吗？认证后不可撤销。',
    success: '认证成功',
    visibleWhen: { field: 'verifyStatus', in: [0] },
  },
  {
    name: 'viplevel',
    label: 'VIP等级',
    method: 'PUT',
    path: '/api/v1/companies/viplevel',
    recordValues: { id: 'id' },
    confirm: 'VIP等级决定该企业按哪一档费率结算。',
    success: 'VIP等级已保存',
    prompt: [
      {
        source: 'vipLevel',
        label: 'VIP等级',
        type: 'choice',
        choicesFrom: '/api/v1/company/viplevel',
        required: true,
        current: { field: 'vipLevel' },
      },
    ],
  },
  {
    name: 'crmBind',
    label: '绑定CRM',
    method: 'PATCH',
    path: '/api/v1/company/crm/bind',
    recordValues: { companyId: 'id' },
    confirm: '在CRM中按名称查询机构并绑定到该企业。',
    success: '绑定成功',
    prompt: [
      {
        source: 'crmId',
        label: 'CRM机构',
        type: 'search',
        search: { path: '/api/v1/crm/data/synchronization/search/institution', id: 'crmId', name: 'name' },
        required: true,
      },
    ],
  },
];

/**
 * 分配客服 (POST /api/v1/companies/serviceid): the customer service activation names, set again from the
 * company's 开通进度 when activation left it out. Not a row action: the rows keep the calls operators use daily.
 */
export const ASSIGN_SERVICE: ActionDeclaration = {
  name: 'serviceid',
  label: '分配客服',
  method: 'POST',
  path: '/api/v1/companies/serviceid',
  recordValues: { id: 'id' },
  confirm: '选择负责该企业的客服。',
  success: '客服已分配',
  prompt: [{ source: 'serviceId', label: '客服', type: 'reference', reference: 'service', required: true }],
};

/** The company's 开通进度 and signing entities (GET /api/v1/companies/:id/setup), before its other panels. */
const SETUP_PANEL: RelatedPanel = { label: '开通进度', component: 'CompanySetupPanel' };

/** Admin company management: /adMerchant (UI_COMPANY_MGR). */
export const companies: ResourceDeclaration = {
  name: 'adMerchant',
  label: '企业',
  recordTitle: 'name',
  api: {
    list: '/api/v1/companies/search',
    one: '/api/v1/companies/:id/platform/0',
    create: '/api/v1/companies',
    update: '/api/v1/companies/:id',
  },
  permissions: { list: ['UI_COMPANY_MGR'], create: ['UI_COMPANY_MGR'], edit: ['UI_COMPANY_MGR'] },
  // A row opens the company's detail: its 开通进度, signing entities, balance, contracts, latest batches and invoices.
  views: { create: true, edit: true, show: true },
  createFields: CREATE_FIELDS,
  actions: COMPANY_ACTIONS,
  related: [SETUP_PANEL, ...COMPANY_RELATED],
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
    // Set by the row actions (工作场景, VIP等级, 企业认证), shown on the detail page.
    { source: 'workScene', label: '工作场景', type: 'text', list: false },
    { source: 'vipLevel', label: 'VIP等级', type: 'enum', choices: VIP_LEVEL, list: false },
    { source: 'verifyStatus', label: '认证状态', type: 'enum', choices: VERIFY_STATUS, list: false },
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
    create: '/api/v1/companies',
    update: '/api/v1/companies/xgm/:id',
  },
  permissions: { list: SMALL_CODES, create: SMALL_CODES, edit: SMALL_CODES },
  // The create call serves both editions; this page's companies are small-scale ones, of small-scale subsidiaries.
  createFields: CREATE_FIELDS.filter((field) => field.source !== 'platformMark').map((field) =>
    field.source === 'subID' ? { ...field, referenceEdition: 3 } : field,
  ),
  createBody: { platformMark: 3 },
  fields: companies.fields.filter((field) => field.source !== 'platformMark'),
  filters: companies.filters.filter((filter) => filter.key !== 'platformmark'),
};
