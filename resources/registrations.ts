import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import type { ActionDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

export const REGISTRATION_STATUS = [
  { id: 0, name: '待激活' },
  { id: 1, name: '已激活' },
  { id: 2, name: '已驳回' },
] as const;

const FILTERS: readonly FilterDeclaration[] = [
  { key: 'name', label: '公司名称', type: 'text', alwaysOn: true },
  { key: 'linkmanMobile', label: '联系人手机号', type: 'text', alwaysOn: true },
  { key: 'status', label: '状态', type: 'enum', choices: REGISTRATION_STATUS, alwaysOn: true },
  { key: 'invoiceTaxNumber', label: '统一社会信用代码', type: 'text' },
  { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  { key: 'cstime', endKey: 'cetime', label: '注册时间', type: 'dateRange' },
  { key: 'astime', endKey: 'aetime', label: '激活时间', type: 'dateRange' },
  { key: 'departID', label: '部门', type: 'reference', reference: 'department' },
  { key: 'subID', label: '分公司', type: 'reference', reference: 'subsidiary' },
  { key: 'serviceId', label: '客服', type: 'reference', reference: 'service' },
];

const ACTIONS = (codes: readonly string[]): readonly ActionDeclaration[] => [
  {
    name: 'activate',
    label: '激活',
    method: 'POST',
    path: '/api/v1/companies/register/:id/activate',
    confirm: '激活后将创建企业及其商户账号，注册人可用注册密码登录。',
    permissions: codes,
    visibleWhen: { field: 'status', in: [0] },
    prompt: [
      { source: 'subID', label: '分公司', type: 'reference', reference: 'subsidiary', required: true },
      { source: 'serviceId', label: '客服', type: 'reference', reference: 'service' },
    ],
  },
  {
    name: 'reject',
    label: '驳回',
    method: 'POST',
    path: '/api/v1/companies/register/:id/reject',
    confirm: '驳回后注册人需重新注册。',
    permissions: codes,
    visibleWhen: { field: 'status', in: [0] },
    prompt: [{ source: 'reason', label: '驳回原因', type: 'text', required: true }],
  },
];

function activationDeclaration(name: string, codes: readonly string[], platformMark?: 3): ResourceDeclaration {
  return {
    name,
    label: '注册申请',
    recordTitle: 'name',
    api: {
      list: '/api/v1/companies/register/search',
      ...(platformMark ? { fixedFilters: { platformmark: platformMark } } : {}),
    },
    permissions: { list: codes, edit: codes },
    views: {},
    // 修改 on a pending row beside the declared actions (src/pages/registrations/RegistrationList.tsx); the first
    // paint draws its rows and keeps the action column.
    customList: 'RegistrationList',
    customListFirstPaint: true,
    customRowActions: true,
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [
      { source: 'id', label: '编号', type: 'number', sortable: true },
      { source: 'name', label: '公司名称', type: 'text' },
      { source: 'legalPersonName', label: '法人姓名', type: 'text' },
      { source: 'linkmanName', label: '联系人', type: 'text' },
      { source: 'linkmanMobile', label: '联系人手机号', type: 'text' },
      { source: 'invoiceTaxNumber', label: '统一社会信用代码', type: 'text' },
      { source: 'companyNature', label: '公司性质', type: 'text', list: false },
      { source: 'industryName', label: '行业', type: 'text' },
      { source: 'companySize', label: '规模', type: 'text', list: false },
      { source: 'area', label: '所在地区', type: 'text' },
      { source: 'licenseUrl', label: '营业执照', type: 'image' },
      { source: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
      { source: 'status', label: '状态', type: 'enum', choices: REGISTRATION_STATUS },
      { source: 'reason', label: '驳回原因', type: 'text' },
      { source: 'subsidiaryName', label: '分公司', type: 'text' },
      { source: 'createTime', label: '注册时间', type: 'datetime', sortable: true },
      { source: 'activateTime', label: '激活时间', type: 'datetime', sortable: true },
    ],
    filters: platformMark ? FILTERS.filter((filter) => filter.key !== 'platformmark') : FILTERS,
    actions: ACTIONS(codes),
  };
}

/** Merchant activation: /adActivateMerchant (UI_COMPANY_ACTIVATION) over the registrations table. */
export const activateMerchant = activationDeclaration('adActivateMerchant', ['UI_COMPANY_ACTIVATION']);
/** The small-scale edition's view: only registrations of edition 3. */
export const smallActivateMerchant = activationDeclaration('adSmallActivateMerchant', ['UI_XGM_COMPANY_ACTIVATION'], 3);
