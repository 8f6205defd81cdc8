import { CALLBACK_CHANNEL } from '../src/domain/enterprises';
import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { CALL_DIRECTION, CALL_OUTCOME, OPEN_KEY_STATUS } from '../src/domain/thirdPartyCalls';
import type { ResourceDeclaration } from './types';

/**
 * Third-party calls. The three callback pages (UI_DX_ENTERPRISE) list the calls in and out of one
 * enterprise channel each (大熊, 宝谷, 安徽亚辉): request, response, HTTP status, outcome and latency; an admin
 * replays an inbound call (its signature and event id are checked again, the time window is not).
 * /addThirdPartyCall (UI_LN_ENTERPRISE) lists which merchant may call the platform's open API with which key.
 */
const CALL_CODES = ['UI_DX_ENTERPRISE'];

function callbackPage(route: string, code: string, name: string): ResourceDeclaration {
  return {
    name: route,
    label: `${name}回调记录`,
    recordTitle: 'id',
    api: { list: `/api/v1/thirdcalls/${code}/search`, one: '/api/v1/thirdcalls/:id' },
    permissions: { list: CALL_CODES },
    views: {},
    customList: 'ThirdCallList',
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [
      { source: 'id', label: '编号', type: 'number', sortable: true },
      { source: 'createTime', label: '时间', type: 'datetime', sortable: true },
      { source: 'enterpriseName', label: '服务主体', type: 'text' },
      { source: 'direction', label: '方向', type: 'enum', choices: CALL_DIRECTION },
      { source: 'kind', label: '类型', type: 'text' },
      { source: 'eventId', label: '事件编号', type: 'text' },
      { source: 'httpStatus', label: 'HTTP状态', type: 'number', sortable: true },
      { source: 'outcome', label: '结果', type: 'enum', choices: CALL_OUTCOME },
      { source: 'message', label: '说明', type: 'text' },
      { source: 'latencyMs', label: '耗时（毫秒）', type: 'number', sortable: true },
      { source: 'replayOf', label: '重放自', type: 'number', hidden: true },
      { source: 'operator', label: '重放人', type: 'text', hidden: true },
      { source: 'remoteIp', label: '来源IP', type: 'text', hidden: true },
      { source: 'method', label: '请求方法', type: 'text', list: false },
      { source: 'path', label: '请求路径', type: 'text', list: false },
      { source: 'requestHeaders', label: '请求头', type: 'longtext', list: false },
      { source: 'requestBody', label: '请求内容', type: 'longtext', list: false },
      { source: 'responseBody', label: '应答内容', type: 'longtext', list: false },
    ],
    filters: [
      { key: 'outcome', label: '结果', type: 'enum', choices: CALL_OUTCOME, alwaysOn: true },
      { key: 'eventId', label: '事件编号', type: 'text', alwaysOn: true },
      { key: 'stime', endKey: 'etime', label: '时间', type: 'dateRange', alwaysOn: true },
      { key: 'direction', label: '方向', type: 'enum', choices: CALL_DIRECTION },
      { key: 'kind', label: '类型', type: 'text' },
      { key: 'httpStatus', label: 'HTTP状态', type: 'number' },
    ],
    actions: [
      {
        name: 'replay',
        label: '重放',
        method: 'POST',
        path: '/api/v1/thirdcalls/replay/:id',
        confirm: '按原请求重新处理这条回调（重新校验签名；同一事件编号只会生效一次），确定重放吗？',
        permissions: CALL_CODES,
        visibleWhen: { field: 'direction', in: [1] },
      },
    ],
  };
}

const page = (code: string) => {
  const channel = CALLBACK_CHANNEL.find((item) => item.code === code);
  if (!channel) throw new Error(`未知回调渠道 ${code}`);
  return callbackPage(channel.route, channel.code, channel.name);
};

/** /adThirdCallBackBigBear 大熊回调 */
export const thirdCallBackBigBear = page('bigbear');
/** /adThirdCallBackBaoGu 宝谷回调 */
export const thirdCallBackBaoGu = page('baogu');
/** /adThirdCallBackAnhuiYahui 安徽亚辉回调 */
export const thirdCallBackAnhuiYahui = page('anhuiyahui');

const KEY_CODES = ['UI_LN_ENTERPRISE'];

