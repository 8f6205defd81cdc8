import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import type { FieldDeclaration, ResourceDeclaration } from './types';

const COMPANY_CODES = ['UI_ENTERPRISE_RATE_ADJUST'] as const;
const PARTNER_CODES = ['UI_PARTNER_RATE_ADJUST'] as const;

const SHARED_FIELDS: readonly FieldDeclaration[] = [
  {
    source: 'platformMark',
    label: '版本',
    type: 'enum',
    choices: PLATFORM_MARK_CHOICES,
    form: true,
    required: true,
    sortable: true,
  },
  { source: 'rate', label: '服务费率', type: 'rate', form: true, required: true, sortable: true },
  { source: 'effectiveDate', label: '生效日期', type: 'date', form: true, required: true, sortable: true },
  { source: 'remark', label: '调整说明', type: 'longtext', form: true },
  { source: 'operatorName', label: '操作人', type: 'text' },
  { source: 'createTime', label: '调整时间', type: 'datetime', sortable: true },
];

const SHARED_FILTERS = [
  { key: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, alwaysOn: true },
  { key: 'stime', endKey: 'etime', label: '生效日期', type: 'dateRange' },
] as const;

/**
 * 企业费率调整 /adJcyHappyElimination: the history of each company's service-charge rate (a percentage on the page).
 * A change is a new row in force from its effective date (today or later); the rows are never edited, and one
 * not yet in force can be withdrawn. A payout pays the rate in force on the day it is submitted.
 */
export const companyRates: ResourceDeclaration = {
  name: 'adJcyHappyElimination',
  label: '企业费率',
  recordTitle: 'companyName',
  api: {
    list: '/api/v1/servicerates/company/search',
    one: '/api/v1/servicerates/company/:id',
    create: '/api/v1/servicerates/company',
    delete: '/api/v1/servicerates/company/:id',
  },
  permissions: { list: COMPANY_CODES, create: COMPANY_CODES, delete: COMPANY_CODES },
  views: { create: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    {
      source: 'companyId',
      label: '企业',
      type: 'reference',
      reference: 'company',
      nameSource: 'companyName',
      form: true,
      required: true,
    },
    { source: 'companyName', label: '企业名称', type: 'text', list: false },
    ...SHARED_FIELDS,
  ],
  filters: [{ key: 'coname', label: '企业名称', type: 'text', alwaysOn: true }, ...SHARED_FILTERS],
  actions: [
    {
      name: 'withdraw',
      label: '撤销',
      method: 'DELETE',
      path: '/api/v1/servicerates/company/:id',
      confirm: '撤销这条尚未生效的费率调整吗？',
      permissions: COMPANY_CODES,
    },
  ],
};

/**
 * 合伙人费率调整 /adPartnerFlow: a partner's service-charge rate history; it applies to the companies whose sale
 * partner it is and that have no rate of their own in force.
 */
export const partnerRates: ResourceDeclaration = {
  name: 'adPartnerFlow',
  label: '合伙人费率',
  recordTitle: 'partnerName',
  api: {
    list: '/api/v1/servicerates/partner/search',
    one: '/api/v1/servicerates/partner/:id',
    create: '/api/v1/servicerates/partner',
    delete: '/api/v1/servicerates/partner/:id',
  },
  permissions: { list: PARTNER_CODES, create: PARTNER_CODES, delete: PARTNER_CODES },
  views: { create: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    {
      source: 'partnerId',
      label: '合伙人',
      type: 'reference',
      reference: 'partner',
      nameSource: 'partnerName',
      form: true,
      required: true,
    },
    { source: 'partnerName', label: '合伙人名称', type: 'text', list: false },
    ...SHARED_FIELDS,
  ],
  filters: [{ key: 'partnerName', label: '合伙人', type: 'text', alwaysOn: true }, ...SHARED_FILTERS],
  actions: [
    {
      name: 'withdraw',
      label: '撤销',
      method: 'DELETE',
      path: '/api/v1/servicerates/partner/:id',
      confirm: '撤销这条尚未生效的费率调整吗？',
      permissions: PARTNER_CODES,
    },
  ],
};

export const RATE_RESOURCES: readonly ResourceDeclaration[] = [companyRates, partnerRates];
