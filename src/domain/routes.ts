/**
 * The route → permission table of spec §2 and §6, shared by the browser (route guards, menus) and the
 * server (which must never grant less than the page it serves).
 *
 * `codeShown: false` marks the codes the spec does not show; we chose them in the spec's style
 * (UI_XGM_* for small-scale pages, *_XGM for the second code of dual pages). Replace them with the
 * real codes once known; nothing else depends on their spelling.
 */
export type Shell = 'admin' | 'merchant';

export interface RouteRule {
  /** Exactly the spec's path, e.g. '/adMerchant'. */
  path: string;
  /** Chinese page title, also the menu label. */
  title: string;
  shell: Shell;
  /** Any one of them grants access; [] = any logged-in user of that shell. */
  permissions: readonly string[];
  /** False where the spec does not show the exact code and we chose one. */
  codeShown: boolean;
  /** Set for the small-scale (小规模) admin pages: 3. */
  edition?: 1 | 3;
  /** Only this role id may open the page (/adRoleSettings: 1). */
  roleOnly?: number;
  /**
   * Exceptions by user id, kept in this server setting (a comma-separated list of user ids): the login answer
   * lists, in user.routeExceptions, the routes a setting lets that user open.
   */
  userIdSetting?: 'TAX_CALCULATION_USER_IDS';
  /** /bigBearOverview is also open when the contract template flag xiong equals 1. */
  flagException?: 'xiong';
  /** Shown only when the company's data says so (/bigBearOverview: the company has upload-enabled enterprises). */
  companyCondition?: 'uploadEnterprises';
  /** Only the company's main account, never a sub-account (/teamAdmin: the server refuses sub-accounts). */
  ownerOnly?: boolean;
  /**
   * Why the page exists though the spec's route table does not list it. Every page has either a row in that table
   * or this reason; the route test (tests/unit/routes.test.ts) takes the pages with a reason as the ones beyond it.
   */
  beyondRouteTable?: string;
}

type Extra = Pick<
  RouteRule,
  'edition' | 'roleOnly' | 'userIdSetting' | 'flagException' | 'companyCondition' | 'ownerOnly' | 'beyondRouteTable'
>;

function merchant(
  path: string,
  title: string,
  permissions: readonly string[],
  codeShown = true,
  extra: Extra = {},
): RouteRule {
  return { path, title, shell: 'merchant', permissions, codeShown, ...extra };
}

function admin(
  path: string,
  title: string,
  permissions: readonly string[],
  codeShown = true,
  extra: Extra = {},
): RouteRule {
  return { path, title, shell: 'admin', permissions, codeShown, ...extra };
}

/** Small-scale admin page: edition 3, code chosen by us (spec: "exact codes not shown"). */
function small(path: string, title: string, code: string): RouteRule {
  return admin(path, title, [code], false, { edition: 3 });
}

