import queryString from 'query-string';
import { isAdminShellUser } from '../../src/domain/permissions';
import { findRoute, PUBLIC_PATHS, SHELL_HOME } from '../../src/domain/routes';
import { LOGIN_TYPE, type LoginContent, landingPathFor, type SignStatus } from '../../src/domain/session';
import { request, requestContent } from '../httpClient';
import { clearSession, getSession, saveLoginContent, setPlatformMark } from '../sessionStore';
import { hashPassword } from './passwordHash';
import { startTokenRefresh, stopTokenRefresh } from './tokenRefresh';

export interface PasswordLogin {
  username: string;
  password: string;
  /** 1 standard edition, 3 small-scale edition */
  type: 1 | 3;
  captchaId?: string;
  captchaCode?: string;
  /** /login?index: bypass an active maintenance window. */
  index?: boolean;
}

export interface SmsLogin {
  phone: string;
  code: string;
  username?: string;
  index?: boolean;
}

/** A refused login: the server's message, and what the page must do next. */
export class LoginRefused extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly content: unknown,
  ) {
    super(message);
  }
}

async function finishLogin(envelope: { code: number; message: string; content: unknown }): Promise<LoginContent> {
  if (envelope.code !== 1020000) throw new LoginRefused(envelope.message, envelope.code, envelope.content);
  const content = envelope.content as LoginContent;
  saveLoginContent(content);
  startTokenRefresh();
  return content;
}

export async function loginWithPassword(input: PasswordLogin): Promise<LoginContent> {
  const mark = input.type === LOGIN_TYPE.smallScale ? 3 : 1;
  setPlatformMark(mark);
  const envelope = await request('/login', {
    method: 'POST',
    silent: true,
    form: {
      username: input.username.trim(),
      password: hashPassword(input.password.trim()),
      type: input.type,
      platformMark: mark,
      captchaId: input.captchaId,
      captchaCode: input.captchaCode,
      index: input.index ? 1 : undefined,
    },
  });
  return finishLogin(envelope);
}

export async function loginWithSms(input: SmsLogin): Promise<LoginContent> {
  setPlatformMark(1);
  const envelope = await request('/code/login', {
    method: 'POST',
    silent: true,
    form: {
      phone: input.phone.trim(),
      code: input.code.trim(),
      type: LOGIN_TYPE.sms,
      platformMark: 1,
      username: input.username,
      index: input.index ? 1 : undefined,
    },
  });
  return finishLogin(envelope);
}

/** /login?mod=1&platformMark&userInf: a single-sign-on assertion from another system (README, SSO). */
export async function loginWithSso(input: {
  userInf: string;
  platformMark: 1 | 3;
  index?: boolean;
}): Promise<LoginContent> {
  setPlatformMark(input.platformMark);
  const envelope = await request('/api/v1/sso/login', {
    method: 'POST',
    silent: true,
    form: { userInf: input.userInf, platformMark: input.platformMark, index: input.index ? 1 : undefined },
  });
  return finishLogin(envelope);
}

export function logoutLocally(): void {
  stopTokenRefresh();
  clearSession();
}

/** /login?Rurl=<path>: the login page that brings the user back to `path` afterwards (encoded by query-string). */
export function loginPathFor(path: string): string {
  return queryString.stringifyUrl({ url: '/login', query: { Rurl: path } });
}

/** The Rurl of the login page's query string, when it is a path of this app (safeReturnPath); else null. */
export function returnPathFrom(search: string): string | null {
  const { Rurl } = queryString.parse(search);
  return safeReturnPath(typeof Rurl === 'string' ? Rurl : null);
}

/** Rurl is honoured only for paths of this app (never another origin, never a public page). */
export function safeReturnPath(rurl: string | null | undefined): string | null {
  if (!rurl) return null;
  if (
    !rurl.startsWith('/') ||
    rurl.startsWith('//') ||
    rurl.includes('\\') ||
    [...rurl].some((char) => char.charCodeAt(0) < 32)
  )
    return null;
  const pathname = rurl.split(/[?#]/)[0];
  if (PUBLIC_PATHS.includes(pathname)) return null;
  const known =
    findRoute(pathname) || ([SHELL_HOME.admin.root, SHELL_HOME.merchant.root] as string[]).includes(pathname);
  return known ? rurl : null;
}

/** Where a fresh session lands: the rule is `landingPathFor` (src/domain/session.ts); this asks the sign status. */
export async function landingPath(content: LoginContent): Promise<string> {
  const companyId = isAdminShellUser(content.user) ? null : content.user.properties.cid;
  if (companyId === null) return landingPathFor(content, null);
  const status = await requestContent<SignStatus>(`/api/v1/companies/sign_status/${companyId}`, {
    silent: true,
  }).catch(() => null);
  return landingPathFor(content, status);
}

export function isLoggedIn(): boolean {
  return getSession() !== null;
}
