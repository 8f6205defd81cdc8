import type { Generated } from 'kysely';

/** One interface per table (Kysely). Times are China-time text, money integer 1/10000 yuan. */
export interface DepartmentTable {
  id: Generated<number>;
  name: string;
}

export interface SubsidiaryTable {
  id: Generated<number>;
  sname: string;
  department_id: number;
  crm_company_name: string | null;
  is_virtual: number;
  status: number;
  platform_mark: number;
  create_time: string;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  platform_mark: number;
  credit_code: string;
  company_nature: string | null;
  company_size: string | null;
  industry_id: number | null;
  legal_person_name: string | null;
  legal_person_id_card: string | null;
  admin_id_card: string | null;
  linkman_name: string | null;
  linkman_mobile: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  department_id: number | null;
  subsidiary_id: number | null;
  service_id: number | null;
  sale_name: string | null;
  status: number;
  sign_status: number;
  fdd_corp_free_status: number;
  certification_type: number;
  sub_status: number;
  invoice_title: string | null;
  invoice_tax_number: string | null;
  invoice_bank: string | null;
  invoice_account: string | null;
  invoice_address: string | null;
  invoice_phone: string | null;
  create_time: string;
  update_time: string;
  /** The partner account (rid 4) who brought the company (migration 103). */
  sale_partner_id: number | null;
  /** Migration 210: VIP_LEVEL id (which enterprise rate the company pays), default 1. */
  vip_level: Generated<number>;
  work_scene: string | null;
  /** 0 未认证, 1 已认证 (POST /api/v1/companies/verify). */
  verify_status: Generated<number>;
  verify_time: string | null;
  verify_by: string | null;
  baogu_enabled: Generated<number>;
  baogu_account: string | null;
  /** The CRM institution (机构) the company belongs to: the company search's insid. */
  institution_id: number | null;
}

/** Migration 210: the enterprises a company is bound to (GET|PUT /api/v1/companies/enterprise/{id}). */
export interface CompanyEnterpriseTable {
  id: Generated<number>;
  company_id: number;
  enterprise_id: number;
  create_time: string;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  mobile: string;
  password_hash: string;
  role_id: number;
  company_id: number | null;
  platform_mark: number;
  display_name: string;
  is_change: number;
  /** 1 active, 0 disabled. */
  status: number;
  parent_user_id: number | null;
  create_time: string;
  /** Bumped by a password change or reset: tokens issued under an older version are refused. */
  token_version: Generated<number>;
  /** The user's role (roles.id) where it is not the built-in role `role_id` (migration 100). */
  permission_role_id: Generated<number | null>;
}

export interface UserAuthorityTable {
  user_id: number;
  authority: string;
}

export interface UserDepartmentTable {
  user_id: number;
  department_id: number;
}

