import { CALLBACK_CHANNEL_CHOICES, ENTERPRISE_STATUS } from '../src/domain/enterprises';
import { PLATFORM_MARK_CHOICES, YES_NO } from '../src/domain/enums';
import type { ActionDeclaration, FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Enterprises (代征主体 / 服务主体): the signing and tax entity a merchant contracts with, that settles
 * with workers and issues invoices. One table, three views: each edition's management page
 * (/adAgentmanagement standard, /adSmallAgentmanagement small-scale) and the read-only 主体信息 across both.
 * Rates per VIP level are 'rate' fields: integers in 1/10000 in the API, percentages on the page (6.00%). A locked enterprise takes no new payouts or
 * signings; a risky one asks the merchant to confirm.
 */
const REASON_PROMPT = [{ source: 'reason', label: '原因', type: 'text', required: true }] as const;

const FIELDS = {
  id: { source: 'id', label: '主体编号', type: 'number', sortable: true },
  rank: { source: 'rank', label: '排序', type: 'number', sortable: true, form: true },
  name: { source: 'name', label: '主体名称', type: 'text', sortable: true, form: true, required: true },
  shortName: { source: 'shortName', label: '简称', type: 'text', form: true, required: true },
  creditCode: {
    source: 'creditCode',
    label: '统一社会信用代码',
    type: 'text',
    form: true,
    required: true,
    validate: 'taxNumber',
  },
  platformMark: { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  taxOffice: { source: 'taxOffice', label: '主管税务机关', type: 'text', form: true, required: true },
  invoiceCategories: { source: 'invoiceCategories', label: '可开票类目', type: 'text', form: true },
  bankName: { source: 'bankName', label: '开户银行', type: 'text', form: true, validate: 'invoiceBank' },
  bankAccount: { source: 'bankAccount', label: '银行账号', type: 'text', form: true, validate: 'bankAccount' },
  rateLevel1: { source: 'rateLevel1', label: '普通用户费率', type: 'rate', form: true, required: true },
  rateLevel2: { source: 'rateLevel2', label: '优选VIP费率', type: 'rate', form: true, required: true },
  rateLevel3: { source: 'rateLevel3', label: '尊享VIP费率', type: 'rate', form: true, required: true },
  uploadEnabled: { source: 'uploadEnabled', label: '允许上传人员', type: 'enum', choices: YES_NO, form: true },
  reportsPayouts: {
    source: 'reportsPayouts',
    label: '打款结果由主体回调',
    type: 'enum',
    choices: YES_NO,
    form: true,
    hidden: true,
  },
  callbackChannel: {
    source: 'callbackChannel',
    label: '回调渠道',
    type: 'enum',
    choices: CALLBACK_CHANNEL_CHOICES,
    form: true,
    hidden: true,
  },
  status: { source: 'status', label: '状态', type: 'enum', choices: ENTERPRISE_STATUS, sortable: true },
  statusReason: { source: 'statusReason', label: '状态原因', type: 'text' },
  statusBy: { source: 'statusBy', label: '状态操作人', type: 'text', hidden: true },
  statusTime: { source: 'statusTime', label: '状态变更时间', type: 'datetime', hidden: true },
  remark: { source: 'remark', label: '备注', type: 'longtext', list: false, form: true },
  createTime: { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
} as const satisfies Record<string, FieldDeclaration>;

const FILTERS = {
  name: { key: 'name', label: '主体名称', type: 'text', alwaysOn: true },
  status: { key: 'status', label: '状态', type: 'enum', choices: ENTERPRISE_STATUS, alwaysOn: true },
  creditCode: { key: 'creditCode', label: '统一社会信用代码', type: 'text' },
  uploadEnabled: { key: 'uploadEnabled', label: '允许上传人员', type: 'enum', choices: YES_NO },
  platformMark: { key: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, alwaysOn: true },
} as const satisfies Record<string, FilterDeclaration>;

function statusActions(base: string, codes: readonly string[]): ActionDeclaration[] {
  return [
    {
      name: 'lock',
      label: '锁定',
      method: 'POST',
      path: `${base}/lock/:id`,
      confirm: '锁定后该主体不再接收新的打款和签约，确定锁定吗？',
      prompt: REASON_PROMPT,
      permissions: codes,
      visibleWhen: { field: 'status', in: [1, 3] },
    },
    {
      name: 'risky',
      label: '标记风险',
      method: 'PUT',
      path: `${base}/risky/:id`,
      confirm: '标记风险后，商户打款和签约前需再次确认，确定标记吗？',
      prompt: REASON_PROMPT,
      permissions: codes,
      visibleWhen: { field: 'status', in: [1] },
    },
    {
      name: 'unlock',
      label: '恢复正常',
      method: 'GET',
      path: `${base}/unlock/:id`,
      confirm: '确定将该主体恢复为正常状态吗？',
      permissions: codes,
      visibleWhen: { field: 'status', in: [2, 3] },
    },
  ];
}

/**
 * What an operator reads and changes about one enterprise beyond its form (served by enterprises.routes.ts): the
 * industries it takes work in (added and removed here), its risk status and its rate per VIP level.
 */
function detailActions(codes: readonly string[]): ActionDeclaration[] {
  const industry = {
    source: 'industryId',
    label: '行业',
    type: 'reference',
    reference: 'industry',
    required: true,
  } as const;
  return [
    {
      name: 'levelRates',
      label: '等级费率',
      method: 'POST',
      path: '/api/v1/enterpriseslevelrate/get',
      recordValues: { enterpriseId: 'id' },
      permissions: codes,
      result: {
        kind: 'values',
        title: '等级费率',
        fields: [
          { source: 'levelName', label: 'VIP等级', type: 'text' },
          { source: 'rate', label: '费率', type: 'rate' },
        ],
      },
    },
    {
      name: 'industries',
      label: '所属行业',
      method: 'GET',
      path: '/api/v1/enterprises/:id/industry',
      permissions: codes,
      result: {
        kind: 'values',
        title: '所属行业',
        empty: '该主体尚未配置行业',
        fields: [
          { source: 'industryName', label: '行业', type: 'text' },
          { source: 'scope', label: '经营范围', type: 'text' },
          { source: 'createTime', label: '添加时间', type: 'datetime' },
        ],
      },
    },
    {
      name: 'addIndustry',
      label: '添加行业',
      method: 'POST',
      path: '/api/v1/enterprises/:id/industry',
      confirm: '选择该主体可以承接的行业：',
      prompt: [industry, { source: 'scope', label: '经营范围', type: 'text' }],
      permissions: codes,
    },
    {
      name: 'removeIndustry',
      label: '移除行业',
      method: 'DELETE',
      path: '/api/v1/enterprises/:id/industry/:industryId/delete',
      confirm: '移除后该主体不再承接此行业的合同，确定移除吗？',
      prompt: [industry],
      permissions: codes,
    },
    {
      name: 'alipayAccount',
      label: '通道账户',
      method: 'GET',
      path: '/api/v1/enterprises/:id/alipay',
      permissions: codes,
      result: {
        kind: 'values',
        title: '支付宝通道账户',
        fields: [
          { source: 'account', label: '打款账户', type: 'text' },
          { source: 'appId', label: 'APPID', type: 'text' },
          { source: 'privateKey', label: '应用私钥', type: 'text' },
          { source: 'alipayPublicKey', label: '支付宝公钥', type: 'text' },
          { source: 'gateway', label: '网关地址', type: 'text' },
          { source: 'balance', label: '可用余额（元）', type: 'money' },
          { source: 'balanceNote', label: '说明', type: 'text' },
        ],
      },
    },
    {
      name: 'saveAlipayAccount',
      label: '设置支付宝账户',
      method: 'PUT',
      path: '/api/v1/enterprises/:id/alipay',
      confirm: '该主体的打款从此支付宝账户付出。密钥只写不读：留空则保留已保存的密钥。',
      success: '支付宝账户已保存',
      prompt: [
        { source: 'appId', label: 'APPID', type: 'text', required: true },
        { source: 'privateKey', label: '应用私钥（留空不修改）', type: 'text' },
        { source: 'alipayPublicKey', label: '支付宝公钥（留空不修改）', type: 'text' },
        { source: 'gateway', label: '网关地址（留空为支付宝正式环境）', type: 'text' },
      ],
      permissions: codes,
    },
    {
      name: 'removeAlipayAccount',
      label: '删除支付宝账户',
      method: 'DELETE',
      path: '/api/v1/enterprises/:id/alipay',
      confirm: '删除后该主体的打款改用平台默认支付宝账户，确定删除吗？',
      success: '已删除，该主体改用平台默认账户',
      permissions: codes,
    },
    {
      name: 'risk',
      label: '风险信息',
      method: 'GET',
      path: '/api/v1/enterprises/risk/:id',
      permissions: codes,
      result: {
        kind: 'values',
        title: '风险信息',
        fields: [
          { source: 'status', label: '状态', type: 'enum', choices: ENTERPRISE_STATUS },
          { source: 'statusReason', label: '原因', type: 'text' },
          { source: 'statusBy', label: '操作人', type: 'text' },
          { source: 'statusTime', label: '变更时间', type: 'datetime' },
          { source: 'confirmText', label: '商户确认提示', type: 'text' },
        ],
      },
    },
  ];
}

function management(name: string, label: string, base: string, codes: readonly string[]): ResourceDeclaration {
  return {
    name,
    label,
    recordTitle: 'name',
    api: {
      list: `${base}/search`,
      one: `${base}/:id`,
      create: base,
      update: `${base}/:id`,
      delete: `${base}/:id`,
    },
    permissions: { list: codes, create: codes, edit: codes, delete: codes },
    views: { create: true, edit: true },
    defaultSort: { field: 'rank', order: 'ASC' },
    fields: [
      FIELDS.id,
      FIELDS.rank,
      FIELDS.name,
      FIELDS.shortName,
      FIELDS.creditCode,
      FIELDS.taxOffice,
      FIELDS.invoiceCategories,
      FIELDS.bankName,
      FIELDS.bankAccount,
      FIELDS.rateLevel1,
      FIELDS.rateLevel2,
      FIELDS.rateLevel3,
      FIELDS.uploadEnabled,
      FIELDS.reportsPayouts,
      FIELDS.callbackChannel,
      FIELDS.status,
      FIELDS.statusReason,
      FIELDS.statusBy,
      FIELDS.statusTime,
      FIELDS.remark,
      FIELDS.createTime,
    ],
    filters: [FILTERS.name, FILTERS.status, FILTERS.creditCode, FILTERS.uploadEnabled],
    // The looked-up details first: the status changes are rarer and go under 「更多」 (resources/generator/RowActions.tsx).
    actions: [...detailActions(codes), ...statusActions(base, codes)],
  };
}

/** /adAgentmanagement 代征主体管理 (UI_MANAGEMENT_LEVY_AGENT): standard-edition enterprises. */
export const agentManagement = management('adAgentmanagement', '代征主体', '/api/v1/enterprises', [
  'UI_MANAGEMENT_LEVY_AGENT',
]);

/** /adSmallAgentmanagement (UI_XGM_MANAGEMENT_LEVY_AGENT): small-scale enterprises. */
export const smallAgentManagement = management('adSmallAgentmanagement', '代征主体', '/api/v1/enterprises/xgm', [
  'UI_XGM_MANAGEMENT_LEVY_AGENT',
]);

/** /adTheMainInformation 主体信息 (UI_MAIN_INFORMATION): every enterprise's registration, tax and bank details. */
export const mainInformation: ResourceDeclaration = {
  name: 'adTheMainInformation',
  label: '主体信息',
  recordTitle: 'name',
  api: { list: '/api/v1/enterprises/searchlist', one: '/api/v1/enterprises/info/:id' },
  permissions: { list: ['UI_MAIN_INFORMATION'] },
  views: {},
  defaultSort: { field: 'rank', order: 'ASC' },
  fields: [
    FIELDS.id,
    { ...FIELDS.rank, form: false },
    { ...FIELDS.name, form: false },
    { ...FIELDS.creditCode, form: false },
    FIELDS.platformMark,
    { ...FIELDS.taxOffice, form: false },
    { ...FIELDS.invoiceCategories, form: false },
    { ...FIELDS.bankName, form: false },
    { ...FIELDS.bankAccount, form: false },
    FIELDS.status,
    FIELDS.statusReason,
    FIELDS.createTime,
  ],
  filters: [FILTERS.name, FILTERS.platformMark, FILTERS.status, FILTERS.creditCode],
};
