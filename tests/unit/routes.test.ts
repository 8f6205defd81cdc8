import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, activeGroupKey, MERCHANT_MENU, merchantMenu } from '../../src/domain/menus';
import { ALL_PERMISSION_CODES, findRoute, PUBLIC_PATHS, ROUTES, SHELL_HOME } from '../../src/domain/routes';

/** The admin table of spec §2, copied literally. */
const SPEC_ADMIN_TABLE: Record<string, readonly string[]> = {
  '/adMain': ['ADM_HOME'],
  '/adMerchant': ['UI_COMPANY_MGR'],
  '/adActivateMerchant': ['UI_COMPANY_ACTIVATION'],
  '/adInvoice': ['UI_BILLING_APPLY_JCY'],
  '/smallScaleAdInvoice': ['UI_XGM_INVOICE_APPLY_DETAILS_SAVE'],
  '/adTaxPaymentCertificate': ['UI_PAYMENT_PROVE'],
  '/adAuditingBigBear': ['UI_INFORMATION_AUDIT_BEAR'],
  '/adSignUserBigBear': ['UI_INFORMATION_DOWNLOAD_BEAR'],
  '/adContractTemplate': ['ADM_PLAT_AGREEMENT_TEMPLATE_MGR'],
  '/addThirdPartyCall': ['UI_LN_ENTERPRISE'],
  '/adThirdCallBackBigBear': ['UI_DX_ENTERPRISE'],
  '/adThirdCallBackBaoGu': ['UI_DX_ENTERPRISE'],
  '/adThirdCallBackAnhuiYahui': ['UI_DX_ENTERPRISE'],
  '/adServiceManagement': ['UI_SERVICE_AGREEMENT_TEMPLATE'],
  '/adPlatformCooperation': ['ADM_PLAT_CONTRACT_MGR'],
  '/adServiceOutsource': ['UI_SERVICE_OUTSOURCING_AGREEMENT'],
  '/adIndustrymanagement': ['ADM_INDUSTRY_MGR'],
  '/adAgentmanagement': ['UI_MANAGEMENT_LEVY_AGENT'],
  '/adSettlementBlacklist': ['UI_SETTLEMENT_BLACK_LIST_MGR'],
  '/adMoneyManagement': ['UI_FUND_MANAGEMENT'],
  '/adLibertyAgreement': ['ADM_FREE_CONTRACT_MGR'],
  '/adEnterpriseFlow': ['UI_COMPANY_SUMMARY'],
  '/adTradingFlow': ['UI_TRANSACTION_FLOW'],
  '/adJcyPartnerManagement': ['UI_PARTNER_MGR_JCY'],
  '/adEnterJcyMange': ['UI_ENTERPRISE_MGR_JCY'],
  '/adJcyCustomerSet': ['UI_SERVICE_MGR_JCY'],
  '/adFinancialManagement': ['UI_FINANCE_MGR'],
  '/adTaskSummary': ['UI_TASK_SUMMARY'],
  '/adTransferLot': ['UI_TRANSFER_BATCH'],
  '/adIndividualReceived': ['UI_RECEIVED_PERSONAL'],
  '/adTaxCalculation': ['UI_TAX_COLLECTION'],
  '/adSignedPersonel': ['UI_ODD_JOB_PERSONAL'],
  '/adPlatform': ['UI_PLATFORM_PERFORMANCE'],
  '/adAdminTool': ['UI_SYSTEM_TOOL'],
  '/adPartnerManage': ['UI_CHANNEL_MGR'],
  '/adPartnerManageSub': ['UI_BRANCH_OFFICE_MGR'],
  '/adCodeQuery': ['UI_VERIFICATION_CODE'],
  '/adCategoryManger': ['UI_BILLING_CATEGORY_MGR'],
  '/noteSendStatus': ['UI_BILLING_CATEGORY_MGR'],
  '/adNotice': ['UI_JCY_NOTICE_MGR'],
  '/adSensitiveWords': ['UI_SENSITIVE_WORDS'],
  '/topUpSideSensitiveWord': ['UI_RECHARGE_SENSITIVE_WORD'],
  '/adSuggestion': ['UI_FEEDBACK_BOX', 'UI_FEEDBACK_BOX_XGM'],
  '/adVersionUpdate': ['UI_VERSION_UPDATE_JCY'],
  '/adSystemMaintainAdmin': ['UI_SYSTEM_MAINTAIN_ADMIN_JCY'],
  '/adStatementManagement': ['UI_SETTLEMENT_SHEET'],
  '/adInformationAcquisition': ['UI_INFORMATION_COLLECTION'],
  '/adRescindPersonal': ['UI_RELIEVE_PERSONAL'],
  '/adPartnerChangesPassword': ['UI_ACCOUNT_SET'],
  '/adSystemSettings': ['UI_ACCOUNT_SET_CURRENCY'],
  '/adRoleSettings': ['UI_ROLE_SETTING'],
  '/adTaskOverview': ['MER_EMPLOYEE_LIST'],
};

