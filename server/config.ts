import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { type RegistrySettings, readRegistrySettings } from './accounts/companyLookup/registrySettings';
import { readSmsConfig, type SmsConfig } from './accounts/sms/smsConfig';
import { CRM_PROVIDERS, type CrmProviderName } from './crm/crmProvider';
import { type EsignSettings, readEsignSettings } from './esign/esignSettings';
import type { S3Settings } from './files/storage/s3FileStorage';
import { DEFAULT_SHUTDOWN_GRACE_MS, MAX_SHUTDOWN_GRACE_MS } from './operations/shutdownGrace.mjs';
import { readProviderChoice, readProviderSettings } from './providers/providerSettings';
import { parseAllowedHosts } from './webhooks/addressGuard';
import { type IdentityConfig, readIdentityConfig } from './workers/identityConfig';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** A session's maximum total life however often it is refreshed (SESSION_MAX_SECONDS, default 7 days). */
  sessionMaxSeconds: number;
  /** HMAC key of the pseudonymous ids of people (ID_KEY, or kept in DATA_DIR/id-key). */
  idKey: string;
  /** Folder of the built web app; the server serves it when it exists. */
  webRoot: string;
  /** Write SMS codes of the development sender to the log. */
  logSmsCodes: boolean;
  /** The SMS provider (SMS_PROVIDER=log|aliyun|tencent) and its settings (accounts/sms/smsConfig.ts). */
  sms: SmsConfig;
  /** The identity check (IDENTITY_PROVIDER=dev|aliyun|http) and its settings (workers/identityConfig.ts). */
  identity: IdentityConfig;
  seedDemo: boolean;
  logLevel: string;
  /** Behind a reverse proxy: trust X-Forwarded-For for this many hops (0: never, the default). */
  trustProxy: number | false;
  /** Calls one address may make to one public route per minute (PUBLIC_CALLS_PER_MINUTE, http/publicRateLimit.ts). */
  publicCallsPerMinute: number;
  /** HS256 key of single-sign-on assertions (SSO_SHARED_SECRET); without it SSO is refused. */
  ssoSharedSecret: string | null;
  /** How long the simulated bank takes to pay an item (PAYOUT_DELAY_MS). */
  payoutDelayMs: number;
  /** Pay waiting items in the background (PAYOUT_AUTO=0 turns it off: tests drain explicitly). */
  payoutAutoProcess: boolean;
  /** The payout channel (docs/payoutChannels.md): PAYOUT_CHANNEL (dev), how long the development channel takes to
   * settle an order (PAYOUT_DEV_CHANNEL_DELAY_MS), the secret it signs notifications with
   * (PAYOUT_DEV_CHANNEL_SECRET, generated into DATA_DIR when unset), how often open orders are asked about
   * (PAYOUT_QUERY_INTERVAL_MS); with PAYOUT_CHANNEL=alipay the default Alipay account (ALIPAY_APP_ID,
   * ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, ALIPAY_GATEWAY), which pays every item whose signing entity has no
   * account of its own. */
  payoutChannel: {
    provider: 'dev' | 'alipay';
    devDelayMs: number;
    devSecret: string;
    queryIntervalMs: number;
    alipay: AlipayAccountSettings | null;
  };
  /** Users who may open 税费计算 without UI_TAX_COLLECTION (spec §6 exception; TAX_CALCULATION_USER_IDS=1,2). */
  taxCalculationUserIds: number[];
  /** Prometheus metrics on a port of their own (METRICS_PORT; 0 any free port); null: not served. */
  metricsPort: number | null;
  /** Where the metrics port listens (METRICS_HOST, 127.0.0.1 by default). */
  metricsHost: string;
  /** On SIGTERM, how long requests in progress may take to finish before the server closes (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** How long the logs are kept, in days, and when the clean-up runs (server/system/logRetention.ts). */
  logRetention: LogRetention;
  /** Where stored files live (FILE_STORAGE=local|s3, server/files/storage/). */
  fileStorage: FileStorageConfig;
  /** The e-sign provider and its settings (ESIGN_PROVIDER, server/esign/esignSettings.ts). */
  esign: EsignSettings;
  /** The business-registry lookup and its settings (REGISTRY_PROVIDER, server/accounts/companyLookup). */
  registry: RegistrySettings;
  /** Which CRM (server/crm/): CRM_PROVIDER, `dev` by default (its records in our own database). */
  crmProvider: CrmProviderName;
  /** The API document and its reader (/api/docs) for anyone, not only holders of UI_SYSTEM_TOOL (API_DOCS_PUBLIC=1). */
  apiDocsPublic: boolean;
  /** Origins whose pages may call the API from the browser (CORS_ORIGINS, none by default; http/crossOrigin.ts). */
  corsOrigins: string[];
  /** Reached only over HTTPS (BEHIND_TLS=1, TLS ended here or at the proxy): every answer carries HSTS. */
  behindTls: boolean;
  /**
   * The address people open the web app at (PUBLIC_URL, scheme and host): the signing link of a 签署邀请 SMS starts
   * with it. Unset, the link starts with the address the merchant's request came to.
   */
  publicUrl: string | null;
  /**
   * Hosts a merchant's push address may name although they are internal (WEBHOOK_ALLOWED_HOSTS, comma-separated,
   * matched as the address writes its host; server/webhooks/addressGuard.ts). Empty by default.
   */
  webhookAllowedHosts: string[];
}

