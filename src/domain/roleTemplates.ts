import { ALL_PERMISSION_CODES, TAX_EXPORT_FULL_ID_CODE } from './routes';

/** Every merchant code (spec §2 merchant shell). */
export const MERCHANT_CODES = [
  'MER_HOME',
  'MER_BANKACCOUNT_RECHARGE',
  'MER_INVOICE_APPLY',
  'MER_REMITTANCE_RECORDS',
  'MER_FEEDBACK_LIST',
  'MER_IMPORT_EMPLOYEE',
  'MER_EMPLOYEE_LIST',
  'MER_BLOCKED_FUND',
] as const;

/** Default permissions of each role, used by the demo seed and as the starting point for new staff. */
export const ROLE_TEMPLATES: Readonly<Record<number, readonly string[]>> = {
  1: ALL_PERMISSION_CODES.filter((code) => !code.startsWith('MER_')),
  2: MERCHANT_CODES,
  // customer service: companies, activation, notices, contracts, codes, feedback
  3: [
    'ADM_HOME',
    'ADM_COMPANY_CORE',
    'ADM_NEWS_CORE',
    'ADM_CONTRACT_CORE',
    'UI_COMPANY_MGR',
    'UI_COMPANY_ACTIVATION',
    'UI_JCY_NOTICE_MGR',
    'UI_VERIFICATION_CODE',
    'UI_FEEDBACK_BOX',
    'ADM_PLAT_CONTRACT_MGR',
    'UI_ODD_JOB_PERSONAL',
    'UI_TASK_SUMMARY',
  ],
  // partner: own departments' companies and their performance
  4: [
    'ADM_HOME',
    'ADM_COMPANY_CORE',
    'ADM_STATISTICS_CORE',
    'UI_COMPANY_MGR',
    'UI_PARTNER_MGR_JCY',
    'UI_ENTERPRISE_MGR_JCY',
    'UI_COMPANY_SUMMARY',
    'UI_PLATFORM_PERFORMANCE',
    // their own performance and their partners', within their departments
    'UI_PARTNER_STATISTICS',
    'UI_PARTNER_PERSONAL_STATISTICS',
    'UI_ENTERPRISE_FLOW',
  ],
  // finance: funds, invoices, statistics
  5: [
    'ADM_HOME',
    'FINANCIAL_CENTER',
    'ADM_STATISTICS_CORE',
    'UI_FUND_MANAGEMENT',
    'UI_XGM_FUND_MANAGEMENT',
    'UI_BILLING_APPLY_JCY',
    'UI_XGM_INVOICE_APPLY_DETAILS_SAVE',
    'UI_BILLING_CATEGORY_MGR',
    'UI_PAYMENT_PROVE',
    'UI_TRANSACTION_FLOW',
    'UI_TRANSFER_BATCH',
    'UI_RECEIVED_PERSONAL',
    'UI_COMPANY_SUMMARY',
    'UI_SETTLEMENT_SHEET',
    'UI_FINANCE_MGR',
    'UI_ERROR_MONEY',
    'UI_RETURN_MONEY',
    // statistics, tax, settlement sheets, reconciliation and bank
    'XGM_STATISTICS_CORE',
    'UI_XGM_COMPANY_SUMMARY',
    'UI_PLATFORM_PERFORMANCE',
    'UI_XGM_PLATFORM_PERFORMANCE',
    'UI_ENTERPRISE_FLOW',
    'UI_ENTERPRISE_ACHIEVEMENT',
    'UI_ENTERPRISE_ACHIEVEMENT_XGM',
    'UI_MARKET_PERFORMANCE',
    'UI_PARTNER_STATISTICS',
    'UI_XGM_PARTNER_STATISTICS',
    'UI_PARTNER_PERSONAL_STATISTICS',
    'UI_TAX_COLLECTION',
    // tax filing needs the full ID numbers of 税费计算's export
    TAX_EXPORT_FULL_ID_CODE,
    'UI_FUND_RECONCILIATION',
    'UI_SUB_ACCOUNT_QUERY',
    'UI_NO_ATTRIBUTABLE_FUNDS',
    'UI_BANK_INFORMATION',
    'UI_BALANCE_SHEET',
  ],
};