/** The merchant routes of spec §2 with their bracketed permissions ([] where none is listed). */
const SPEC_MERCHANT_ROUTES: Record<string, readonly string[]> = {
  '/manage': ['MER_HOME'],
  '/recharge': ['MER_BANKACCOUNT_RECHARGE'],
  '/remit': ['MER_INVOICE_APPLY'],
  '/paymentRecord': ['MER_REMITTANCE_RECORDS'],
  '/individualReceived': ['MER_HOME'],
  '/suggestionFeedback': ['MER_FEEDBACK_LIST'],
  '/allRechargeRecord': [],
  '/merchant': [],
  '/teamAdmin': [],
  '/contractManagement': ['MER_BANKACCOUNT_RECHARGE'],
  '/contractOddJobManagement': ['MER_BANKACCOUNT_RECHARGE'],
  '/applyInvoice': ['MER_BANKACCOUNT_RECHARGE'],
  '/smallApplyInvoice': ['MER_BANKACCOUNT_RECHARGE'],
  '/invoiceRecord': ['MER_BANKACCOUNT_RECHARGE'],
  '/signUser': ['MER_IMPORT_EMPLOYEE'],
  '/bigBearOverview': ['MER_IMPORT_EMPLOYEE'],
  '/laborImport': ['MER_EMPLOYEE_LIST'],
  '/refererImport': ['MER_EMPLOYEE_LIST'],
  '/taskRelease': ['MER_EMPLOYEE_LIST'],
  '/taskSummary': ['MER_EMPLOYEE_LIST'],
  '/help': ['MER_HOME'],
  '/systemNotice': ['MER_HOME'],
  '/taxPaymentCertificate': ['MER_HOME'],
  '/errorMoney': ['MER_BLOCKED_FUND'],
};

const SPEC_SMALL_SCALE_ADMIN = [
  '/adSmallNotice',
  '/adSmallAutomaticInvoicingSetting',
  '/adSmallAgentmanagement',
  '/adSmallMoneyManagement',
  '/adSmallCategoryManger',
  '/adSmallVersionUpdate',
  '/adSmallMerchant',
  '/adSmallActivateMerchant',
  '/adSmallInvoice',
  '/adSmallPlatform',
  '/adSmallEnterpriseFlow',
  '/adSmallTradingFlow',
  '/adSmallIndividualReceived',
  '/adSmallTransferLot',
  '/adSmallSignedPersonel',
  '/adSmallRescindPersonal',
  '/adSmallServiceManagement',
  '/adSmallServiceOutsource',
  '/adSmallJcyCustomerSet',
  '/adSmallJcyPartnerManagement',
  '/adSmallEnterJcyMange',
  '/adSmallPartnerStatistics',
];

const SPEC_DUAL_CODE_ADMIN = ['/adErrorMoney', '/adReturnMoney', '/adEnterpriseAchievement'];

const SPEC_UNSHOWN_CODE_ADMIN = [
  '/fundReconciliation',
  '/subAccountQuery',
  '/noAttributableFunds',
  '/adBankInformation',
  '/adBalanceSheet',
  '/adAccountOpeningContract',
  '/adTheMainInformation',
  '/adMarketPerformance',
  '/adEntFlow',
  '/adPartnerPersonalStatistics',
  '/adPartnerStatistics',
  '/adJcyHappyElimination',
  '/adPartnerFlow',
];

const SPEC_MERCHANT_MENU_1 = [
  'manage',
  'signUser',
  'bigBearOverview',
  'taskRelease',
  'taskSummary',
  'recharge',
  'errorMoney',
  'remit',
  'paymentRecord',
  'individualReceived',
  'taxPaymentCertificate',
  'applyInvoice',
  'invoiceRecord',
  'contractManagement',
  'contractOddJobManagement',
  'merchant',
  'teamAdmin',
  'help',
  'suggestionFeedback',
  'versionUpdate',
  'systemNotice',
].map((name) => `/${name}`);

