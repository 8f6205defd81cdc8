import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import { loginPathFor, returnPathFrom, safeReturnPath } from '../../../providers/auth/loginApi';
import { refreshIfDue, stopTokenRefresh } from '../../../providers/auth/tokenRefresh';
import { ApiError, authProvider, loginRedirect } from '../../../providers/authProvider';
import { request } from '../../../providers/httpClient';
import {
  getPlatformMark,
  getSession,
  getToken,
  saveLoginContent,
  setPlatformMark,
} from '../../../providers/sessionStore';
import { ROLE_TEMPLATES } from '../../../src/domain/roleTemplates';
import { envelope, fakeJwt, loginContent, MemoryStorage, makeUser } from './helpers';

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

function at(pathname: string, search = '') {
  assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('window', { location: { pathname, search, assign } });
}

/** A session as the login answer of a demo user of this role would leave it. */
function loginAs(rid: 1 | 2 | 3 | 4 | 5, lifetimeMs = 30 * 60_000) {
  const token = fakeJwt(Math.floor((Date.now() + lifetimeMs) / 1000));
  saveLoginContent(loginContent(makeUser(rid, ROLE_TEMPLATES[rid]), token));
  return token;
}

const canAccess = (resource: string) => authProvider.canAccess!({ resource, action: 'list' });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
  at('/adMerchant', '?x=1');
});

afterEach(() => {
  stopTokenRefresh();
  vi.unstubAllGlobals();
});

describe('canAccess', () => {
  it('admin (rid 1) may access adRoleSettings and adMerchant', async () => {
    loginAs(1);
    expect(getSession()?.user.properties.rid).toBe(1);
    await expect(canAccess('adRoleSettings')).resolves.toBe(true);
    await expect(canAccess('adMerchant')).resolves.toBe(true);
  });

  it('merchant (rid 2) may access manage, not adMain', async () => {
    loginAs(2);
    await expect(canAccess('manage')).resolves.toBe(true);
    await expect(canAccess('adMain')).resolves.toBe(false);
    await expect(canAccess('adRoleSettings')).resolves.toBe(false);
  });

  it('customer service (rid 3) may access adMerchant, not adRoleSettings', async () => {
    loginAs(3);
    await expect(canAccess('adMerchant')).resolves.toBe(true);
    await expect(canAccess('adRoleSettings')).resolves.toBe(false);
    await expect(canAccess('manage')).resolves.toBe(false);
  });

  it('finance (rid 5) may not access adMerchant (lacks UI_COMPANY_MGR)', async () => {
    loginAs(5);
    await expect(canAccess('adMerchant')).resolves.toBe(false);
    await expect(canAccess('adMain')).resolves.toBe(true);
  });

  it('an unknown resource is refused, even to the admin', async () => {
    loginAs(1);
    await expect(canAccess('noSuchPage')).resolves.toBe(false);
  });

  it('no session is refused', async () => {
    await expect(canAccess('adMerchant')).resolves.toBe(false);
    await expect(canAccess('manage')).resolves.toBe(false);
  });
});

describe('checkError', () => {
  it.each([
    ['an ApiError', () => new ApiError('登录已失效', 401)],
    ['an HttpError-like object', () => ({ status: 401, message: 'x' })],
  ])('401 (%s) rejects with /login?Rurl=<current path> and clears the session', async (_label, make) => {
    loginAs(2);
    setPlatformMark(3);
    const error = await rejection(authProvider.checkError(make()));
    expect(error).toEqual({ redirectTo: `/login?Rurl=${encodeURIComponent('/adMerchant?x=1')}`, message: false });
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
    // the login tab's edition survives the logout
    expect(getPlatformMark()).toBe(3);
  });

  it('403 resolves and keeps the session', async () => {
    const token = loginAs(3);
    await expect(authProvider.checkError(new ApiError('无权限访问此页面！', 403))).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(getToken()).toBe(token);
    expect(getSession()).not.toBeNull();
  });
});

describe('checkAuth', () => {
  it('without a session rejects with redirectTo carrying Rurl of the current location', async () => {
    at('/adInvoice', '?q=a%3Ab&page=2');
    const error = (await rejection(authProvider.checkAuth({}))) as { redirectTo: string };
    expect(error.redirectTo).toBe(`/login?Rurl=${encodeURIComponent('/adInvoice?q=a%3Ab&page=2')}`);
    const rurl = new URLSearchParams(error.redirectTo.split('?')[1]).get('Rurl');
    expect(rurl).toBe('/adInvoice?q=a%3Ab&page=2');
  });

  it('on /login keeps the Rurl it already carries', async () => {
    at('/login', `?Rurl=${encodeURIComponent('/adMerchant')}`);
    const error = (await rejection(authProvider.checkAuth({}))) as { redirectTo: string };
    expect(error.redirectTo).toBe(`/login?Rurl=${encodeURIComponent('/adMerchant')}`);
  });

  it('with a valid session resolves without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    loginAs(1);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a session whose due refresh fails rejects and logs out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(1040400, null, '令牌无效')),
    );
    loginAs(2, 60_000);
    const error = (await rejection(authProvider.checkAuth({}))) as { redirectTo: string };
    expect(error.redirectTo).toContain('/login?Rurl=');
    expect(getSession()).toBeNull();
  });
});