export interface LoginAttemptTable {
  username: string;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

export interface CaptchaTable {
  id: string;
  code: string;
  expires_at: number;
  used: number;
  /** Wrong answers so far (migration 040); the captcha stops working after a few. */
  attempts: Generated<number>;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  type: number;
  code: string;
  ip: string;
  created_at: number;
  create_time: string;
  expires_at: number;
  used_at: number | null;
  attempts: number;
}

export interface ServiceChargeTable {
  id: Generated<number>;
  company_id: number;
  company_type: number;
  rate: number;
  platform_mark: number;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  body: string;
  image_url: string | null;
  annex_url: string | null;
  annex_name: string | null;
  platform_mark: number;
  publisher: string;
  /** 0 draft, 1 published. */
  status: number;
  release_time: string | null;
  create_time: string;
  /** The uploads the notice shows (migration 007). */
  image_upload_id: number | null;
  annex_upload_id: number | null;
}

export interface NoticeReadTable {
  notice_id: number;
  user_id: number;
  read_time: string;
}

export interface ContractTable {
  id: Generated<number>;
  company_id: number;
  nm: string;
  contract_no: string;
  /** Partner category 1-10 (PARTNER_CATEGORY). */
  csort: number;
  /** 0 expired, 1 within validity, 2 not signed (CONTRACT_STATUS); kept consistent with sign_status and end_date. */
  contract_status: number;
  /** 0 not signed, 1 signed. */
  sign_status: number;
  /** 0 voided, 1 normal. */
  data_status: number;
  enterprise_id: number | null;
  industry_id: number | null;
  sign_nm: string;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  end_date: string;
  sign_time: string | null;
  platform_mark: number;
  create_time: string;
  update_time: string;
  /** AGREEMENT_KIND (migration 061): 1 服务协议, 2 服务外包协议, 3 自由职业者协议, 4 开户合同, 0 other. */
  agreement_type: Generated<number>;
  template_id: number | null;
  /** The document (uploads.id): the draft until signed, then the signed PDF. */
  file_id: number | null;
  file_sha256: string | null;
  /** 1 electronic, 2 paper. */
  sign_mode: number | null;
  paper_file_id: number | null;
  /** The e签宝 sign flow of its signing (migration 280; ESIGN_PROVIDER=esign) and the user who started it. */
  esign_flow_id: string | null;
  esign_user_id: number | null;
}

export interface IndustryTable {
  id: Generated<number>;
  nm: string;
  /** 0 unprocessed, 1 processed, 2 in use (INDUSTRY_PROCESS_STATUS). */
  process_status: number;
  remark: string | null;
  create_time: string;
  update_time: string;
}

/** Agreement types (协议类型, migration 200): what kind a template and a contract are; status 1 enabled, 0 disabled. */
export interface AgreementTypeTable {
  id: Generated<number>;
  name: string;
  sort: number;
  status: number;
  create_time: string;
  update_time: string;
}

/** Agreement templates (/adContractTemplate); entid is the signing entity (签约主体), null when unbound. */
export interface AgreementTemplateTable {
  id: Generated<number>;
  sort: number;
  nm: string;
  /** AGREEMENT_TEMPLATE_TYPE. */
  type: number;
  entid: number | null;
  platformmark: number;
  /** SEAL_CERTIFICATION_TYPE: 1 企业自动签, 2 手动签. */
  seal_certification_type: number;
  /** 0 未启用, 1 使用中. */
  use_status: number;
  xiong: number;
  file_url: string | null;
  create_time: string;
  update_time: string;
}

export interface AgreementTemplateSealTable {
  id: Generated<number>;
  template_id: number;
  enterprise_id: number;
  enterprise_name: string;
  /** SEAL_TYPE: 1 公章, 2 合同专用章, 3 法人章. */
  seal_type: number;
  /** DATA_STATUS: 0 作废, 1 正常. */
  data_status: number;
  remark: string | null;
  create_time: string;
  update_time: string;
}

/** A stored file (DATA_DIR/uploads/<stored_name>), always named by its id in URLs (migration 007). */
export interface UploadTable {
  id: Generated<number>;
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  owner_user_id: number;
  owner_company_id: number | null;
  create_time: string;
  /** What the file is for (migration 130, server/files/fileReferences.ts): claimed when a record first takes it. */
  purpose: string | null;
}

/** One write: who, when, which API path and record, the changed fields before → after (JSON). */
export interface OperationLogTable {
  id: Generated<number>;
  user_id: number | null;
  username: string;
  role_id: number;
  create_time: string;
  method: string;
  path: string;
  /** The declared resource's name when the engine wrote it. */
  resource: string | null;
  /** create | update | delete | a declared action's name | the HTTP method of a hand-written write */
  action: string;
  record_id: number | null;
  /** The record's name when it was written (migration 230); null for older entries and unnamed records. */
  record_title: string | null;
  changes: string;
  ip: string;
}

export interface Database {
  departments: DepartmentTable;
  subsidiaries: SubsidiaryTable;
  companies: CompanyTable;
  company_enterprises: CompanyEnterpriseTable;
  users: UserTable;
  user_authorities: UserAuthorityTable;
  user_departments: UserDepartmentTable;
  login_attempts: LoginAttemptTable;
  captchas: CaptchaTable;
  sms_codes: SmsCodeTable;
  service_charges: ServiceChargeTable;
  notices: NoticeTable;
  notice_reads: NoticeReadTable;
  uploads: UploadTable;
  agreement_types: AgreementTypeTable;
  agreement_templates: AgreementTemplateTable;
  agreement_template_seals: AgreementTemplateSealTable;
  industries: IndustryTable;
  contracts: ContractTable;
  registrations: import('./accountFlowsSchema').RegistrationTable;
  sso_assertions: import('./accountFlowsSchema').SsoAssertionTable;
  upgrade_notices: import('./accountFlowsSchema').UpgradeNoticeTable;
  versions: import('./accountFlowsSchema').VersionTable;
  payment_passwords: import('./workspaceTables').PaymentPasswordTable;
  accounts: import('./moneyTables').AccountTable;
  ledger_entries: import('./moneyTables').LedgerEntryTable;
  recharges: import('./moneyTables').RechargeTable;
  settlement_blacklist: import('./moneyTables').SettlementBlacklistTable;
  payout_drafts: import('./moneyTables').PayoutDraftTable;
  payout_batches: import('./moneyTables').PayoutBatchTable;
  payout_items: import('./moneyTables').PayoutItemTable;
  payout_notifications: import('./moneyTables').PayoutNotificationTable;
  dev_channel_orders: import('./moneyTables').DevChannelOrderTable;
  alipay_accounts: import('./moneyTables').AlipayAccountTable;
  alipay_orders: import('./moneyTables').AlipayOrderTable;
  alipay_receipts: import('./moneyTables').AlipayReceiptTable;
  tax_bases: import('../money/tax/tables').TaxBaseTable;
  tax_accounts: import('../money/tax/tables').TaxAccountTable;
  tax_entries: import('../money/tax/tables').TaxEntryTable;
  tax_filings: import('../money/tax/tables').TaxFilingTable;
  revoked_sessions: import('./securityTables').RevokedSessionTable;
  payment_password_attempts: import('./securityTables').PaymentPasswordAttemptTable;
  rate_counters: import('./securityTables').RateCounterTable;
  abnormal_funds: import('./moneyTables').AbnormalFundTable;
  invoice_categories: import('./moneyTables').InvoiceCategoryTable;
  invoices: import('./moneyTables').InvoiceTable;
  tax_certificates: import('./moneyTables').TaxCertificateTable;
  invoice_batches: import('./invoiceTables').InvoiceBatchTable;
  operation_logs: OperationLogTable;
  enterprises: import('../enterprises/tables').EnterpriseTable;
  enterprise_industries: import('../enterprises/tables').EnterpriseIndustryTable;
  third_party_calls: import('../thirdparty/tables').ThirdPartyCallTable;
  webhook_events: import('../thirdparty/tables').WebhookEventTable;
  open_api_keys: import('../thirdparty/tables').OpenApiKeyTable;
  open_api_nonces: import('../openapi/tables').OpenApiNonceTable;
  open_api_idempotency: import('../openapi/tables').OpenApiIdempotencyTable;
  stat_company_day: import('./statisticsTables').StatCompanyDayTable;
  stat_company_month: import('./statisticsTables').StatCompanyMonthTable;
  stat_group_day: import('./statisticsTables').StatGroupDayTable;
  stat_group_month: import('./statisticsTables').StatGroupMonthTable;
  settlement_sheets: import('../finance/tables').SettlementSheetTable;
  bank_sub_accounts: import('../finance/tables').BankSubAccountTable;
  bank_transactions: import('../finance/tables').BankTransactionTable;
  bank_account_syncs: import('../finance/tables').BankAccountSyncTable;
  bank_sync_totals: import('../finance/tables').BankSyncTotalTable;
  unattributed_funds: import('../finance/tables').UnattributedFundTable;
  reconciliation_runs: import('../finance/tables').ReconciliationRunTable;
  reconciliation_items: import('../finance/tables').ReconciliationItemTable;
  sensitive_words: import('./systemTables').SensitiveWordTable;
  sensitive_word_lists: import('./systemTables').SensitiveWordListTable;
  feedbacks: import('./systemTables').FeedbackTable;
  workers: import('../workers/tables').WorkerTable;
  worker_agreements: import('../workers/tables').WorkerAgreementTable;
  worker_whitelist: import('../workers/tables').WorkerWhitelistTable;
  worker_tasks: import('../workers/tables').WorkerTaskTable;
  worker_task_members: import('../workers/tables').WorkerTaskMemberTable;
  worker_downloads: import('../workers/tables').WorkerDownloadTable;
  sms_logs: import('./systemTables').SmsLogTable;
  identity_checks: import('./systemTables').IdentityCheckTable;
  log_retention_runs: import('./systemTables').LogRetentionRunTable;
  scheduled_job_ticks: import('./systemTables').ScheduledJobTickTable;
  run_claims: import('./systemTables').RunClaimTable;
  crm_records: import('../crm/tables').CrmRecordTable;
  crm_bindings: import('../crm/tables').CrmBindingTable;
  auto_invoice_settings: import('./systemTables').AutoInvoiceSettingTable;
  auto_invoice_runs: import('./systemTables').AutoInvoiceRunTable;
  help_categories: import('./systemTables').HelpCategoryTable;
  help_articles: import('./systemTables').HelpArticleTable;
  roles: import('../people/tables').RoleTable;
  role_permissions: import('../people/tables').RolePermissionTable;
  user_subsidiaries: import('../people/tables').UserSubsidiaryTable;
  service_rates: import('../money/rates/tables').ServiceRateTable;
  partner_profiles: import('../people/partnerTables').PartnerProfileTable;
  partner_enterprises: import('../people/partnerTables').PartnerEnterpriseTable;
  virtual_partner_companies: import('../people/partnerTables').VirtualPartnerCompanyTable;
  platform_settings: import('../system/settingsTables').PlatformSettingTable;
  host_settings: import('../system/settingsTables').HostSettingTable;
  login_logs: import('./opsTables').LoginLogTable;
  user_sessions: import('./opsTables').UserSessionTable;
  scheduled_jobs: import('./opsTables').ScheduledJobTable;
  scheduled_job_runs: import('./opsTables').ScheduledJobRunTable;
  webhook_settings: import('../webhooks/tables').WebhookSettingTable;
  webhook_deliveries: import('../webhooks/tables').WebhookDeliveryTable;
  webhook_attempts: import('../webhooks/tables').WebhookAttemptTable;
}
