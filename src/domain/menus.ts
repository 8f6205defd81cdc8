/**
 * The side menus as plain data (spec §2): the two merchant menus in the spec's order, and the admin
 * menu grouped by the spec's group codes. Labels come from the route titles in routes.ts.
 */
import { findRoute, type MenuGroupCode } from './routes';

export interface MenuItem {
  path: string;
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  groupCode: MenuGroupCode;
  edition?: 1 | 3;
  items: readonly MenuItem[];
}

/** /versionUpdate is a public page, not in ROUTES; in the menu it is the about-us page. */
const EXTRA_LABELS: Readonly<Record<string, string>> = { '/versionUpdate': '关于我们' };

function item(path: string): MenuItem {
  const rule = findRoute(path);
  const label = EXTRA_LABELS[path] ?? (rule?.path === path ? rule.title : undefined);
  if (label === undefined) {
    throw new Error(`菜单路径 ${path} 不在 ROUTES 中：请先在 src/domain/routes.ts 中声明该路由`);
  }
  return { path, label };
}

function items(...paths: string[]): readonly MenuItem[] {
  return paths.map(item);
}

/**
 * The spec's lists, plus /allRechargeRecord after /recharge: a merchant's top-ups are a page of the shell (spec
 * route table) and were otherwise reached only through a link on /recharge.
 */
export const MERCHANT_MENU: Record<1 | 3, readonly MenuItem[]> = {
  1: items(
    '/manage',
    '/signUser',
    '/bigBearOverview',
    '/taskRelease',
    '/taskSummary',
    '/recharge',
    '/allRechargeRecord',
    '/errorMoney',
    '/remit',
    '/paymentRecord',
    '/individualReceived',
    '/taxPaymentCertificate',
    '/applyInvoice',
    '/invoiceRecord',
    '/contractManagement',
    '/contractOddJobManagement',
    '/merchant',
    '/teamAdmin',
    '/openWebhooks',
    '/openApi',
    '/help',
    '/suggestionFeedback',
    '/versionUpdate',
    '/systemNotice',
  ),
  3: items(
    '/manage',
    '/sign',
    '/signUser',
    '/recharge',
    '/allRechargeRecord',
    '/errorMoney',
    '/remit',
    '/paymentRecord',
    '/individualReceived',
    '/smallApplyInvoice',
    '/invoiceRecord',
    '/contractManagement',
    '/merchant',
    '/teamAdmin',
    '/openWebhooks',
    '/openApi',
    '/suggestionFeedback',
    '/versionUpdate',
    '/systemNotice',
  ),
};

/** Mark 1 is the standard edition; any other mark is small-scale (spec §1). */
export function merchantMenu(platformMark: number): readonly MenuItem[] {
  return platformMark === 1 ? MERCHANT_MENU[1] : MERCHANT_MENU[3];
}

function group(groupCode: MenuGroupCode, label: string, edition: 1 | 3 | undefined, ...paths: string[]): MenuGroup {
  const key = groupCode.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  return edition === undefined
    ? { key, label, groupCode, items: items(...paths) }
    : { key, label, groupCode, edition, items: items(...paths) };
}

/**
 * Every admin route sits in exactly one group (checked by tests/unit/routes.test.ts). Placement
 * is ours: the spec names the groups but not their members.
 */
