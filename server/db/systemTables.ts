import type { Generated } from 'kysely';

/** Tables of migrations 080-089 (sensitive words, feedback, SMS log, automatic invoicing, help). */

/** One word of a sensitive-word list (1 general, 2 top-up side). */
export interface SensitiveWordTable {
  id: Generated<number>;
  list_type: number;
  word: string;
  /** normalizeForMatch(word): unique per list, so ＶＰＮ and vpn are one word. */
  normalized: string;
  creator: string;
  create_time: string;
}

/** One row per list: bumped with every change, so each process rebuilds its automaton when it moves. */
export interface SensitiveWordListTable {
  list_type: number;
  version: number;
  /** A random value set with each bump. */
  stamp: string;
}

/** A merchant's feedback (意见反馈) and the platform's reply. */
export interface FeedbackTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  user_id: number;
  username: string;
  /** FEEDBACK_TYPE */
  type: number;
  content: string;
  image1_url: string | null;
  image2_url: string | null;
  image3_url: string | null;
  /** FEEDBACK_STATUS: 1 待回复, 2 已回复, 3 已关闭 */
  status: number;
  reply: string | null;
  reply_user: string | null;
  reply_time: string | null;
  /** 1 once the merchant has seen the latest reply (or there is none); the bell counts the 0s. */
  reply_read: number;
  close_time: string | null;
  create_time: string;
  update_time: string;
}

/** One text message the platform sent (短信发送状态): never its code or password, only the masked wording. */
export interface SmsLogTable {
  id: Generated<number>;
  /** The full number, for an exact search and a resend; lists show `mobile_masked`. */
  mobile: string;
  mobile_masked: string;
  /** SMS_LOG_TYPE */
  type: number;
  /** The wording with the code and any secret replaced by ******. */
  template: string;
  provider: string;
  /** SMS_LOG_STATUS: 0 发送中, 1 成功, 2 失败 */
  status: number;
  reason: string | null;
  /** The provider's id of the accepted message (Aliyun BizId, Tencent SerialNo), named by its delivery receipt. */
  provider_ref: string | null;
  create_time: string;
  update_time: string;
}

/** A paid identity check's verdict (实名核验), keyed by an HMAC of its factors: never the numbers themselves. */
export interface IdentityCheckTable {
  factors_key: string;
  provider: string;
  passed: number;
  field: string | null;
  message: string | null;
  create_time: string;
}

/** A small-scale company's automatic invoicing (小规模自动开票设置). */
export interface AutoInvoiceSettingTable {
  id: Generated<number>;
  company_id: number;
  enabled: number;
  /** AUTO_INVOICE_MODE: 1 after each completed batch, 2 monthly on `month_day`. */
  mode: number;
  month_day: number | null;
  category_id: number;
  /** When it was last switched on: batches finished before are left to the merchant. */
  enabled_time: string | null;
  operator: string;
  update_time: string;
}

/** One application the job made or tried (its key makes each at most once). */
export interface AutoInvoiceRunTable {
  id: Generated<number>;
  company_id: number;
  /** 'batch:<id>' or 'month:<yyyy-mm>': unique per company. */
  run_key: string;
  /** AUTO_INVOICE_RUN: 0 running, 1 applied, 2 failed */
  status: number;
  invoice_id: number | null;
  batch_count: number;
  total: number;
  message: string | null;
  create_time: string;
}

/** A help-center category (帮助分类). */
export interface HelpCategoryTable {
  id: Generated<number>;
  name: string;
  sort: number;
  create_time: string;
  update_time: string;
}

/** A help article: Markdown as written, its sanitised HTML, and the text the search matches. */
export interface HelpArticleTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  body: string;
  body_html: string;
  search_text: string;
  sort: number;
  /** HELP_ARTICLE: 0 草稿, 1 已发布 */
  status: number;
  publisher: string | null;
  release_time: string | null;
  create_time: string;
  update_time: string;
}

/** One run of the log retention job (server/system/logRetention.ts, migration 140). */
export interface LogRetentionRunTable {
  id: Generated<number>;
  /** LOG_RETENTION_STATUS: 0 running, 1 done, 2 failed */
  status: number;
  /** Rows created before these China times were deleted. */
  calls_before: string;
  sms_before: string;
  operations_before: string;
  calls_deleted: Generated<number>;
  sms_deleted: Generated<number>;
  operations_deleted: Generated<number>;
  counters_deleted: Generated<number>;
  /** Migration 160: finished download jobs and unsubmitted payout drafts (null on runs before it). */
  downloads_before: string | null;
  drafts_before: string | null;
  downloads_deleted: Generated<number>;
  drafts_deleted: Generated<number>;
  /** Migration 362: login log rows (null on runs before it). */
  logins_before: string | null;
  logins_deleted: Generated<number>;
  message: string | null;
  create_time: string;
  finish_time: string | null;
}

/** A scheduled run some host took (migration 170, system/jobLock.ts): `tick` is the cron instant, epoch ms. */
export interface ScheduledJobTickTable {
  job: string;
  tick: number;
  host: string;
}

/** A long-running admin action in progress (migration 330, system/runClaims.ts). */
export interface RunClaimTable {
  job: string;
  /** Random per run: only the run that claimed the row renews and releases it. */
  owner: string;
  /** Who started it, shown to whoever is refused. */
  operator: string;
  /** China time the run started. */
  started_at: string;
  /** Epoch ms; past it the claim counts as abandoned. */
  lease_until: number;
}