/** /addThirdPartyCall 第三方调用: a merchant's open-API keys; a key is shown once, when created or reset. */
export const addThirdPartyCall: ResourceDeclaration = {
  name: 'addThirdPartyCall',
  label: '第三方调用授权',
  recordTitle: 'caller',
  api: {
    list: '/api/v1/companies/otherplatformmark/search',
    one: '/api/v1/companies/otherplatformmark/:id',
    delete: '/api/v1/companies/otherplatformmark/:id',
  },
  permissions: { list: KEY_CODES, delete: KEY_CODES, edit: KEY_CODES },
  views: {},
  customList: 'OpenApiKeyList',
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'companyName', label: '商户名称', type: 'text' },
    { source: 'companyId', label: '商户编号', type: 'number', hidden: true },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'caller', label: '调用方平台', type: 'text' },
    { source: 'keyPrefix', label: '密钥（前12位）', type: 'text' },
    { source: 'signKeyId', label: '签名密钥编号', type: 'text' },
    { source: 'scopeNames', label: '权限', type: 'text' },
    { source: 'scopes', label: '权限代码', type: 'text', list: false },
    { source: 'expireTime', label: '有效期至', type: 'datetime', sortable: true },
    { source: 'callsPerMinute', label: '每分钟调用次数', type: 'number' },
    { source: 'status', label: '状态', type: 'enum', choices: OPEN_KEY_STATUS },
    { source: 'remark', label: '备注', type: 'text', hidden: true },
    { source: 'createdBy', label: '创建人', type: 'text', hidden: true },
    { source: 'lastUsedTime', label: '最近调用时间', type: 'datetime', sortable: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'companyName', label: '商户名称', type: 'text', alwaysOn: true },
    { key: 'caller', label: '调用方平台', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: OPEN_KEY_STATUS },
  ],
  actions: [
    {
      name: 'disable',
      label: '停用',
      method: 'PATCH',
      path: '/api/v1/companies/otherplatformmark/:id/disable',
      confirm: '停用后该密钥立即不能再调用开放接口，确定停用吗？',
      permissions: KEY_CODES,
      visibleWhen: { field: 'status', in: [1] },
    },
    {
      name: 'enable',
      label: '启用',
      method: 'PATCH',
      path: '/api/v1/companies/otherplatformmark/:id/enable',
      confirm: '确定重新启用该密钥吗？',
      permissions: KEY_CODES,
      visibleWhen: { field: 'status', in: [0] },
    },
    {
      name: 'resetKey',
      label: '轮换密钥',
      method: 'POST',
      path: '/api/v1/company/baoguset/:id',
      confirm: '轮换后旧的校验密钥立即失效，旧签名密钥在重叠期内仍可签名；新密钥与签名密钥只显示一次，确定轮换吗？',
      permissions: KEY_CODES,
    },
    {
      name: 'delete',
      label: '删除',
      method: 'DELETE',
      path: '/api/v1/companies/otherplatformmark/:id',
      confirm: '删除后该密钥立即失效且不可恢复，确定删除吗？',
      permissions: KEY_CODES,
    },
  ],
};

/**
 * /addThirdPartyCall's second tab 平台调用记录: the platform's own calls out that concern no enterprise (the bank,
 * the identity provider), which no callback page lists; requests and responses are stored masked (outboundCalls).
 */
export const platformCalls: ResourceDeclaration = {
  name: 'platformCalls',
  label: '平台调用记录',
  route: 'addThirdPartyCall',
  recordTitle: 'id',
  api: { list: '/api/v1/thirdcalls/platform/search', one: '/api/v1/thirdcalls/platform/:id' },
  permissions: { list: KEY_CODES },
  views: {},
  customList: 'ThirdCallList',
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'createTime', label: '时间', type: 'datetime', sortable: true },
    { source: 'kind', label: '类型', type: 'text' },
    { source: 'path', label: '调用目标', type: 'text' },
    { source: 'httpStatus', label: '状态', type: 'number', sortable: true },
    { source: 'outcome', label: '结果', type: 'enum', choices: CALL_OUTCOME },
    { source: 'message', label: '说明', type: 'text' },
    { source: 'latencyMs', label: '耗时（毫秒）', type: 'number', sortable: true },
    { source: 'method', label: '请求方法', type: 'text', list: false },
    { source: 'requestBody', label: '请求内容', type: 'longtext', list: false },
    { source: 'responseBody', label: '应答内容', type: 'longtext', list: false },
  ],
  filters: [
    { key: 'kind', label: '类型', type: 'text', alwaysOn: true },
    { key: 'outcome', label: '结果', type: 'enum', choices: CALL_OUTCOME, alwaysOn: true },
    { key: 'stime', endKey: 'etime', label: '时间', type: 'dateRange', alwaysOn: true },
    { key: 'path', label: '调用目标', type: 'text' },
    { key: 'httpStatus', label: '状态', type: 'number' },
  ],
};

export const THIRD_PARTY_RESOURCES: readonly ResourceDeclaration[] = [
  thirdCallBackBigBear,
  thirdCallBackBaoGu,
  thirdCallBackAnhuiYahui,
  addThirdPartyCall,
  platformCalls,
];
