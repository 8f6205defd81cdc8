import { landingPath } from '../../providers/auth/loginApi';
import { hashPassword } from '../../providers/auth/passwordHash';
import { request, requestContent } from '../../providers/httpClient';
import { getSession, saveLoginContent } from '../../providers/sessionStore';
import { LOGIN_TYPE, type LoginContent } from '../domain/session';

/** A company the user's mobile may switch to (spec §3). */
export interface SwitchableCompany {
  companyName: string;
  accountId: number;
  companyId: number;
  username: string;
}

export const SWITCH_PAGE_SIZES = [10, 50, 100, 200] as const;

/** GET /api/v1/companies/findcompanybymobile?q=coname:..;mobile:..&page&size — the server keeps it to the own mobile. */
export async function findCompaniesByMobile(
  name: string,
  page: number,
  size: number,
): Promise<{ content: SwitchableCompany[]; totalElements: number }> {
  const mobile = getSession()?.user.mobile;
  return requestContent('/api/v1/companies/findcompanybymobile', {
    q: { coname: name.trim() || undefined, mobile },
    query: { page, size },
    silent: true,
  });
}

/**
 * Relogin (spec §9: login type 1, password hashed) as the chosen account, flagged as a switch so the server
 * checks the account is bound to the same mobile; the new session replaces the old one.
 * Returns where the new session lands.
 */
export async function switchCompany(username: string, password: string): Promise<string> {
  const mark = getSession()?.platformMark ?? 3;
  const envelope = await request<LoginContent>('/login', {
    method: 'POST',
    silent: true,
    form: {
      username,
      password: hashPassword(password.trim()),
      type: LOGIN_TYPE.password,
      platformMark: mark,
      switchCompany: 1,
    },
  });
  if (envelope.code !== 1020000) throw new Error(envelope.message || '切换失败');
  saveLoginContent(envelope.content);
  return landingPath(envelope.content);
}