export const ADMIN_MENU: readonly MenuGroup[] = [
  group(
    'ADM_COMPANY_CORE',
    '企业管理',
    undefined,
    '/adMain',
    '/adMerchant',
    '/adActivateMerchant',
    '/adTheMainInformation',
    '/adSignedPersonel',
    '/adRescindPersonal',
    '/adInformationAcquisition',
    '/adAuditingBigBear',
    '/adSignUserBigBear',
    '/adTaskOverview',
    '/adTaskSummary',
    '/adSettlementBlacklist',
  ),
  group(
    'XGM_COMPANY_CORE',
    '小规模企业管理',
    3,
    '/adSmallMerchant',
    '/adSmallActivateMerchant',
    '/adSmallInvoice',
    '/smallScaleAdInvoice',
    '/adSmallSignedPersonel',
    '/adSmallRescindPersonal',
  ),
  group(
    'ADM_STATISTICS_CORE',
    '统计中心',
    undefined,
    '/adEnterpriseFlow',
    '/adEntFlow',
    '/adTradingFlow',
    '/adTransferLot',
    '/adIndividualReceived',
    '/adPlatform',
    '/adEnterpriseAchievement',
    '/adMarketPerformance',
    '/adPartnerStatistics',
    '/adPartnerPersonalStatistics',
  ),
  group(
    'XGM_STATISTICS_CORE',
    '小规模统计中心',
    3,
    '/adSmallPlatform',
    '/adSmallEnterpriseFlow',
    '/adSmallTradingFlow',
    '/adSmallIndividualReceived',
    '/adSmallTransferLot',
    '/adSmallPartnerStatistics',
  ),
  group('ADM_NEWS_CORE', '消息中心', undefined, '/adNotice', '/adSuggestion', '/noteSendStatus'),
  group(
    'ADM_CONTRACT_CORE',
    '合同中心',
    undefined,
    '/adContractTemplate',
    '/adContractTemplateSeal',
    '/adServiceManagement',
    '/adPlatformCooperation',
    '/adServiceOutsource',
    '/adLibertyAgreement',
    '/adAccountOpeningContract',
  ),
  group('XGM_CONTRACT_CORE', '小规模合同中心', 3, '/adSmallServiceManagement', '/adSmallServiceOutsource'),
  group(
    'FINANCIAL_CENTER',
    '财务中心',
    undefined,
    '/adInvoice',
    '/adCategoryManger',
    '/adTaxPaymentCertificate',
    '/adTaxCalculation',
    '/adMoneyManagement',
    '/adStatementManagement',
    '/adErrorMoney',
    '/adReturnMoney',
    '/fundReconciliation',
    '/subAccountQuery',
    '/noAttributableFunds',
    '/adBankInformation',
    '/adBalanceSheet',
  ),
  group(
    'ADM_JCY_OPERATE_MGR',
    '运营管理',
    undefined,
    '/adIndustrymanagement',
    '/adAgentmanagement',
    '/adJcyHappyElimination',
    '/adPartnerFlow',
    '/addThirdPartyCall',
    '/adWebhookDeliveries',
    '/adThirdCallBackBigBear',
    '/adThirdCallBackBaoGu',
    '/adThirdCallBackAnhuiYahui',
    '/adSensitiveWords',
    '/topUpSideSensitiveWord',
  ),
  group(
    'ADM_JCY_ACCOUNT_MGR',
    '账户管理',
    undefined,
    '/adJcyPartnerManagement',
    '/adEnterJcyMange',
    '/adJcyCustomerSet',
    '/adFinancialManagement',
    '/adPartnerManage',
    '/adPartnerManageSub',
  ),
  group(
    'ADM_XGM_OPERATE_MGR',
    '小规模运营管理',
    3,
    '/adSmallNotice',
    '/adSmallAgentmanagement',
    '/adSmallMoneyManagement',
    '/adSmallCategoryManger',
    '/adSmallAutomaticInvoicingSetting',
    '/adSmallVersionUpdate',
  ),
  group(
    'XGM_ACCOUNT_MGR',
    '小规模账户管理',
    3,
    '/adSmallJcyPartnerManagement',
    '/adSmallEnterJcyMange',
    '/adSmallJcyCustomerSet',
  ),
  group(
    'ADM_SYSTEM_SET',
    '系统设置',
    undefined,
    '/adRoleSettings',
    '/adSystemSettings',
    '/adCodeQuery',
    '/adSystemMaintainAdmin',
    '/adVersionUpdate',
    '/adHelpCenter',
    '/adHelpCategory',
    '/adOperationLog',
    '/adLoginLog',
    '/adOnlineUser',
    '/adAdminTool',
    '/adScheduledJob',
  ),
  group('SET_UP', '设置', undefined, '/adPartnerChangesPassword'),
];

/**
 * The key of the group whose menu holds the page at pathname: by the path's first segment, so
 * '/adMerchant/12/show' opens the group of '/adMerchant' and '/adPlatformCooperation' does not open the group of
 * '/adPlatform'.
 */
export function activeGroupKey(
  groups: readonly { group: MenuGroup; items: readonly MenuItem[] }[],
  pathname: string,
): string | undefined {
  const page = `/${pathname.split('/').find((segment) => segment !== '') ?? ''}`;
  return groups.find(({ items }) => items.some((item) => item.path === page))?.group.key;
}