/** Merchant shell /home (spec §2, "Required permission in brackets"). */
const MERCHANT_ROUTES: readonly RouteRule[] = [
  merchant('/manage', '首页', ['MER_HOME']),
  merchant('/recharge', '账户充值', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/remit', '批量打款', ['MER_INVOICE_APPLY']),
  merchant('/paymentRecord', '打款记录', ['MER_REMITTANCE_RECORDS']),
  merchant('/individualReceived', '个人收款统计', ['MER_HOME']),
  merchant('/suggestionFeedback', '意见反馈', ['MER_FEEDBACK_LIST']),
  merchant('/allRechargeRecord', '充值记录', []),
  merchant('/merchant', '企业信息', []),
  merchant('/teamAdmin', '团队管理', [], true, { ownerOnly: true }),
  merchant('/openWebhooks', '消息推送', [], false, {
    beyondRouteTable: '商户系统对接：推送地址、签名密钥与推送记录',
  }),
  merchant('/openApi', '开放接口', [], false, {
    beyondRouteTable: '商户系统对接：平台授予的开放接口密钥（只读）与接口文档',
  }),
  merchant('/contractManagement', '合同管理', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/contractOddJobManagement', '灵工合同管理', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/applyInvoice', '申请开票', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/smallApplyInvoice', '小规模申请开票', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/invoiceRecord', '开票记录', ['MER_BANKACCOUNT_RECHARGE']),
  merchant('/signUser', '签约人员', ['MER_IMPORT_EMPLOYEE']),
  merchant('/bigBearOverview', '大熊人员概览', ['MER_IMPORT_EMPLOYEE'], true, {
    flagException: 'xiong',
    companyCondition: 'uploadEnterprises',
  }),
  // Small-scale gig worker import: only named in the small-scale menu, so its code is our choice.
  merchant('/sign', '灵工导入', ['MER_IMPORT_EMPLOYEE'], false, { beyondRouteTable: '只在规格的小规模版菜单中出现' }),
  merchant('/laborImport', '劳务人员导入', ['MER_EMPLOYEE_LIST']),
  merchant('/refererImport', '推荐人导入', ['MER_EMPLOYEE_LIST']),
  merchant('/taskRelease', '任务发布', ['MER_EMPLOYEE_LIST']),
  merchant('/taskSummary', '任务汇总', ['MER_EMPLOYEE_LIST']),
  merchant('/help', '帮助中心', ['MER_HOME']),
  merchant('/systemNotice', '系统公告', ['MER_HOME']),
  merchant('/taxPaymentCertificate', '完税证明', ['MER_HOME']),
  merchant('/errorMoney', '异常资金', ['MER_BLOCKED_FUND']),
];

/** Admin shell /adHome: the spec's table, codes shown. */
const ADMIN_TABLE_ROUTES: readonly RouteRule[] = [
  admin('/adMain', '首页', ['ADM_HOME']),
  admin('/adMerchant', '商户管理', ['UI_COMPANY_MGR']),
  admin('/adActivateMerchant', '商户激活', ['UI_COMPANY_ACTIVATION']),
  admin('/adInvoice', '发票管理', ['UI_BILLING_APPLY_JCY']),
  // Small-scale by name and purpose (小规模开票申请), so it carries edition 3 like the /adSmall* pages.
  admin('/smallScaleAdInvoice', '小规模开票申请', ['UI_XGM_INVOICE_APPLY_DETAILS_SAVE'], true, { edition: 3 }),
  admin('/adTaxPaymentCertificate', '完税证明管理', ['UI_PAYMENT_PROVE']),
  admin('/adAuditingBigBear', '大熊信息审核', ['UI_INFORMATION_AUDIT_BEAR']),
  admin('/adSignUserBigBear', '大熊信息下载', ['UI_INFORMATION_DOWNLOAD_BEAR']),
  admin('/adContractTemplate', '合同模板管理', ['ADM_PLAT_AGREEMENT_TEMPLATE_MGR']),
  admin('/addThirdPartyCall', '第三方调用管理', ['UI_LN_ENTERPRISE']),
  admin('/adThirdCallBackBigBear', '大熊回调管理', ['UI_DX_ENTERPRISE']),
  admin('/adWebhookDeliveries', '消息推送记录', ['UI_LN_ENTERPRISE'], false, {
    beyondRouteTable: '平台人员查看向商户系统推送的记录并重新推送',
  }),
  admin('/adThirdCallBackBaoGu', '宝谷回调管理', ['UI_DX_ENTERPRISE']),
  admin('/adThirdCallBackAnhuiYahui', '安徽亚辉回调管理', ['UI_DX_ENTERPRISE']),
  admin('/adServiceManagement', '服务协议管理', ['UI_SERVICE_AGREEMENT_TEMPLATE']),
  admin('/adPlatformCooperation', '平台合作协议管理', ['ADM_PLAT_CONTRACT_MGR']),
  admin('/adServiceOutsource', '服务外包协议管理', ['UI_SERVICE_OUTSOURCING_AGREEMENT']),
  admin('/adIndustrymanagement', '行业管理', ['ADM_INDUSTRY_MGR']),
  admin('/adAgentmanagement', '代征主体管理', ['UI_MANAGEMENT_LEVY_AGENT']),
  admin('/adSettlementBlacklist', '结算黑名单', ['UI_SETTLEMENT_BLACK_LIST_MGR']),
  admin('/adMoneyManagement', '资金管理', ['UI_FUND_MANAGEMENT']),
  admin('/adLibertyAgreement', '自由职业者协议管理', ['ADM_FREE_CONTRACT_MGR']),
  admin('/adEnterpriseFlow', '企业汇总', ['UI_COMPANY_SUMMARY']),
  admin('/adTradingFlow', '交易流水', ['UI_TRANSACTION_FLOW']),
  admin('/adJcyPartnerManagement', '合伙人管理', ['UI_PARTNER_MGR_JCY']),
  admin('/adEnterJcyMange', '服务企业管理', ['UI_ENTERPRISE_MGR_JCY']),
  admin('/adJcyCustomerSet', '客服管理', ['UI_SERVICE_MGR_JCY']),
  admin('/adFinancialManagement', '财务人员管理', ['UI_FINANCE_MGR']),
  admin('/adTaskSummary', '任务汇总', ['UI_TASK_SUMMARY']),
  admin('/adTransferLot', '转账批次', ['UI_TRANSFER_BATCH']),
  admin('/adIndividualReceived', '个人收款统计', ['UI_RECEIVED_PERSONAL']),
  // The spec hides the excepted user id ("user id {code}"): the server setting TAX_CALCULATION_USER_IDS lists them.
  admin('/adTaxCalculation', '税费计算', ['UI_TAX_COLLECTION'], true, { userIdSetting: 'TAX_CALCULATION_USER_IDS' }),
  admin('/adSignedPersonel', '签约人员', ['UI_ODD_JOB_PERSONAL']),
  admin('/adPlatform', '平台业绩', ['UI_PLATFORM_PERFORMANCE']),
  admin('/adAdminTool', '系统工具', ['UI_SYSTEM_TOOL']),
  admin('/adPartnerManage', '渠道管理', ['UI_CHANNEL_MGR']),
  admin('/adPartnerManageSub', '分公司管理', ['UI_BRANCH_OFFICE_MGR']),
  admin('/adCodeQuery', '验证码查询', ['UI_VERIFICATION_CODE']),
  admin('/adCategoryManger', '开票类目管理', ['UI_BILLING_CATEGORY_MGR']),
  admin('/noteSendStatus', '短信发送状态', ['UI_BILLING_CATEGORY_MGR']),
  admin('/adNotice', '公告管理', ['UI_JCY_NOTICE_MGR']),
  admin('/adSensitiveWords', '敏感词管理', ['UI_SENSITIVE_WORDS']),
  admin('/topUpSideSensitiveWord', '充值端敏感词', ['UI_RECHARGE_SENSITIVE_WORD']),
  admin('/adSuggestion', '意见反馈管理', ['UI_FEEDBACK_BOX', 'UI_FEEDBACK_BOX_XGM']),
  admin('/adVersionUpdate', '版本更新管理', ['UI_VERSION_UPDATE_JCY']),
  admin('/adSystemMaintainAdmin', '系统维护管理', ['UI_SYSTEM_MAINTAIN_ADMIN_JCY']),
  // Not in the spec: the operation log every write is recorded in (RuoYi-class back offices have one).
  admin('/adOperationLog', '操作日志', ['UI_OPERATION_LOG'], true, { beyondRouteTable: '每次写操作的记录' }),
  // Not in the spec: the monitoring pages of RuoYi-class back offices. 登录日志 and 在线用户 get codes of their own in
  // the style of UI_OPERATION_LOG (强退 is not a system tool anyone with 系统工具 should have); 定时任务 is a
  // system tool (run a job now, pause it), so it is guarded by the spec's UI_SYSTEM_TOOL.
  admin('/adLoginLog', '登录日志', ['UI_LOGIN_LOG'], false, { beyondRouteTable: '每次登录尝试的记录' }),
  admin('/adOnlineUser', '在线用户', ['UI_ONLINE_USER'], false, { beyondRouteTable: '在线会话与强退' }),
  admin('/adScheduledJob', '定时任务', ['UI_SYSTEM_TOOL'], true, {
    beyondRouteTable: '定时任务的运行记录、立即运行、暂停',
  }),
  // Not in the spec: who writes the merchants' /help. Code in the style of the system settings' *_JCY codes.
  admin('/adHelpCenter', '帮助中心管理', ['UI_HELP_CENTER_JCY'], false, { beyondRouteTable: '编写商户的帮助文章' }),
  admin('/adHelpCategory', '帮助分类管理', ['UI_HELP_CENTER_JCY'], false, { beyondRouteTable: '帮助文章的分类' }),
  admin('/adStatementManagement', '结算单管理', ['UI_SETTLEMENT_SHEET']),
  admin('/adInformationAcquisition', '信息采集', ['UI_INFORMATION_COLLECTION']),
  admin('/adRescindPersonal', '解约人员', ['UI_RELIEVE_PERSONAL']),
  admin('/adPartnerChangesPassword', '修改密码', ['UI_ACCOUNT_SET']),
  admin('/adSystemSettings', '通用设置', ['UI_ACCOUNT_SET_CURRENCY']),
  admin('/adRoleSettings', '角色设置', ['UI_ROLE_SETTING'], true, { roleOnly: 1 }),
  admin('/adTaskOverview', '任务概览', ['MER_EMPLOYEE_LIST']),
];

/** Small-scale admin pages: "a matching UI_XGM_* or *_XGM permission (exact codes not shown)". */
const SMALL_SCALE_ADMIN_ROUTES: readonly RouteRule[] = [
  small('/adSmallNotice', '小规模公告管理', 'UI_XGM_NOTICE_MGR'),
  small('/adSmallAutomaticInvoicingSetting', '小规模自动开票设置', 'UI_XGM_AUTOMATIC_INVOICING_SET'),
  small('/adSmallAgentmanagement', '小规模代征主体管理', 'UI_XGM_MANAGEMENT_LEVY_AGENT'),
  small('/adSmallMoneyManagement', '小规模资金管理', 'UI_XGM_FUND_MANAGEMENT'),
  small('/adSmallCategoryManger', '小规模开票类目管理', 'UI_XGM_BILLING_CATEGORY_MGR'),
  small('/adSmallVersionUpdate', '小规模版本更新管理', 'UI_XGM_VERSION_UPDATE'),
  small('/adSmallMerchant', '小规模商户管理', 'UI_XGM_MERCHANT_MGR'),
  small('/adSmallActivateMerchant', '小规模商户激活', 'UI_XGM_COMPANY_ACTIVATION'),
  // Same code as /smallScaleAdInvoice: the one small-scale invoice code the spec does name.
  small('/adSmallInvoice', '小规模发票管理', 'UI_XGM_INVOICE_APPLY_DETAILS_SAVE'),
  small('/adSmallPlatform', '小规模平台业绩', 'UI_XGM_PLATFORM_PERFORMANCE'),
  small('/adSmallEnterpriseFlow', '小规模企业汇总', 'UI_XGM_COMPANY_SUMMARY'),
  small('/adSmallTradingFlow', '小规模交易流水', 'UI_XGM_TRANSACTION_FLOW'),
  small('/adSmallIndividualReceived', '小规模个人收款统计', 'UI_XGM_RECEIVED_PERSONAL'),
  small('/adSmallTransferLot', '小规模转账批次', 'UI_XGM_TRANSFER_BATCH'),
  small('/adSmallSignedPersonel', '小规模签约人员', 'UI_XGM_ODD_JOB_PERSONAL'),
  small('/adSmallRescindPersonal', '小规模解约人员', 'UI_XGM_RELIEVE_PERSONAL'),
  small('/adSmallServiceManagement', '小规模服务协议管理', 'UI_XGM_SERVICE_AGREEMENT_TEMPLATE'),
  small('/adSmallServiceOutsource', '小规模服务外包协议管理', 'UI_XGM_SERVICE_OUTSOURCING_AGREEMENT'),
  small('/adSmallJcyCustomerSet', '小规模客服管理', 'UI_XGM_SERVICE_MGR'),
  small('/adSmallJcyPartnerManagement', '小规模合伙人管理', 'UI_XGM_PARTNER_MGR'),
  small('/adSmallEnterJcyMange', '小规模服务企业管理', 'UI_XGM_ENTERPRISE_MGR'),
  small('/adSmallPartnerStatistics', '小规模合伙人统计', 'UI_XGM_PARTNER_STATISTICS'),
];

/** Admin pages with a normal and an XGM permission, and pages whose code is not shown: codes chosen by us. */
const ADMIN_UNSHOWN_ROUTES: readonly RouteRule[] = [
  admin('/adErrorMoney', '异常资金管理', ['UI_ERROR_MONEY', 'UI_ERROR_MONEY_XGM'], false),
  admin('/adReturnMoney', '退回资金管理', ['UI_RETURN_MONEY', 'UI_RETURN_MONEY_XGM'], false),
  admin('/adEnterpriseAchievement', '企业业绩', ['UI_ENTERPRISE_ACHIEVEMENT', 'UI_ENTERPRISE_ACHIEVEMENT_XGM'], false),
  admin('/fundReconciliation', '资金对账', ['UI_FUND_RECONCILIATION'], false),
  admin('/subAccountQuery', '子账户查询', ['UI_SUB_ACCOUNT_QUERY'], false),
  admin('/noAttributableFunds', '无法归属资金', ['UI_NO_ATTRIBUTABLE_FUNDS'], false),
  admin('/adBankInformation', '银行信息', ['UI_BANK_INFORMATION'], false),
  admin('/adBalanceSheet', '余额明细表', ['UI_BALANCE_SHEET'], false),
  admin('/adAccountOpeningContract', '开户合同', ['UI_ACCOUNT_OPENING_CONTRACT'], false),
  admin('/adTheMainInformation', '主体信息', ['UI_MAIN_INFORMATION'], false),
  admin('/adMarketPerformance', '市场业绩', ['UI_MARKET_PERFORMANCE'], false),
  admin('/adEntFlow', '企业流水', ['UI_ENTERPRISE_FLOW'], false),
  admin('/adPartnerPersonalStatistics', '合伙人个人统计', ['UI_PARTNER_PERSONAL_STATISTICS'], false),
  admin('/adPartnerStatistics', '合伙人统计', ['UI_PARTNER_STATISTICS'], false),
  admin('/adJcyHappyElimination', '企业费率调整', ['UI_ENTERPRISE_RATE_ADJUST'], false),
  admin('/adPartnerFlow', '合伙人费率调整', ['UI_PARTNER_RATE_ADJUST'], false),
  // Not a spec route: the seals of /adContractTemplate's templates, guarded by that page's code.
  admin('/adContractTemplateSeal', '模板印章', ['ADM_PLAT_AGREEMENT_TEMPLATE_MGR'], false, {
    beyondRouteTable: '合同模板的印章',
  }),
];

export const ROUTES: readonly RouteRule[] = [
  ...MERCHANT_ROUTES,
  ...ADMIN_TABLE_ROUTES,
  ...SMALL_SCALE_ADMIN_ROUTES,
  ...ADMIN_UNSHOWN_ROUTES,
];

const ROUTE_BY_PATH: ReadonlyMap<string, RouteRule> = new Map(ROUTES.map((rule) => [rule.path, rule]));

/**
 * The rule of a page by its first path segment, so '/adMerchant/12/show' and '/adMerchant/create'
 * are checked like '/adMerchant'. Query string and hash are ignored.
 */
export function findRoute(path: string): RouteRule | undefined {
  const first = (path.split(/[?#]/, 1)[0] ?? '').split('/').find((segment) => segment !== '');
  return first === undefined ? undefined : ROUTE_BY_PATH.get(`/${first}`);
}

/** Routes that need no token (spec §2, public routes). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/register', '/authentication', '/versionUpdate', '/test'];

/** Shell roots redirect to their home page. */
export const SHELL_HOME = {
  admin: { root: '/adHome', home: '/adMain' },
  merchant: { root: '/home', home: '/manage' },
} as const;

/** Menu group codes (spec §2): they guard no page themselves but show or hide a menu group. */
export const MENU_GROUP_CODES = [
  'ADM_COMPANY_CORE',
  'XGM_COMPANY_CORE',
  'ADM_STATISTICS_CORE',
  'XGM_STATISTICS_CORE',
  'ADM_NEWS_CORE',
  'ADM_CONTRACT_CORE',
  'XGM_CONTRACT_CORE',
  'FINANCIAL_CENTER',
  'ADM_JCY_OPERATE_MGR',
  'ADM_JCY_ACCOUNT_MGR',
  'ADM_XGM_OPERATE_MGR',
  'XGM_ACCOUNT_MGR',
  'ADM_SYSTEM_SET',
  'SET_UP',
] as const;
export type MenuGroupCode = (typeof MENU_GROUP_CODES)[number];

/** Role 11 with subid 51 plus this code sees the small-scale invoice application (spec §6). */
export const XGM_INVOICE_APPLY_CODE = 'XGM_INVOICE_APPLY_DETAILS_SAVE';

/**
 * 税费计算's export with full ID numbers, which tax filing needs: without it the export masks them like
 * every other export. Not a spec code; chosen in the spec's style.
 */
export const TAX_EXPORT_FULL_ID_CODE = 'UI_TAX_EXPORT_FULL_ID';

/** Codes that grant an action on a page rather than the page, by that page (the role editor lists them under it). */
export const PAGE_ACTION_CODES: Readonly<Record<string, readonly string[]>> = {
  '/adTaxCalculation': [TAX_EXPORT_FULL_ID_CODE],
};

/** Every code the product knows, sorted: for seeding roles and checking declarations. */
export const ALL_PERMISSION_CODES: readonly string[] = [
  ...new Set([
    ...ROUTES.flatMap((rule) => rule.permissions),
    'ADM_HOME', // selects the admin shell; also /adMain's code
    ...MENU_GROUP_CODES,
    XGM_INVOICE_APPLY_CODE,
    ...Object.values(PAGE_ACTION_CODES).flat(),
  ]),
].sort();
