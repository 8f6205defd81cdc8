import type { Migration } from 'kysely';
import * as foundation from './001_foundation';
import * as companySearch from './002_company_search';
import * as industries from './003_industries';
import * as subsidiaries from './004_subsidiaries';
import * as contracts from './005_contracts';
import * as agreementTemplates from './006_agreement_templates';
import * as notices from './007_notices';
import * as companyCounts from './008_company_counts';
import * as accountFlows from './010_account_flows';
import * as versions from './011_versions';
import * as paymentPasswords from './020_payment_passwords';
import * as money from './030_money';
import * as ledgerEditionIndex from './031_ledger_edition_index';
import * as invoiceBatches from './034_invoice_batches';
import * as security from './040_security';
import * as operationLog from './050_operation_log';
import * as enterprises from './060_enterprises';
import * as agreements from './061_agreements';
import * as thirdPartyCalls from './065_third_party_calls';
import * as statistics from './070_statistics';
import * as statisticsChargeOrder from './071_statistics_charge_order';
import * as settlementSheets from './072_settlement_sheets';
import * as bank from './073_bank';
import * as statisticsScopeIndexes from './074_statistics_scope_indexes';
import * as statisticsCompanyCounts from './075_statistics_company_counts';
import * as bankSyncTotals from './076_bank_sync_totals';
import * as sensitiveWords from './080_sensitive_words';
import * as feedback from './081_feedback';
import * as smsLogs from './082_sms_logs';
import * as autoInvoicing from './083_auto_invoicing';
import * as helpCenter from './084_help_center';
import * as workers from './090_workers';
import * as taskLifecycle from './091_task_lifecycle';
import * as roles from './100_roles';
import * as serviceRates from './103_service_rates';
import * as partnerChannels from './104_partner_channels';
import * as platformSettings from './105_platform_settings';
import * as registrationContacts from './110_registration_contacts';
import * as statisticsSalePartner from './111_statistics_sale_partner';
import * as partnerCompanyIndex from './112_partner_company_index';
import * as authChanges from './115_auth_changes';
import * as wholeFen from './120_whole_fen';
import * as taxExportFullId from './125_tax_export_full_id';
import * as uploadPurpose from './130_upload_purpose';
import * as logRetentionRuns from './140_log_retention_runs';
import * as signingWillingness from './150_signing_willingness';
import * as retentionDownloadsDrafts from './160_retention_downloads_drafts';
import * as scheduledJobTicks from './170_scheduled_job_ticks';
import * as smsReceiptsIdentityCache from './180_sms_receipts_identity_cache';
import * as esignFlows from './190_esign_flows';
import * as agreementTypes from './200_agreement_types';
import * as companyOperations from './210_company_operations';
import * as crm from './220_crm';
import * as operatorFit from './230_operator_fit';
import * as subidAuthChanges from './260_subid_auth_changes';
import * as contractEsignFlows from './280_contract_esign_flows';
import * as bindEnterprisesInUse from './300_bind_enterprises_in_use';
import * as taskPayment from './301_task_payment';
import * as roleDataScope from './310_role_data_scope';
import * as runClaims from './330_run_claims';
import * as taxWithholding from './350_tax_withholding';
import * as loginLogsSessions from './360_login_logs_sessions';
import * as scheduledJobs from './361_scheduled_jobs';
import * as loginLogRetention from './362_login_log_retention';
import * as payoutChannelLife from './370_payout_channel_life';
import * as workerSignInvitations from './380_worker_sign_invitations';
import * as statisticsInvoiced from './381_statistics_invoiced';
import * as devChannelOrdersByDay from './382_dev_channel_orders_by_day';
import * as alipayAccounts from './390_alipay_accounts';
import * as payoutMethods from './395_payout_methods';
import * as payoutReceipts from './396_payout_receipts';
import * as openApiSigning from './400_open_api_signing';
import * as merchantWebhooks from './410_merchant_webhooks';
import * as channelReconciliation from './420_channel_reconciliation';

/** Every migration, in order. Add a new one with the next number; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_company_search': companySearch,
  '003_industries': industries,
  '004_subsidiaries': subsidiaries,
  '005_contracts': contracts,
  '006_agreement_templates': agreementTemplates,
  '007_notices': notices,
  '008_company_counts': companyCounts,
  '010_account_flows': accountFlows,
  '011_versions': versions,
  '020_payment_passwords': paymentPasswords,
  '030_money': money,
  '031_ledger_edition_index': ledgerEditionIndex,
  '034_invoice_batches': invoiceBatches,
  '040_security': security,
  '050_operation_log': operationLog,
  '060_enterprises': enterprises,
  '061_agreements': agreements,
  '065_third_party_calls': thirdPartyCalls,
  '070_statistics': statistics,
  '071_statistics_charge_order': statisticsChargeOrder,
  '072_settlement_sheets': settlementSheets,
  '073_bank': bank,
  '074_statistics_scope_indexes': statisticsScopeIndexes,
  '075_statistics_company_counts': statisticsCompanyCounts,
  '076_bank_sync_totals': bankSyncTotals,
  '080_sensitive_words': sensitiveWords,
  '081_feedback': feedback,
  '082_sms_logs': smsLogs,
  '083_auto_invoicing': autoInvoicing,
  '084_help_center': helpCenter,
  '090_workers': workers,
  '091_task_lifecycle': taskLifecycle,
  '100_roles': roles,
  '103_service_rates': serviceRates,
  '104_partner_channels': partnerChannels,
  '105_platform_settings': platformSettings,
  '110_registration_contacts': registrationContacts,
  '111_statistics_sale_partner': statisticsSalePartner,
  '112_partner_company_index': partnerCompanyIndex,
  '115_auth_changes': authChanges,
  '120_whole_fen': wholeFen,
  '125_tax_export_full_id': taxExportFullId,
  '130_upload_purpose': uploadPurpose,
  '140_log_retention_runs': logRetentionRuns,
  '150_signing_willingness': signingWillingness,
  '160_retention_downloads_drafts': retentionDownloadsDrafts,
  '170_scheduled_job_ticks': scheduledJobTicks,
  '180_sms_receipts_identity_cache': smsReceiptsIdentityCache,
  '190_esign_flows': esignFlows,
  '200_agreement_types': agreementTypes,
  '210_company_operations': companyOperations,
  '220_crm': crm,
  '230_operator_fit': operatorFit,
  '260_subid_auth_changes': subidAuthChanges,
  '280_contract_esign_flows': contractEsignFlows,
  '300_bind_enterprises_in_use': bindEnterprisesInUse,
  '301_task_payment': taskPayment,
  '310_role_data_scope': roleDataScope,
  '330_run_claims': runClaims,
  '350_tax_withholding': taxWithholding,
  '360_login_logs_sessions': loginLogsSessions,
  '361_scheduled_jobs': scheduledJobs,
  '362_login_log_retention': loginLogRetention,
  '370_payout_channel_life': payoutChannelLife,
  '380_worker_sign_invitations': workerSignInvitations,
  '381_statistics_invoiced': statisticsInvoiced,
  '382_dev_channel_orders_by_day': devChannelOrdersByDay,
  '390_alipay_accounts': alipayAccounts,
  '395_payout_methods': payoutMethods,
  '396_payout_receipts': payoutReceipts,
  '400_open_api_signing': openApiSigning,
  '410_merchant_webhooks': merchantWebhooks,
  '420_channel_reconciliation': channelReconciliation,
};