const SPEC_MERCHANT_MENU_3 = [
  'manage',
  'sign',
  'signUser',
  'recharge',
  'errorMoney',
  'remit',
  'paymentRecord',
  'individualReceived',
  'smallApplyInvoice',
  'invoiceRecord',
  'contractManagement',
  'merchant',
  'teamAdmin',
  'suggestionFeedback',
  'versionUpdate',
  'systemNotice',
].map((name) => `/${name}`);

const byPath = new Map(ROUTES.map((rule) => [rule.path, rule]));
const adminRoutes = ROUTES.filter((rule) => rule.shell === 'admin');

describe('ROUTES', () => {
  it('has unique paths starting with a slash, each with a Chinese title', () => {
    const paths = ROUTES.map((rule) => rule.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const rule of ROUTES) {
      expect(rule.path).toMatch(/^\/[A-Za-z]+$/);
      expect(rule.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('has every admin route of the spec table with its exact code, in the admin shell', () => {
    for (const [path, codes] of Object.entries(SPEC_ADMIN_TABLE)) {
      const rule = byPath.get(path);
      expect(rule, path).toBeDefined();
      expect(rule?.permissions, path).toEqual(codes);
      expect(rule?.shell, path).toBe('admin');
      expect(rule?.codeShown, path).toBe(true);
    }
  });

  it('has every merchant route with its spec permissions', () => {
    for (const [path, codes] of Object.entries(SPEC_MERCHANT_ROUTES)) {
      const rule = byPath.get(path);
      expect(rule, path).toBeDefined();
      expect(rule?.permissions, path).toEqual(codes);
      expect(rule?.shell, path).toBe('merchant');
      expect(rule?.codeShown, path).toBe(true);
    }
    expect(byPath.get('/sign')).toMatchObject({
      shell: 'merchant',
      permissions: ['MER_IMPORT_EMPLOYEE'],
      codeShown: false,
    });
  });

  it('marks the small-scale admin pages as edition 3 with a chosen XGM code', () => {
    for (const path of SPEC_SMALL_SCALE_ADMIN) {
      const rule = byPath.get(path);
      expect(rule, path).toMatchObject({ shell: 'admin', edition: 3, codeShown: false });
      expect(rule?.permissions.length, path).toBe(1);
      expect(rule?.permissions[0], path).toMatch(/XGM/);
    }
  });

  it('gives the dual-code pages a normal and an XGM code, and the unshown pages a chosen code', () => {
    for (const path of SPEC_DUAL_CODE_ADMIN) {
      const rule = byPath.get(path);
      expect(rule, path).toMatchObject({ shell: 'admin', codeShown: false });
      expect(rule?.permissions.length, path).toBe(2);
      expect(rule?.permissions[1], path).toBe(`${rule?.permissions[0]}_XGM`);
    }
    for (const path of SPEC_UNSHOWN_CODE_ADMIN) {
      const rule = byPath.get(path);
      expect(rule, path).toMatchObject({ shell: 'admin', codeShown: false });
      expect(rule?.permissions.length, path).toBe(1);
    }
  });

  it('contains exactly the spec routes and the pages that say why they are beyond its route table, and no public page', () => {
    const specPaths = new Set([
      ...Object.keys(SPEC_MERCHANT_ROUTES),
      ...Object.keys(SPEC_ADMIN_TABLE),
      ...SPEC_SMALL_SCALE_ADMIN,
      ...SPEC_DUAL_CODE_ADMIN,
      ...SPEC_UNSHOWN_CODE_ADMIN,
    ]);
    for (const rule of ROUTES) {
      if (specPaths.has(rule.path)) {
        expect(rule.beyondRouteTable, `${rule.path} 在规格的路由表中，不应写 beyondRouteTable`).toBeUndefined();
      } else {
        expect(
          rule.beyondRouteTable,
          `${rule.path} 不在规格的路由表中：在 src/domain/routes.ts 的这条路由上写 beyondRouteTable（为什么有这个页面）`,
        ).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    for (const path of specPaths) expect(byPath.has(path), `规格的路由 ${path} 没有页面`).toBe(true);
    for (const path of PUBLIC_PATHS) expect(byPath.has(path), path).toBe(false);
  });

  it('has no page of its own for agreement types: they are a tab of /adContractTemplate', () => {
    expect(byPath.has('/adContractTemplateType')).toBe(false);
  });

  it('only admin routes carry an edition', () => {
    for (const rule of ROUTES) {
      if (rule.edition !== undefined) expect(rule.shell, rule.path).toBe('admin');
    }
  });

  it('records the exceptions of spec §6', () => {
    expect(byPath.get('/adRoleSettings')?.roleOnly).toBe(1);
    expect(byPath.get('/adTaxCalculation')?.userIdSetting).toBe('TAX_CALCULATION_USER_IDS');
    expect(byPath.get('/bigBearOverview')?.flagException).toBe('xiong');
  });
});

describe('findRoute', () => {
  it('matches sub-paths by their first segment', () => {
    for (const path of ['/adMerchant', '/adMerchant/', '/adMerchant/12', '/adMerchant/12/show', '/adMerchant/create']) {
      expect(findRoute(path)?.path, path).toBe('/adMerchant');
    }
    expect(findRoute('/manage?x=1')?.path).toBe('/manage');
  });

  it('does not match unknown, public or prefix-sharing paths', () => {
    expect(findRoute('/')).toBeUndefined();
    expect(findRoute('/login')).toBeUndefined();
    expect(findRoute('/adMerchantX')).toBeUndefined();
    expect(findRoute('/sign')?.path).toBe('/sign');
    expect(findRoute('/signUser/3')?.path).toBe('/signUser');
  });
});

describe('public paths and shells', () => {
  it('lists the spec public routes and the shell homes', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(['/authentication', '/login', '/register', '/test', '/versionUpdate']);
    expect(SHELL_HOME.admin).toEqual({ root: '/adHome', home: '/adMain' });
    expect(SHELL_HOME.merchant).toEqual({ root: '/home', home: '/manage' });
    expect(byPath.get(SHELL_HOME.admin.home)?.shell).toBe('admin');
    expect(byPath.get(SHELL_HOME.merchant.home)?.shell).toBe('merchant');
  });
});

describe('ALL_PERMISSION_CODES', () => {
  it('is sorted, unique and covers every route code and the extra codes', () => {
    expect([...ALL_PERMISSION_CODES]).toEqual([...new Set(ALL_PERMISSION_CODES)].sort());
    for (const rule of ROUTES) {
      for (const code of rule.permissions) expect(ALL_PERMISSION_CODES).toContain(code);
    }
    for (const code of ['ADM_HOME', 'XGM_INVOICE_APPLY_DETAILS_SAVE', 'SET_UP', 'FINANCIAL_CENTER']) {
      expect(ALL_PERMISSION_CODES).toContain(code);
    }
    for (const group of ADMIN_MENU) expect(ALL_PERMISSION_CODES).toContain(group.groupCode);
  });
});

describe('MERCHANT_MENU', () => {
  it('equals the spec lists in order, with 充值记录 (/allRechargeRecord) after 账户充值 in both', () => {
    const withRecords = (list: string[]) =>
      list.flatMap((path) => (path === '/recharge' ? [path, '/allRechargeRecord'] : [path]));
    // 消息推送 (the merchant's push settings) and 开放接口 (its open-API keys) follow 团队管理 in both menus.
    const withWebhooks = (list: string[]) =>
      list.flatMap((path) => (path === '/teamAdmin' ? [path, '/openWebhooks', '/openApi'] : [path]));
    expect(MERCHANT_MENU[1].map((item) => item.path)).toEqual(withWebhooks(withRecords(SPEC_MERCHANT_MENU_1)));
    expect(MERCHANT_MENU[3].map((item) => item.path)).toEqual(withWebhooks(withRecords(SPEC_MERCHANT_MENU_3)));
    expect(MERCHANT_MENU[1].find((item) => item.path === '/allRechargeRecord')?.label).toBe('充值记录');
  });

  it('labels items with the route titles, /versionUpdate as 关于我们', () => {
    for (const item of [...MERCHANT_MENU[1], ...MERCHANT_MENU[3]]) {
      const expected = item.path === '/versionUpdate' ? '关于我们' : byPath.get(item.path)?.title;
      expect(item.label, item.path).toBe(expected);
      if (item.path !== '/versionUpdate') expect(byPath.get(item.path)?.shell, item.path).toBe('merchant');
    }
  });

  it('merchantMenu picks the standard list for mark 1 and the small-scale list otherwise', () => {
    expect(merchantMenu(1)).toBe(MERCHANT_MENU[1]);
    expect(merchantMenu(3)).toBe(MERCHANT_MENU[3]);
    expect(merchantMenu(2)).toBe(MERCHANT_MENU[3]);
    expect(merchantMenu(0)).toBe(MERCHANT_MENU[3]);
  });
});

describe('ADMIN_MENU', () => {
  it('uses each spec group code once, with the XGM groups in edition 3', () => {
    const codes = ADMIN_MENU.map((group) => group.groupCode);
    expect([...codes].sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(new Set(ADMIN_MENU.map((group) => group.key)).size).toBe(ADMIN_MENU.length);
    for (const group of ADMIN_MENU) {
      expect(group.edition === 3, group.groupCode).toBe(group.groupCode.includes('XGM'));
      expect(group.items.length, group.groupCode).toBeGreaterThan(0);
    }
    expect(ADMIN_MENU[0]?.items[0]?.path).toBe('/adMain');
  });

  it('puts every admin route in exactly one group, and only admin routes', () => {
    const menuPaths = ADMIN_MENU.flatMap((group) => group.items.map((item) => item.path));
    expect(new Set(menuPaths).size).toBe(menuPaths.length);
    expect([...menuPaths].sort()).toEqual(adminRoutes.map((rule) => rule.path).sort());
  });

  it('puts the edition-3 routes in edition-3 groups only', () => {
    for (const group of ADMIN_MENU) {
      for (const item of group.items) {
        if (byPath.get(item.path)?.edition === 3) expect(group.edition, item.path).toBe(3);
      }
    }
  });

  it('has only paths from ROUTES (or /versionUpdate), labelled with their titles', () => {
    const items = [...ADMIN_MENU.flatMap((group) => group.items), ...MERCHANT_MENU[1], ...MERCHANT_MENU[3]];
    for (const item of items) {
      if (item.path === '/versionUpdate') continue;
      expect(byPath.has(item.path), item.path).toBe(true);
      expect(item.label, item.path).toBe(byPath.get(item.path)?.title);
    }
  });
});

describe('the help admin pages', () => {
  it('are system settings guarded by one chosen *_JCY code shared with no other page, in the 系统设置 menu', () => {
    const pages = ROUTES.filter((rule) => rule.path === '/adHelpCenter' || rule.path === '/adHelpCategory');
    expect(pages.map((rule) => [rule.path, rule.title])).toEqual([
      ['/adHelpCenter', '帮助中心管理'],
      ['/adHelpCategory', '帮助分类管理'],
    ]);
    for (const rule of pages) {
      expect(rule).toMatchObject({ shell: 'admin', codeShown: false, permissions: ['UI_HELP_CENTER_JCY'] });
    }
    const others = ROUTES.filter((rule) => !pages.includes(rule) && rule.permissions.includes('UI_HELP_CENTER_JCY'));
    expect(others).toEqual([]);
    const group = ADMIN_MENU.find((candidate) => candidate.items.some((item) => item.path === '/adHelpCenter'));
    expect(group?.groupCode).toBe('ADM_SYSTEM_SET');
    expect(group?.items.map((item) => item.path)).toContain('/adHelpCategory');
  });
});

describe('activeGroupKey', () => {
  const groups = ADMIN_MENU.map((group) => ({ group, items: group.items }));
  const groupOf = (path: string) => ADMIN_MENU.find((group) => group.items.some((item) => item.path === path))?.key;

  it('opens the group holding the page, not one holding a page whose path is a prefix of it', () => {
    expect(groupOf('/adPlatformCooperation')).not.toBe(groupOf('/adPlatform'));
    expect(activeGroupKey(groups, '/adPlatformCooperation')).toBe(groupOf('/adPlatformCooperation'));
    expect(activeGroupKey(groups, '/adPlatform')).toBe(groupOf('/adPlatform'));
  });

  it('opens the group of a record page by its first segment, and none for a page outside the menu', () => {
    expect(activeGroupKey(groups, '/adMerchant/12/show')).toBe(groupOf('/adMerchant'));
    expect(activeGroupKey(groups, '/nowhere')).toBeUndefined();
  });
});
