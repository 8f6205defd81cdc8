import type { Generated } from 'kysely';

/** Tables of migrations 360-362 (登录日志, 在线用户, 定时任务), kept apart from schema.ts. */
export interface LoginLogTable {
  id: Generated<number>;
  /** The account's id when the attempt named one that exists. */
  user_id: number | null;
  username: Generated<string>;
  /** An SMS login's number, masked. */
  mobile_masked: string | null;
  /** LOGIN_MODE (src/domain/loginLog.ts) */
  mode: number;
  platform_mark: number | null;
  /** LOGIN_RESULT: 0 失败, 1 成功, 2 待选择公司 */
  result: number;
  message: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  browser: Generated<string>;
  os: Generated<string>;
  create_time: string;
}

export interface UserSessionTable {
  id: Generated<number>;
  sid: string;
  user_id: number;
  username: string;
  role_id: number;
  company_id: number | null;
  platform_mark: number;
  token_version: number;
  mode: number;
  ip: Generated<string>;
  user_agent: Generated<string>;
  browser: Generated<string>;
  os: Generated<string>;
  login_time: string;
  last_seen_time: string;
  expire_time: string;
  /** timestamptz on PostgreSQL, UTC text on SQLite (migration 360; accounts/onlineSessions.ts writes it). */
  expires_utc: string | Date;
  end_time: string | null;
  end_reason: number | null;
  ended_by: string | null;
}

export interface ScheduledJobTable {
  id: Generated<number>;
  name: string;
  label: string;
  description: Generated<string>;
  timing: string;
  paused: Generated<number>;
  paused_time: string | null;
  paused_by: string | null;
  last_run_id: number | null;
  last_start_time: string | null;
  last_duration_ms: number | null;
  last_status: number | null;
  last_message: string | null;
  update_time: string;
}

export interface ScheduledJobRunTable {
  id: Generated<number>;
  job: string;
  kind: number;
  operator: string | null;
  host: string;
  status: number;
  message: string | null;
  start_time: string;
  finish_time: string | null;
  duration_ms: number | null;
}