describe('wiring of the 401 and refresh-failed handlers', () => {
  it('an HTTP 401 from any call logs out and goes to /login?Rurl=...', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(1040100, null, '未登录', 401)),
    );
    loginAs(2);
    await expect(request('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith(`/login?Rurl=${encodeURIComponent('/adMerchant?x=1')}`);
    expect(getSession()).toBeNull();
  });

  it('a 401 that arrives once the user is on the login page (a request of the page left at 退出) does not load it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(1040100, null, '未登录', 401)),
    );
    loginAs(2);
    at('/login');
    await expect(request('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('a failed token refresh logs out and goes to /login?Rurl=...', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(1040400, null, '令牌无效')),
    );
    loginAs(1, 60_000);
    await expect(refreshIfDue()).resolves.toBe(false);
    expect(assign).toHaveBeenCalledWith(`/login?Rurl=${encodeURIComponent('/adMerchant?x=1')}`);
    expect(getSession()).toBeNull();
  });

  it('loginRedirect encodes the full current path', () => {
    at('/adMerchant/12/show', '?tab=2&x=a b');
    expect(loginRedirect()).toBe(`/login?Rurl=${encodeURIComponent('/adMerchant/12/show?tab=2&x=a b')}`);
  });
});

describe('identity and permissions', () => {
  it('getPermissions lists the authorities of the session, or nothing without one', async () => {
    await expect(authProvider.getPermissions!({})).resolves.toEqual([]);
    loginAs(3);
    await expect(authProvider.getPermissions!({})).resolves.toEqual([...ROLE_TEMPLATES[3]]);
  });

  it('getIdentity reports the company name and role label', async () => {
    await expect(authProvider.getIdentity!()).rejects.toThrow();
    loginAs(3);
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 103, fullName: '公司3', roleLabel: '客服' });
  });
});

describe('safeReturnPath', () => {
  it.each(['/adMerchant?x=1', '/adMerchant', '/adMerchant/12/show', '/manage#top', '/adHome', '/home'])(
    'accepts %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '//adMerchant',
    '/adMerchant/\\evil.com',
    'https://evil.com',
    'evil.com',
    'adMerchant?x=1',
    '/login',
    '/login?Rurl=/adMerchant',
    '/register',
    '/\\evil',
    '/adMerchant\\..\\evil',
    '/adMerchant\n',
    '/adMerchant?x=\n1',
    '/adMerchant?\tx=1',
    '/unknownPage',
    '',
    null,
    undefined,
  ])('refuses %j', (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });
});

describe('Rurl in the login query string (query-string)', () => {
  it.each(['/adMerchant?page=2&filter={"coname":"a b&c=d"}', '/manage#top', '/adMerchant/12/show?x=%25;+'])(
    'brings %s back unchanged through /login?Rurl=',
    (path) => {
      const login = loginPathFor(path);
      expect(login.startsWith('/login?Rurl=')).toBe(true);
      expect(login.slice('/login?'.length)).not.toMatch(/[&#+ ]/);
      expect(returnPathFrom(login.slice('/login'.length))).toBe(path);
    },
  );

  it('takes Rurl from the rest of the query, decoded once, and refuses a repeated or foreign one', () => {
    expect(returnPathFrom('?index&Rurl=%2FadMerchant%3Fx%3D1&platformMark=3')).toBe('/adMerchant?x=1');
    expect(returnPathFrom('?Rurl=%2FadMerchant&Rurl=%2FadHome')).toBeNull();
    expect(returnPathFrom('?Rurl=https%3A%2F%2Fevil.com')).toBeNull();
    expect(returnPathFrom('?Rurl=%2F%2Fevil.com')).toBeNull();
    expect(returnPathFrom('')).toBeNull();
  });
});

describe('logout', () => {
  it('asks the server to revoke the session with the token, then forgets the session', async () => {
    const token = loginAs(2);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await authProvider.logout({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/accounts/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe(`Bearer ${token}`);
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('still logs out locally when the server cannot be reached, and calls nothing without a session', async () => {
    loginAs(2);
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', failing);
    await authProvider.logout({});
    expect(getToken()).toBeNull();
    await authProvider.logout({});
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
