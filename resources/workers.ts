import {
  AUDIT_STATUS_CHOICES,
  DOWNLOAD_STATUS_CHOICES,
  INVITE_STATUS_CHOICES,
  SIGN_STATUS_CHOICES,
  VERIFY_STATUS_CHOICES,
  WORKER_SOURCE_CHOICES,
} from '../src/domain/workers';
import { WORKER_AGREEMENT_DOCUMENTS } from './agreements';
import type { ActionDeclaration, FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Gig workers, one table `workers` seen by several pages. The ID number is never listed: lists show
 * idMasked, and the 身份证号 filter matches the keyed lookup hash of the full number (server/workers/).
 */

const IMPORT = ['MER_IMPORT_EMPLOYEE'] as const;
const EMPLOYEE = ['MER_EMPLOYEE_LIST'] as const;

const PERSON: readonly FieldDeclaration[] = [
  { source: 'id', label: '编号', type: 'number', sortable: true },
  { source: 'name', label: '姓名', type: 'text', sortable: true },
  { source: 'idMasked', label: '身份证号', type: 'text' },
  { source: 'mobile', label: '手机号', type: 'text' },
  { source: 'bankCardMasked', label: '银行卡号', type: 'text' },
  { source: 'bankName', label: '开户银行', type: 'text' },
  { source: 'payoutMethodName', label: '收款方式', type: 'text' },
  { source: 'alipayAccountMasked', label: '支付宝账号', type: 'text' },
  { source: 'referrer', label: '推荐人', type: 'text', hidden: true },
  { source: 'source', label: '来源', type: 'enum', choices: WORKER_SOURCE_CHOICES, hidden: true },
  { source: 'signStatus', label: '签约状态', type: 'enum', choices: SIGN_STATUS_CHOICES, sortable: true },
  { source: 'signTime', label: '签约时间', type: 'datetime', sortable: true },
  { source: 'verifyStatus', label: '实名核验', type: 'enum', choices: VERIFY_STATUS_CHOICES, hidden: true },
  { source: 'auditStatus', label: '审核状态', type: 'enum', choices: AUDIT_STATUS_CHOICES },
  { source: 'createTime', label: '导入时间', type: 'datetime', sortable: true },
  { source: 'taxRegistrationWarning', label: '涉税提示', type: 'text' },
];

const COMPANY: FieldDeclaration = { source: 'companyName', label: '企业名称', type: 'text' };
const RESCIND: readonly FieldDeclaration[] = [
  { source: 'rescindTime', label: '解约时间', type: 'datetime', sortable: true },
  { source: 'rescindReason', label: '解约原因', type: 'text' },
];

const SEARCH: readonly FilterDeclaration[] = [
  { key: 'name', label: '姓名', type: 'text', alwaysOn: true },
  { key: 'idCard', label: '身份证号', type: 'text', alwaysOn: true },
  { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
];
const STATUS_FILTER: FilterDeclaration = {
  key: 'signStatus',
  label: '签约状态',
  type: 'enum',
  choices: SIGN_STATUS_CHOICES,
  alwaysOn: true,
};
const COMPANY_FILTER: FilterDeclaration = { key: 'companyName', label: '企业名称', type: 'text', alwaysOn: true };
const TIME_FILTER: FilterDeclaration = { key: 'stime', endKey: 'etime', label: '导入时间', type: 'dateRange' };

const RESCIND_ACTION: Omit<ActionDeclaration, 'path'> = {
  name: 'rescind',
  label: '解约',
  method: 'POST',
  confirm: '解约后该人员不能再被打款，协议记录保留。确定解约吗？',
  visibleWhen: { field: 'signStatus', in: [1] },
  prompt: [{ source: 'reason', label: '解约原因', type: 'text', required: true }],
};

/** A link the worker opens to read and sign the freelance agreement (server/workers/signLinks.ts, signingPage.routes.ts). */
const SIGN_LINK_ACTION: ActionDeclaration = {
  name: 'signLink',
  label: '签署链接',
  method: 'POST',
  path: '/api/v1/workers/:id/sign_link',
  visibleWhen: { field: 'signStatus', in: [0] },
  result: { kind: 'link', field: 'url', title: '签署链接' },
};

/** A merchant's own workers. */
function merchantView(name: string, label: string, codes: readonly string[], api: string): ResourceDeclaration {
  return {
    name,
    label,
    recordTitle: 'name',
    api: { list: `${api}/search`, one: `${api}/:id` },
    permissions: { list: codes },
    views: { show: true },
    defaultSort: { field: 'id', order: 'DESC' },
    fields: [...PERSON, ...RESCIND.map((field) => ({ ...field, hidden: true }))],
    filters: [...SEARCH, STATUS_FILTER, TIME_FILTER],
    actions: [
      { ...SIGN_LINK_ACTION, permissions: codes },
      { ...RESCIND_ACTION, path: `${api}/:id/rescind`, permissions: codes },
    ],
    customList: 'WorkerImportList',
  };
}

/** The latest 签署邀请 of each worker (server/workers/signInvitations.routes.ts). */
const INVITE_FIELDS: readonly FieldDeclaration[] = [
  { source: 'inviteStatus', label: '邀请状态', type: 'enum', choices: INVITE_STATUS_CHOICES, sortable: true },
  { source: 'inviteTime', label: '邀请状态时间', type: 'datetime', sortable: true },
  { source: 'inviteReason', label: '邀请失败原因', type: 'text' },
];

/** /signUser 签约人员: every worker of the company, import, add by hand, 发送签署邀请, rescind. */
const signUserView = merchantView('signUser', '签约人员', IMPORT, '/api/v1/workers');
export const signUser: ResourceDeclaration = {
  ...signUserView,
  fields: [
    ...signUserView.fields.flatMap((field) => (field.source === 'signTime' ? [field, ...INVITE_FIELDS] : [field])),
  ],
  filters: [
    ...signUserView.filters,
    { key: 'inviteStatus', label: '邀请状态', type: 'enum', choices: INVITE_STATUS_CHOICES },
  ],
};
/** /sign 灵工导入 (small-scale menu). */
export const signImport = merchantView('sign', '灵工导入', IMPORT, '/api/v1/workers/sign');
/** /laborImport 劳务人员导入. */
export const laborImport = merchantView('laborImport', '劳务人员导入', EMPLOYEE, '/api/v1/workers/labor');
/** /refererImport 推荐人导入: the referrer column is required and shown. */
export const refererImport: ResourceDeclaration = {
  ...merchantView('refererImport', '推荐人导入', EMPLOYEE, '/api/v1/workers/referer'),
  fields: [...PERSON.map((field) => (field.source === 'referrer' ? { ...field, hidden: false } : field))],
  filters: [...SEARCH, { key: 'referrer', label: '推荐人', type: 'text', alwaysOn: true }, STATUS_FILTER],
};

/** Staff views across companies (scope: their departments). */
function staffView(
  name: string,
  label: string,
  code: string,
  api: string,
  extra: Partial<ResourceDeclaration> = {},
): ResourceDeclaration {
  return {
    name,
    label,
    recordTitle: 'name',
    api: { list: `${api}/search`, one: `${api}/:id` },
    permissions: { list: [code] },
    views: { show: true },
    defaultSort: { field: 'id', order: 'DESC' },
    fields: [COMPANY, ...PERSON],
    filters: [COMPANY_FILTER, ...SEARCH, TIME_FILTER],
    ...extra,
  };
}

const rescindedFields: readonly FieldDeclaration[] = [COMPANY, ...PERSON, ...RESCIND];

export const adSignedPersonel = staffView(
  'adSignedPersonel',
  '签约人员',
  'UI_ODD_JOB_PERSONAL',
  '/api/v1/workers/signed/1',
);
export const adRescindPersonal = staffView(
  'adRescindPersonal',
  '解约人员',
  'UI_RELIEVE_PERSONAL',
  '/api/v1/workers/rescinded/1',
  {
    fields: rescindedFields,
    defaultSort: { field: 'rescindTime', order: 'DESC' },
  },
);
export const adSmallSignedPersonel = staffView(
  'adSmallSignedPersonel',
  '小规模签约人员',
  'UI_XGM_ODD_JOB_PERSONAL',
  '/api/v1/workers/signed/3',
);
export const adSmallRescindPersonal = staffView(
  'adSmallRescindPersonal',
  '小规模解约人员',
  'UI_XGM_RELIEVE_PERSONAL',
  '/api/v1/workers/rescinded/3',
  { fields: rescindedFields, defaultSort: { field: 'rescindTime', order: 'DESC' } },
);

/** /adInformationAcquisition 信息采集: everything collected, with verification and audit. */
export const adInformationAcquisition = staffView(
  'adInformationAcquisition',
  '信息采集',
  'UI_INFORMATION_COLLECTION',
  '/api/v1/workers/collected',
  {
    fields: [
      COMPANY,
      ...PERSON.map((field) => ({ ...field, hidden: false })),
      { source: 'auditReason', label: '驳回原因', type: 'text' },
    ],
    filters: [
      COMPANY_FILTER,
      ...SEARCH,
      STATUS_FILTER,
      { key: 'verifyStatus', label: '实名核验', type: 'enum', choices: VERIFY_STATUS_CHOICES },
      TIME_FILTER,
    ],
  },
);

/** /adAuditingBigBear 信息审核: approve, or reject with a reason. */
export const adAuditingBigBear = staffView(
  'adAuditingBigBear',
  '信息审核',
  'UI_INFORMATION_AUDIT_BEAR',
  '/api/v1/workers/audit',
  {
    fields: [
      COMPANY,
      ...PERSON,
      { source: 'auditReason', label: '驳回原因', type: 'text' },
      { source: 'auditor', label: '审核人', type: 'text' },
      { source: 'auditTime', label: '审核时间', type: 'datetime', sortable: true },
    ],
    filters: [
      COMPANY_FILTER,
      ...SEARCH,
      { key: 'auditStatus', label: '审核状态', type: 'enum', choices: AUDIT_STATUS_CHOICES, alwaysOn: true },
    ],
    actions: [
      {
        name: 'approve',
        label: '通过',
        method: 'PUT',
        path: '/api/v1/workers/audit/:id/approve',
        confirm: '确定审核通过该人员的信息吗？',
        permissions: ['UI_INFORMATION_AUDIT_BEAR'],
        visibleWhen: { field: 'auditStatus', in: [0, 2] },
      },
      {
        name: 'reject',
        label: '驳回',
        method: 'PUT',
        path: '/api/v1/workers/audit/:id/reject',
        confirm: '驳回后商户需补正信息。确定驳回吗？',
        permissions: ['UI_INFORMATION_AUDIT_BEAR'],
        visibleWhen: { field: 'auditStatus', in: [0, 1] },
        prompt: [{ source: 'reason', label: '驳回原因', type: 'text', required: true }],
      },
    ],
  },
);

/** /contractOddJobManagement 灵工合同管理: the company's workers' agreements (one per signing, kept after 解约). */
export const contractOddJobManagement: ResourceDeclaration = {
  name: 'contractOddJobManagement',
  label: '灵工合同管理',
  recordTitle: 'agreementNo',
  api: { list: '/api/v1/workers/agreements/search', one: '/api/v1/workers/agreements/:id' },
  permissions: { list: ['MER_BANKACCOUNT_RECHARGE'] },
  views: { show: true },
  documents: WORKER_AGREEMENT_DOCUMENTS,
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'agreementNo', label: '协议编号', type: 'text' },
    { source: 'workerName', label: '姓名', type: 'text' },
    { source: 'idMasked', label: '身份证号', type: 'text' },
    { source: 'enterpriseName', label: '服务主体', type: 'text' },
    { source: 'status', label: '签署状态', type: 'enum', choices: SIGN_STATUS_CHOICES, sortable: true },
    { source: 'signTime', label: '签署时间', type: 'datetime', sortable: true },
    { source: 'sha256', label: '文件SHA-256', type: 'text', hidden: true },
    { source: 'rescindTime', label: '解约时间', type: 'datetime', hidden: true },
    { source: 'createTime', label: '发起时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'workerName', label: '姓名', type: 'text', alwaysOn: true },
    { key: 'agreementNo', label: '协议编号', type: 'text', alwaysOn: true },
    { key: 'status', label: '签署状态', type: 'enum', choices: SIGN_STATUS_CHOICES, alwaysOn: true },
  ],
};

/**
 * /bigBearOverview 大熊人员概览: the company's workers signing with 大熊 enterprises (upload-enabled, or with a
 * xiong template), with figures above the list (src/pages/workers/BigBearOverview.tsx).
 */
export const bigBearOverview: ResourceDeclaration = {
  name: 'bigBearOverview',
  label: '大熊人员概览',
  recordTitle: 'name',
  api: { list: '/api/v1/workers/bigbear/search', one: '/api/v1/workers/bigbear/:id' },
  permissions: { list: IMPORT },
  views: { show: true },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [...PERSON.slice(0, 6), { source: 'enterpriseName', label: '服务主体', type: 'text' }, ...PERSON.slice(6)],
  filters: [...SEARCH, STATUS_FILTER, TIME_FILTER],
  actions: [
    { ...SIGN_LINK_ACTION, permissions: IMPORT },
    {
      name: 'agreement',
      label: '下载协议',
      method: 'GET',
      path: '/api/v1/workers/:id/signed_agreement',
      permissions: IMPORT,
      visibleWhen: { field: 'signStatus', in: [1, 2] },
      result: { kind: 'file' },
    },
  ],
  customList: 'BigBearOverview',
};

/** /adSignUserBigBear 大熊信息下载: a company's 大熊 workers' information and signed agreements as one zip (jobs). */
export const adSignUserBigBear: ResourceDeclaration = {
  name: 'adSignUserBigBear',
  label: '大熊信息下载',
  recordTitle: 'companyName',
  api: { list: '/api/v1/workers/downloads/search', one: '/api/v1/workers/downloads/:id' },
  permissions: { list: ['UI_INFORMATION_DOWNLOAD_BEAR'] },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '任务编号', type: 'number', sortable: true },
    COMPANY,
    { source: 'enterpriseName', label: '服务主体', type: 'text' },
    { source: 'signStatus', label: '签约状态', type: 'enum', choices: SIGN_STATUS_CHOICES },
    { source: 'status', label: '任务状态', type: 'enum', choices: DOWNLOAD_STATUS_CHOICES, sortable: true },
    { source: 'workerCount', label: '人员数', type: 'number' },
    { source: 'agreementCount', label: '协议数', type: 'number' },
    { source: 'message', label: '说明', type: 'text' },
    { source: 'createUser', label: '发起人', type: 'text' },
    { source: 'createTime', label: '发起时间', type: 'datetime', sortable: true },
    { source: 'finishTime', label: '完成时间', type: 'datetime' },
  ],
  filters: [
    COMPANY_FILTER,
    { key: 'status', label: '任务状态', type: 'enum', choices: DOWNLOAD_STATUS_CHOICES, alwaysOn: true },
  ],
  actions: [
    {
      name: 'file',
      label: '下载',
      method: 'GET',
      path: '/api/v1/workers/downloads/:id/file',
      permissions: ['UI_INFORMATION_DOWNLOAD_BEAR'],
      visibleWhen: { field: 'status', in: [2] },
      result: { kind: 'file' },
    },
  ],
  customList: 'SignUserBigBearList',
};

export const WORKER_RESOURCES: readonly ResourceDeclaration[] = [
  bigBearOverview,
  adSignUserBigBear,
  contractOddJobManagement,
  signUser,
  signImport,
  laborImport,
  refererImport,
  adSignedPersonel,
  adRescindPersonal,
  adSmallSignedPersonel,
  adSmallRescindPersonal,
  adInformationAcquisition,
  adAuditingBigBear,
];
