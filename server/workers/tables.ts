import type { Generated } from 'kysely';

/** Tables of the workers domain (migration 090; fields in server/workers/README.md). Money in 1/10000 yuan. */
export interface WorkerTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  name: string;
  /** As the company gave it (upper-cased); never returned unmasked in lists. */
  id_card: string;
  /** HMAC-SHA256 of the ID number under ID_KEY (search and uniqueness without reading id_card). */
  id_key: string;
  id_masked: string;
  mobile: string;
  /** '' for a worker paid only to Alipay (payout_method 'alipay', migration 395). */
  bank_card: string;
  bank_name: string;
  /** How the worker is paid: 'bankcard' or 'alipay' (to alipay_account, a mobile number or an e-mail address). */
  payout_method: Generated<'bankcard' | 'alipay'>;
  alipay_account: string | null;
  referrer: string | null;
  /** WORKER_SOURCE */
  source: number;
  /** SIGN_STATUS: 0 待签署, 1 已签署, 2 已解约 */
  sign_status: Generated<number>;
  sign_time: string | null;
  rescind_time: string | null;
  rescind_reason: string | null;
  /** AUDIT_STATUS */
  audit_status: Generated<number>;
  audit_reason: string | null;
  audit_time: string | null;
  auditor: string | null;
  verify_status: Generated<number>;
  verify_message: string | null;
  verify_time: string | null;
  enterprise_id: number | null;
  /** INVITE_STATUS of the latest 签署邀请 (migration 380), as of invite_time; invite_reason says why it failed. */
  invite_status: Generated<number>;
  invite_time: string | null;
  invite_sent_time: string | null;
  invite_reason: string | null;
  /** The provider's id of the invitation's SMS: its delivery receipt settles the invitation too. */
  invite_sms_ref: string | null;
  create_user: string;
  create_time: string;
  update_time: string;
}

export interface WorkerAgreementTable {
  id: Generated<number>;
  agreement_no: string;
  worker_id: number;
  company_id: number;
  platform_mark: number;
  enterprise_id: number | null;
  enterprise_name: string;
  template_id: number | null;
  /** SIGN_STATUS of this agreement. */
  status: Generated<number>;
  /** SHA-256 of the signing link's token (the token itself is only in the link). */
  token_hash: string | null;
  token_expires: string | null;
  draft_file_id: number | null;
  signed_file_id: number | null;
  sha256: string | null;
  original_sha256: string | null;
  sign_time: string | null;
  sign_ip: string | null;
  /** The willingness check under way (migration 150): the e-sign provider's reference, replaced by each new code. */
  willingness_ref: string | null;
  /** Its proof, written with the signature: method (sms), the mobile the code went to, when it was confirmed. */
  willingness_method: string | null;
  willingness_mobile: string | null;
  willingness_time: string | null;
  sign_user_agent: string | null;
  /** The e签宝 sign flow of this agreement (migration 190), when ESIGN_PROVIDER=esign. */
  esign_flow_id: string | null;
  rescind_time: string | null;
  rescind_reason: string | null;
  create_time: string;
}

export interface WorkerWhitelistTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  id_key: string;
  id_masked: string;
  remark: string | null;
  operator: string;
  create_time: string;
}

export interface WorkerTaskTable {
  id: Generated<number>;
  task_no: string;
  company_id: number;
  platform_mark: number;
  title: string;
  industry_id: number;
  description: string;
  headcount: number;
  /** 1 unit price per worker, 2 a total split evenly. */
  pricing: number;
  unit_price: number | null;
  total_amount: number | null;
  start_date: string;
  end_date: string;
  /** TASK_STATUS */
  status: Generated<number>;
  /** The payout draft the settlement became (payout_drafts.id). */
  draft_id: number | null;
  publish_time: string | null;
  complete_time: string | null;
  settle_time: string | null;
  cancel_time: string | null;
  cancel_reason: string | null;
  create_user: string;
  create_time: string;
  update_time: string;
}

export interface WorkerTaskMemberTable {
  id: Generated<number>;
  task_id: number;
  worker_id: number;
  company_id: number;
  amount: Generated<number>;
  /** The worker's row in the payout draft the task was settled into (migration 091). */
  row_no: number | null;
  create_time: string;
}

export interface WorkerDownloadTable {
  id: Generated<number>;
  company_id: number;
  enterprise_id: number | null;
  sign_status: number | null;
  /** 0 排队中, 1 生成中, 2 已完成, 3 失败 */
  status: Generated<number>;
  file_id: number | null;
  worker_count: Generated<number>;
  agreement_count: Generated<number>;
  message: string | null;
  create_user: string;
  create_time: string;
  finish_time: string | null;
}
