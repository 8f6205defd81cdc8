/**
 * The API document's tags: one per business domain, each route's by its path (first rule that matches). A new path
 * that none matches is tagged 其他, and tests/api/apiDocs.test.ts fails on it until a rule here names its domain.
 */
export interface DomainTag {
  name: string;
  description: string;
  paths: readonly RegExp[];
}

const under = (...prefixes: string[]) => prefixes.map((prefix) => new RegExp(`^/api/v1/${prefix}(?:/|$)`));

export const DOMAIN_TAGS: readonly DomainTag[] = [
  {
    name: '登录与会话',
    description: '密码与短信登录、令牌刷新、退出、图形验证码与短信验证码、单点登录、当前会话的公司与账号',
    paths: [
      /^\/(?:login|code\/login|refresh_token)$/,
      ...under(
        'accounts/logout',
        'accounts/resetpwd',
        'accounts/password',
        'common/captcha',
        'common/check',
        'common/checkloginphone',
        'common/checknameandphone',
        'sms/vericode',
        'sms/vericodeno',
        'sso',
        'servicecharge',
        'companies/findcompanybymobile',
        'companies/findpermissionlogin',
        'companies/sign_status',
        'company/subaccounts',
        'bankaccounts/password',
        'notifications/countunreadupnotifications',
      ),
      /^\/api\/v1\/companies\/:coid\/contacts$/,
    ],
  },
  {
    name: '商户注册与激活',
    description: '公开注册、重复检查、工商信息查询、注册资料修改与激活',
    paths: under(
      'companies/register',
      'companies/registernewcloud',
      'companies/registernewverify',
      'companies/duplicate',
      'companies/tianyancha',
      'company/matchinformation',
    ),
  },
  {
    name: '企业',
    description: '商户企业的资料、开票信息、签约平台、VIP 等级、客户经理与合伙人、行业',
    paths: [
      ...under(
        'companies',
        'company/viplevel',
        'company/baoguset',
        'company/task',
        'company/crm',
        'industry',
        'finance/companies',
      ),
    ],
  },
  {
    name: '签约主体',
    description: '签约主体（服务企业）的资料、费率、行业、锁定与风险',
    paths: under('enterprises', 'enterpriseslevelrate'),
  },
  {
    name: '灵工人员',
    description: '人员导入与签约、批量发送签署邀请、白名单、协议签署、大熊人员信息下载',
    paths: [...under('workers', 'labor', 'company/employee', 'open/worker_sign')],
  },
  { name: '任务', description: '任务的发布、成员与汇总', paths: under('tasks') },
  {
    name: '合同与协议',
    description: '服务协议、合同、协议模板与印章、协议类型、授权书',
    paths: under(
      'agreements',
      'agreement_template',
      'agreement_template_seal',
      'agreementTemplateType',
      'contract',
      'consent',
      'esign',
    ),
  },
  {
    name: '资金',
    description: '充值、批量打款与打款记录、打款通道的通知、异常资金与退汇、账户余额、账本、服务费率、结算黑名单',
    paths: under(
      'open/payouts',
      'recharges',
      'remittances',
      'abnormalfunds',
      'returnedfunds',
      'bankaccounts',
      'ledger',
      'servicerates',
      'settlementblacklist',
    ),
  },
  {
    name: '财务',
    description: '银行信息、子账户、对账、未认领资金、结算单',
    paths: under('bank', 'accounts', 'closingaccounts', 'reconciliation', 'unattributedfunds', 'settlementsheets'),
  },
  {
    name: '发票与完税',
    description: '开票申请与开具、发票类目、发票识别、完税证明、自动开票',
    paths: under('invoices', 'invoicecategories', 'taxcertificates', 'autoinvoicing'),
  },
  {
    name: '公告与反馈',
    description: '公告、升级通知、意见反馈',
    paths: under('notifications', 'feedbacks'),
  },
  {
    name: '人员与角色',
    description: '平台员工、角色与权限、部门、分公司、合伙人与其虚拟企业',
    paths: under(
      'staff',
      'roles',
      'department',
      'subsidiaries',
      'subsidiary',
      'cloud',
      'partner',
      'partnerperformance',
    ),
  },
  { name: '统计', description: '统计报表、税费计算、企业汇总、首页趋势', paths: under('statistics', 'home/trend') },
  {
    name: '第三方接入',
    description: '第三方平台商户、调用记录与回调、向商户系统的消息推送、商户的开放接口密钥与文档、CRM 同步、园区',
    paths: [...under('thirdcalls', 'open/enterprises', 'crm', 'applet', 'webhooks', 'adwebhooks', 'openapi')],
  },
  {
    name: '文件',
    description: '上传、下载令牌、带水印下载、列表导出',
    paths: [/^\/api-v1\//, ...under('common/uploadfiles', 'common/downloadtoken', 'exports')],
  },
  {
    name: '系统',
    description:
      '系统设置、维护窗口、版本记录、帮助中心、敏感词、短信记录与验证码查询、操作日志、登录日志、在线用户、定时任务、系统工具、健康检查',
    paths: [
      /^\/api\/health$/,
      /^\/api\/docs(?:\/|$)/,
      ...under(
        'system',
        'loginlogs',
        'onlineusers',
        'scheduledjobs',
        'common/settings',
        'versions',
        'help',
        'sensitivewords',
        'smslogs',
        'sms/codes',
        'operationlogs',
        'systemtools',
        'references',
      ),
    ],
  },
];

export const OTHER_TAG = '其他';

/** The domain tag of a route path. */
export function domainOf(url: string): string {
  for (const tag of DOMAIN_TAGS) if (tag.paths.some((path) => path.test(url))) return tag.name;
  return OTHER_TAG;
}
