import { loginLogBinding } from './accounts/loginLog.binding';
import { onlineUsersBinding } from './accounts/onlineUsers.binding';
import { industriesBinding } from './companies/industries.binding';
import { AGREEMENT_BINDINGS } from './contracts/agreements.binding';
import { agreementTemplateSealsBinding } from './contracts/agreementTemplateSeals.binding';
import { agreementTemplatesBinding } from './contracts/agreementTemplates.binding';
import { agreementTypesBinding } from './contracts/agreementTypes.binding';
import type { ResourceBinding } from './engine/binding';
import {
  agentManagementBinding,
  mainInformationBinding,
  smallAgentManagementBinding,
} from './enterprises/enterprises.binding';
import { BANK_BINDINGS } from './finance/bank.binding';
import { settlementSheetsBinding } from './finance/settlementSheets.binding';
import { invoiceCategoryBindings } from './invoices/invoiceCategories.binding';
import { RATE_BINDINGS } from './money/rates/serviceRates.binding';
import { settlementBlacklistBinding } from './money/settlementBlacklist.binding';
import { merchantFeedbackBinding, staffFeedbackBinding } from './notices/feedback.binding';
import { PARTNER_BINDINGS } from './people/partners.binding';
import { subsidiariesBinding } from './people/subsidiaries.binding';
import { autoInvoicingBinding } from './system/autoInvoicing.binding';
import { helpArticlesBinding, helpCategoriesBinding, publishedHelpBinding } from './system/help.binding';
import { maintenanceBinding } from './system/maintenance.binding';
import { operationLogBinding } from './system/operationLog.binding';
import { scheduledJobsBinding } from './system/scheduledJobs.binding';
import { sensitiveWordsBinding, topUpSensitiveWordsBinding } from './system/sensitiveWords.binding';
import { smsLogsBinding } from './system/smsLogs.binding';
import { smallVersionsBinding, versionsBinding } from './system/versions.binding';
import { TASK_BINDINGS } from './tasks/tasks.binding';
import { THIRD_PARTY_BINDINGS } from './thirdparty/thirdPartyCalls.binding';
import { WEBHOOK_BINDINGS } from './webhooks/webhooks.binding';
import { WORKER_BINDINGS } from './workers/workers.binding';

/** Every declared resource the engine serves. A plain entity adds one line here. */
export const BINDINGS: readonly ResourceBinding[] = [
  industriesBinding,
  operationLogBinding,
  loginLogBinding,
  onlineUsersBinding,
  scheduledJobsBinding,
  ...invoiceCategoryBindings,
  agreementTemplatesBinding,
  agreementTypesBinding,
  agreementTemplateSealsBinding,
  sensitiveWordsBinding,
  topUpSensitiveWordsBinding,
  merchantFeedbackBinding,
  staffFeedbackBinding,
  agentManagementBinding,
  smallAgentManagementBinding,
  mainInformationBinding,
  ...AGREEMENT_BINDINGS,
  ...THIRD_PARTY_BINDINGS,
  ...WEBHOOK_BINDINGS,
  subsidiariesBinding,
  settlementSheetsBinding,
  ...BANK_BINDINGS,
  ...PARTNER_BINDINGS,
  settlementBlacklistBinding,
  ...RATE_BINDINGS,
  versionsBinding,
  smallVersionsBinding,
  smsLogsBinding,
  autoInvoicingBinding,
  helpCategoriesBinding,
  helpArticlesBinding,
  publishedHelpBinding,
  maintenanceBinding,
  ...WORKER_BINDINGS,
  ...TASK_BINDINGS,
];
