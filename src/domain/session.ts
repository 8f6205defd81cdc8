import { isAdminShellUser, type SessionUser } from './permissions';
import { SHELL_HOME } from './routes';

/** Service charge items of the login answer (spec §3). */
export interface ServiceCharge {
  companyType: number;
  /** Rate in 1/10000 (e.g. 600 = 6.00%). */
  rate: number;
  platformMark: number;
  /** 1 when a levy agent has signed the service agreement with the company in this edition, else 0 (agentSign.ts). */
  isCheck: number;
}

/** The content of a successful login (DESIGN §2). */
export interface LoginContent {
  token: string;
  user: SessionUser;
  platform_mark: number;
  noticeNum: number;
  notInvoiceStatus: boolean;
  switchCompany: boolean;
  deptIds: number[];
  serviceCharge: ServiceCharge[];
}

/** GET /api/v1/companies/sign_status/{coid}: whether the merchant's company has signed with the platform. */
export interface SignStatus {
  signStatus: number;
  fddCorpFreeStatus: number;
  certificationType: number;
}

/**
 * Where a fresh session lands (spec §2 Login flow): ADM_HOME → /adHome; a merchant whose company has
 * not signed → /contractManagement, or /authentication when fddCorpFreeStatus is 0 and
 * certificationType is 2; otherwise /home (also when the sign status could not be read: the home page says why).
 */
export function landingPathFor(content: LoginContent, signStatus: SignStatus | null): string {
  if (isAdminShellUser(content.user)) return SHELL_HOME.admin.root;
  if (signStatus?.signStatus === 0) {
    return signStatus.fddCorpFreeStatus === 0 && signStatus.certificationType === 2
      ? '/authentication'
      : '/contractManagement';
  }
  return SHELL_HOME.merchant.root;
}

/** Login form types (spec §3). */
export const LOGIN_TYPE = { password: 1, sms: 2, smallScale: 3 } as const;

/** SMS types (spec §7): 1 login, 2 password reset, 4 payment password, 6 registration. */
export const SMS_TYPE = { login: 1, resetPassword: 2, paymentPassword: 4, register: 6 } as const;
/**
 * 签署协议 (a worker's willingness check on the signing page). Kept out of SMS_TYPE on purpose: the public
 * /sms/vericode* routes send only SMS_TYPE codes; this one is sent only by the signing page, to the mobile on record.
 */
export const SIGN_WILLINGNESS_SMS_TYPE = 7;

export const TIMING = {
  tokenCheckIntervalMs: 60_000,
  refreshWhenRemainingMs: 600_000,
  requestTimeoutMs: 60_000,
  messageDurationMs: 5_000,
  doubleClickGuardMs: 3_000,
  smsCountdownSeconds: 60,
} as const;

/** Decodes the payload of a JWT without verifying it (the browser only reads `exp`). */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** The last token whose expiry was read, and that expiry (the token is checked on every auth query). */
let lastExpiry: { token: string; exp: unknown } | null = null;

/** Milliseconds of validity left on a token, or 0 when it cannot be read. */
export function tokenRemainingMs(token: string | null | undefined, now = Date.now()): number {
  if (!token) return 0;
  if (lastExpiry?.token !== token) lastExpiry = { token, exp: decodeTokenPayload(token)?.exp };
  const { exp } = lastExpiry;
  return typeof exp === 'number' ? Math.max(0, exp * 1000 - now) : 0;
}