/**
 * CORS_ORIGINS: a comma-separated list of origins (scheme, host and port, nothing more), exactly as the browser
 * sends them in Origin. `*` is refused: the API answers personal and money data, so its callers are named.
 */
function readCorsOrigins(env: Env, problems: string[]): string[] {
  const raw = env.CORS_ORIGINS?.trim() ?? '';
  if (!raw) return [];
  const origins: string[] = [];
  for (const item of raw.split(',').map((part) => part.trim())) {
    if (!item) continue;
    let origin: string | null = null;
    try {
      const url = new URL(item);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (bare && /^https?:\/\/[a-z0-9.-]+(:\d+)?$/.test(url.origin)) origin = url.origin;
    } catch {
      origin = null;
    }
    if (origin === null) {
      problems.push(
        `CORS_ORIGINS 中的 "${item}" 不是一个源：应写成 https://admin.example.com 这样的协议加主机（可带端口），不带路径，多个用逗号分隔`,
      );
    } else if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function readSwitch(env: Env, name: string, problems: string[]): boolean {
  const raw = env[name]?.trim() ?? '';
  if (['', '0', 'false'].includes(raw)) return false;
  if (['1', 'true'].includes(raw)) return true;
  problems.push(`${name} 只能是 1 或 0（当前为 "${raw}"）`);
  return false;
}

export type FileStorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** FILE_STORAGE=s3 needs its bucket and credentials; S3_ENDPOINT (AWS's own when unset) and path style are optional. */
function readFileStorage(env: Env, problems: string[]): FileStorageConfig {
  const kind = readProviderChoice(env, 'FILE_STORAGE', ['local', 's3'] as const, problems);
  if (kind === 'local') return { kind };
  const settings = readProviderSettings(
    env,
    { variable: 'FILE_STORAGE', value: kind },
    ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const,
    problems,
  );
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    problems.push(`S3_ENDPOINT 必须是 http:// 或 https:// 开头的地址（当前为 "${endpoint}"）`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) {
    problems.push(`S3_FORCE_PATH_STYLE 只能是 1 或 0（当前为 "${pathStyle}"）`);
  }
  return {
    kind,
    endpoint,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

export interface LogRetention {
  /** Third-party call log (CALL_LOG_RETENTION_DAYS, default 180). */
  callDays: number;
  /** SMS log (SMS_LOG_RETENTION_DAYS, default 180). */
  smsDays: number;
  /** Operation log (OPERATION_LOG_RETENTION_DAYS, default 365). */
  operationDays: number;
  /** Login log, every attempt on every login path (LOGIN_LOG_RETENTION_DAYS, default 180). */
  loginDays: number;
  /** Finished 大熊信息下载 jobs and their zip files (DOWNLOAD_JOB_RETENTION_DAYS, default 7). */
  downloadDays: number;
  /** Payout uploads never submitted (DRAFT_RETENTION_DAYS, default 2); submitted ones are kept. */
  draftDays: number;
  /** Croner pattern in China time (LOG_RETENTION_CRON, default 03:20 every day), or 'off'. */
  cron: string;
}

/**
 * Six months at least: the Cybersecurity Law (网络安全法 §21) asks for network logs to be kept no less than six
 * months; the operation log is the audit trail of money and account changes, kept a year.
 */
export const DEFAULT_LOG_RETENTION: LogRetention = {
  callDays: 180,
  smsDays: 180,
  operationDays: 365,
  loginDays: 180,
  downloadDays: 7,
  draftDays: 2,
  cron: '20 3 * * *',
};

function readCron(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw === 'off') return raw;
  try {
    new Cron(raw, { paused: true }).stop();
  } catch {
    problems.push(`${name} 必须是 cron 表达式（如 "20 3 * * *"）或 off（当前为 "${raw}"）`);
    return fallback;
  }
  return raw;
}

type Env = Record<string, string | undefined>;

function readApiDocsPublic(env: Env, problems: string[]): boolean {
  const raw = env.API_DOCS_PUBLIC?.trim() ?? '';
  if (!['', '0', '1'].includes(raw)) problems.push(`API_DOCS_PUBLIC 只能是 1 或 0（当前为 "${raw}"）`);
  return raw === '1';
}

function readInteger(
  env: Env,
  name: string,
  fallback: number,
  problems: string[],
  min = 1,
  max = 65535 * 100000,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} 必须是 ${min}-${max} 之间的整数（当前为 "${raw}"）`);
    return fallback;
  }
  return value;
}

/**
 * Reads a secret from the environment variable, or from the data directory, creating a random one on first
 * start (JWT_SECRET → jwt-secret, ID_KEY → id-key).
 */
function resolveSecret(env: Env, name: string, fileName: string, dataDir: string, problems: string[]): string {
  const configured = env[name];
  if (configured !== undefined && configured !== '') {
    if (configured.length < 32) problems.push(`${name} 至少需要 32 个字符`);
    return configured;
  }
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) problems.push(`${file} 中的密钥至少需要 32 个字符`);
    return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** PUBLIC_URL: an http(s) origin, kept without a trailing slash. */
function readPublicUrl(env: Env, problems: string[]): string | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.replace(/\/+$/, '') === '') {
      return url.origin;
    }
  } catch {}
  problems.push(`PUBLIC_URL 必须是 http(s):// 开头的网站地址，不带路径（当前为 "${raw}"）`);
  return null;
}

/** Validates the environment at start-up; throws one error listing every problem found. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL 必须以 postgres:// 或 postgresql:// 开头');
  }
  const config: ServerConfig = {
    port: readInteger(env, 'PORT', 8080, problems, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: resolveSecret(env, 'JWT_SECRET', 'jwt-secret', dataDir, problems),
    tokenTtlSeconds: readInteger(env, 'TOKEN_TTL_SECONDS', 7200, problems, 60, 30 * 24 * 3600),
    sessionMaxSeconds: readInteger(env, 'SESSION_MAX_SECONDS', 7 * 24 * 3600, problems, 60, 90 * 24 * 3600),
    idKey: resolveSecret(env, 'ID_KEY', 'id-key', dataDir, problems),
    webRoot: path.resolve(env.WEB_ROOT || 'dist'),
    publicUrl: readPublicUrl(env, problems),
    logSmsCodes: env.LOG_SMS_CODES !== '0',
    sms: readSmsConfig(env, problems),
    identity: readIdentityConfig(env, problems),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: readInteger(env, 'TRUST_PROXY_HOPS', 0, problems, 0, 10) || false,
    publicCallsPerMinute: readInteger(env, 'PUBLIC_CALLS_PER_MINUTE', 600, problems, 1, 1_000_000),
    ssoSharedSecret: env.SSO_SHARED_SECRET || null,
    payoutDelayMs: readInteger(env, 'PAYOUT_DELAY_MS', 2000, problems, 0, 600_000),
    payoutAutoProcess: env.PAYOUT_AUTO !== '0',
    apiDocsPublic: readApiDocsPublic(env, problems),
    payoutChannel: {
      provider: readPayoutChannel(env, problems),
      alipay: readAlipayAccount(env, problems),
      devDelayMs: readInteger(env, 'PAYOUT_DEV_CHANNEL_DELAY_MS', 0, problems, 0, 24 * 3600 * 1000),
      devSecret: resolveSecret(env, 'PAYOUT_DEV_CHANNEL_SECRET', 'payout-dev-channel-secret', dataDir, problems),
      queryIntervalMs: readInteger(env, 'PAYOUT_QUERY_INTERVAL_MS', 5000, problems, 200, 24 * 3600 * 1000),
    },
    metricsPort: env.METRICS_PORT ? readInteger(env, 'METRICS_PORT', 0, problems, 0, 65535) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownGraceMs: readInteger(
      env,
      'SHUTDOWN_GRACE_MS',
      DEFAULT_SHUTDOWN_GRACE_MS,
      problems,
      0,
      MAX_SHUTDOWN_GRACE_MS,
    ),
    taxCalculationUserIds: (env.TAX_CALCULATION_USER_IDS ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const id = Number(part);
        if (!Number.isSafeInteger(id) || id <= 0) problems.push(`TAX_CALCULATION_USER_IDS 中的 ${part} 不是用户编号`);
        return id;
      }),
    logRetention: {
      callDays: readInteger(env, 'CALL_LOG_RETENTION_DAYS', DEFAULT_LOG_RETENTION.callDays, problems, 1, 36_500),
      smsDays: readInteger(env, 'SMS_LOG_RETENTION_DAYS', DEFAULT_LOG_RETENTION.smsDays, problems, 1, 36_500),
      operationDays: readInteger(
        env,
        'OPERATION_LOG_RETENTION_DAYS',
        DEFAULT_LOG_RETENTION.operationDays,
        problems,
        1,
        36_500,
      ),
      loginDays: readInteger(env, 'LOGIN_LOG_RETENTION_DAYS', DEFAULT_LOG_RETENTION.loginDays, problems, 1, 36_500),
      downloadDays: readInteger(
        env,
        'DOWNLOAD_JOB_RETENTION_DAYS',
        DEFAULT_LOG_RETENTION.downloadDays,
        problems,
        1,
        36_500,
      ),
      draftDays: readInteger(env, 'DRAFT_RETENTION_DAYS', DEFAULT_LOG_RETENTION.draftDays, problems, 1, 36_500),
      cron: readCron(env, 'LOG_RETENTION_CRON', DEFAULT_LOG_RETENTION.cron, problems),
    },
    fileStorage: readFileStorage(env, problems),
    esign: readEsignSettings(env, problems),
    registry: readRegistrySettings(env, problems),
    crmProvider: readProviderChoice(env, 'CRM_PROVIDER', CRM_PROVIDERS, problems),
    corsOrigins: readCorsOrigins(env, problems),
    behindTls: readSwitch(env, 'BEHIND_TLS', problems),
    webhookAllowedHosts: parseAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
  };
  if (config.idKey === config.jwtSecret) problems.push('ID_KEY 不能与 JWT_SECRET 相同');
  if (config.ssoSharedSecret && config.ssoSharedSecret.length < 32)
    problems.push('SSO_SHARED_SECRET 至少需要 32 个字符');
  if (problems.length > 0) {
    throw new Error(`服务器配置有误：\n- ${problems.join('\n- ')}`);
  }
  return config;
}

/** The payout channels this build knows (PAYOUT_CHANNEL). */
function readPayoutChannel(env: Env, problems: string[]): 'dev' | 'alipay' {
  const value = env.PAYOUT_CHANNEL || 'dev';
  if (value === 'dev' || value === 'alipay') return value;
  problems.push(`PAYOUT_CHANNEL 的取值不受支持（当前：${value}），可用的取值见 docs/payoutChannels.md`);
  return 'dev';
}

/** Alipay's production gateway (ALIPAY_GATEWAY's default). */
export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** An Alipay application the channel pays from: the default one (ALIPAY_*) or a signing entity's own. */
export interface AlipayAccountSettings {
  appId: string;
  /** The application's private key (PEM text, PKCS#1 or PKCS#8). */
  privateKey: string;
  /** Alipay's public key (PEM text): answers and notifications are verified with it. */
  alipayPublicKey: string;
  gateway: string;
}

/** The default Alipay account: required with PAYOUT_CHANNEL=alipay, ignored otherwise. */
function readAlipayAccount(env: Env, problems: string[]): AlipayAccountSettings | null {
  if (env.PAYOUT_CHANNEL !== 'alipay') return null;
  const missing = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    problems.push(
      `PAYOUT_CHANNEL=alipay 需要设置 ${missing.join('、')}（支付宝开放平台应用的 APPID、应用私钥、支付宝公钥）`,
    );
    return null;
  }
  const gateway = env.ALIPAY_GATEWAY || ALIPAY_PRODUCTION_GATEWAY;
  if (!/^https?:\/\/[^\s]+$/.test(gateway)) problems.push(`ALIPAY_GATEWAY 不是网址（当前：${gateway}）`);
  return {
    appId: String(env.ALIPAY_APP_ID).trim(),
    privateKey: String(env.ALIPAY_PRIVATE_KEY).replaceAll('\\n', '\n'),
    alipayPublicKey: String(env.ALIPAY_PUBLIC_KEY).replaceAll('\\n', '\n'),
    gateway,
  };
}
