import { AGREEMENT_RESOURCES } from './agreements';
import { agreementTemplateSeals, agreementTemplates } from './agreementTemplates';
import { agreementTypes } from './agreementTypes';
import { adSmallAutomaticInvoicingSetting } from './autoInvoicing';
import { BANK_RESOURCES } from './bank';
import { companies, smallCompanies } from './companies';
import { adminContracts, merchantContracts } from './contracts';
import { agentManagement, mainInformation, smallAgentManagement } from './enterprises';
import { FEEDBACK_RESOURCES } from './feedback';
import { HELP_RESOURCES } from './help';
import { industries } from './industries';
import { INVOICE_CATEGORY_RESOURCES } from './invoiceCategories';
import { INVOICE_RESOURCES } from './invoices';
import { adSmallTradingFlow, adTradingFlow } from './ledger';
import { loginLog } from './loginLog';
import { adNotice, adSmallNotice, systemNotice } from './notices';
import { onlineUsers } from './onlineUsers';
import { operationLog } from './operationLog';
import { PARTNER_RESOURCES } from './partners';
import { PAYOUT_RECORD_RESOURCES } from './payoutRecords';
import { adMoneyManagement, adSmallMoneyManagement, allRechargeRecord } from './recharges';
import { activateMerchant, smallActivateMerchant } from './registrations';
import { scheduledJobs } from './scheduledJobs';
import { SENSITIVE_WORD_RESOURCES } from './sensitiveWords';
import { RATE_RESOURCES } from './serviceRates';
import { settlementBlacklist } from './settlementBlacklist';
import { settlementSheets } from './settlementSheets';
import { codeQuery } from './smsCodes';
import { noteSendStatus } from './smsLogs';
import { STAFF_RESOURCES } from './staff';
import { teamAdmin } from './subaccounts';
import { subsidiaries } from './subsidiaries';
import { TASK_RESOURCES } from './tasks';
import { TAX_CERTIFICATE_RESOURCES } from './taxCertificates';
import { THIRD_PARTY_RESOURCES } from './thirdPartyCalls';
import type { ResourceDeclaration } from './types';
import { systemMaintain } from './upgradeNotices';
import { smallVersionUpdate, versionUpdate } from './versions';
import { WEBHOOK_RESOURCES } from './webhookDeliveries';
import { WORKER_RESOURCES } from './workers';

/** Every declared resource. Adding an entity adds one line here. */
export const RESOURCES: readonly ResourceDeclaration[] = [
  companies,
  merchantContracts,
  adminContracts,
  industries,
  subsidiaries,
  agreementTemplates,
  agreementTemplateSeals,
  agreementTypes,
  adNotice,
  adSmallNotice,
  systemNotice,
  activateMerchant,
  smallActivateMerchant,
  codeQuery,
  systemMaintain,
  versionUpdate,
  smallVersionUpdate,
  noteSendStatus,
  adSmallAutomaticInvoicingSetting,
  ...INVOICE_RESOURCES,
  ...INVOICE_CATEGORY_RESOURCES,
  ...TAX_CERTIFICATE_RESOURCES,
  settlementBlacklist,
  settlementSheets,
  ...BANK_RESOURCES,
  allRechargeRecord,
  adMoneyManagement,
  adSmallMoneyManagement,
  adTradingFlow,
  adSmallTradingFlow,
  ...PAYOUT_RECORD_RESOURCES,
  operationLog,
  loginLog,
  onlineUsers,
  scheduledJobs,
  ...SENSITIVE_WORD_RESOURCES,
  ...FEEDBACK_RESOURCES,
  ...HELP_RESOURCES,
  agentManagement,
  smallAgentManagement,
  mainInformation,
  ...AGREEMENT_RESOURCES,
  ...THIRD_PARTY_RESOURCES,
  ...WEBHOOK_RESOURCES,
  ...WORKER_RESOURCES,
  ...TASK_RESOURCES,
  ...RATE_RESOURCES,
  ...PARTNER_RESOURCES,
  ...STAFF_RESOURCES,
  teamAdmin,
  smallCompanies,
];
