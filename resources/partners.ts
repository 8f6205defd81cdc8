import { ENABLED_STATUS, PARTNER_CATEGORY } from '../src/domain/enums';
import type { FieldDeclaration, ResourceDeclaration } from './types';

const CHANNEL_CODES = ['UI_CHANNEL_MGR'] as const;

/**
 * 渠道管理 /adPartnerManage (UI_CHANNEL_MGR): every partner account (rid 4) in the caller's departments with its
 * category (csort 1-10), channel name, the companies it brought (销售合伙人) and this month's performance
 * (partnerperformance). The accounts themselves are made on /adJcyPartnerManagement; here their channel data is
 * kept. Served by server/people/partners.routes.ts.
 */
export const channels: ResourceDeclaration = {
  name: 'adPartnerManage',
  label: '渠道',
  recordTitle: 'displayName',
  api: {
    list: '/api/v1/cloud/partner/search',
    one: '/api/v1/cloud/partner/:id',
    update: '/api/v1/cloud/partner/:id',
  },
  permissions: { list: CHANNEL_CODES, edit: CHANNEL_CODES },
  views: { edit: true },
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'displayName', label: '合伙人', type: 'text', readOnly: true, form: true },
    { source: 'username', label: '用户名', type: 'text' },
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'csort', label: '合伙人类别', type: 'enum', choices: PARTNER_CATEGORY, form: true, required: true },
    { source: 'channelName', label: '渠道名称', type: 'text', form: true },
    { source: 'companyCount', label: '企业数', type: 'number', sortable: true },
    { source: 'monthPayout', label: '本月打款', type: 'money' },
    { source: 'monthCharge', label: '本月服务费', type: 'money' },
    { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS },
    { source: 'remark', label: '备注', type: 'longtext', form: true, list: false },
  ],
  filters: [
    { key: 'displayName', label: '合伙人', type: 'text', alwaysOn: true },
    { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
    { key: 'csort', label: '合伙人类别', type: 'enum', choices: PARTNER_CATEGORY, alwaysOn: true },
  ],
};

function serviceEnterprises(name: string, platformMark: 1 | 3, codes: readonly string[]): ResourceDeclaration {
  const base = platformMark === 1 ? '/api/v1/partner/enterprises' : '/api/v1/partner/xgm/enterprises';
  const fields: FieldDeclaration[] = [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    // Pickers by name, not typed ids; the list shows the names the server joins in.
    {
      source: 'partnerId',
      label: '合伙人',
      type: 'reference',
      reference: 'partner',
      nameSource: 'partnerName',
      form: true,
      required: true,
      list: false,
    },
    { source: 'partnerName', label: '合伙人', type: 'text' },
    {
      source: 'enterpriseId',
      label: '服务企业',
      type: 'reference',
      reference: 'enterprise',
      nameSource: 'enterpriseName',
      form: true,
      required: true,
      list: false,
    },
    { source: 'enterpriseName', label: '服务企业', type: 'text' },
    { source: 'createTime', label: '添加时间', type: 'datetime', sortable: true },
  ];
  return {
    name,
    label: '服务企业',
    recordTitle: 'enterpriseName',
    api: { list: `${base}/search`, one: `${base}/:id`, create: base, delete: `${base}/:id` },
    permissions: { list: codes, create: codes, delete: codes },
    views: { create: true },
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields,
    filters: [
      { key: 'partnerName', label: '合伙人', type: 'text', alwaysOn: true },
      { key: 'enterpriseName', label: '服务企业', type: 'text', alwaysOn: true },
    ],
    actions: [
      {
        name: 'remove',
        label: '移除',
        method: 'DELETE',
        path: `${base}/:id`,
        confirm: '移除后该合伙人不再服务此企业，确定吗？',
        permissions: codes,
      },
    ],
  };
}

/** 服务企业管理: the service enterprises (代征主体) each partner serves, standard and small-scale. */
export const enterJcy = serviceEnterprises('adEnterJcyMange', 1, ['UI_ENTERPRISE_MGR_JCY']);
export const smallEnterJcy = serviceEnterprises('adSmallEnterJcyMange', 3, ['UI_XGM_ENTERPRISE_MGR']);

export const PARTNER_RESOURCES: readonly ResourceDeclaration[] = [channels, enterJcy, smallEnterJcy];

const VIRTUAL_CODES = ['UI_CHANNEL_MGR', 'UI_PARTNER_MGR_JCY'] as const;

/**
 * Virtual partner companies (spec §7 /api/v1/cloud/virtual/partner/company get/save/search/delete): customers a
 * partner reports that have no merchant account. No page of their own in the spec's route table, so this
 * declaration is served (server/people/partners.binding.ts) but not listed in resources/index.ts.
 */
export const virtualPartnerCompanies: ResourceDeclaration = {
  name: 'virtualPartnerCompany',
  label: '虚拟企业',
  recordTitle: 'name',
  api: {
    list: '/api/v1/cloud/virtual/partner/company/search',
    one: '/api/v1/cloud/virtual/partner/company/:id',
    create: '/api/v1/cloud/virtual/partner/company',
    update: '/api/v1/cloud/virtual/partner/company/:id',
    delete: '/api/v1/cloud/virtual/partner/company/:id',
  },
  permissions: { list: VIRTUAL_CODES, create: VIRTUAL_CODES, edit: VIRTUAL_CODES, delete: VIRTUAL_CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'partnerId', label: '合伙人', type: 'number', form: true, required: true, list: false },
    { source: 'partnerName', label: '合伙人', type: 'text' },
    { source: 'name', label: '企业名称', type: 'text', form: true, required: true, sortable: true },
    { source: 'creditCode', label: '统一社会信用代码', type: 'text', form: true },
    { source: 'linkmanName', label: '联系人', type: 'text', form: true },
    { source: 'linkmanMobile', label: '联系电话', type: 'text', form: true, validate: 'mobile' },
    { source: 'remark', label: '备注', type: 'longtext', form: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'name', label: '企业名称', type: 'text', alwaysOn: true },
    { key: 'partnerName', label: '合伙人', type: 'text', alwaysOn: true },
  ],
};
