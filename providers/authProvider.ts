import type { AuthProvider } from 'ra-core';
import { actionPermissions, routeOf } from '../resources/registry';
import { canAccessRoute, hasAnyPermission, isAdminShellUser } from '../src/domain/permissions';
import { roleLabel } from '../src/domain/roles';
import { findRoute } from '../src/domain/routes';
import { apiBase } from './appConfig';
import { loginPathFor, loginWithPassword, logoutLocally, type PasswordLogin } from './auth/loginApi';
import { refreshIfDue, setRefreshFailedHandler, startTokenRefresh, tokenFreshNow } from './auth/tokenRefresh';
import { ApiError, setUnauthorizedHandler } from './httpClient';
import { requestHeaders } from './requestHeaders';
import { getSession, getToken } from './sessionStore';

/** /login?Rurl=<the current full path>, so the user comes back here after logging in. */
export function loginRedirect(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  // A second check that runs after the first redirect must keep the Rurl it already carries.
  return here.startsWith('/login') ? here : loginPathFor(here);
}

/**
 * Best effort: asks the server to revoke the session (POST /api/v1/accounts/logout) without waiting for or
 * reporting the answer, so logging out never hangs on the network and a 401 cannot loop back here.
 */
function revokeOnServer(): void {
  if (!getToken()) return;
  try {
    void fetch(`${apiBase()}/api/v1/accounts/logout`, {
      method: 'POST',
      headers: requestHeaders(),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // no network API (tests, old browsers): the local logout still happens
  }
}

function goToLogin(): void {
  logoutLocally();
  // Already on the login page (a request of the page just left answered 401 after 退出): loading it again would
  // only cut off what the user has started there.
  if (window.location.pathname === '/login') return;
  window.location.assign(loginRedirect());
}

setUnauthorizedHandler(goToLogin);
setRefreshFailedHandler(goToLogin);

/** The session's authority codes (react-admin's permissions). */
export function permissionsNow(): string[] {
  return getSession()?.user.authorities.map((item) => item.authority) ?? [];
}

/** Whether the session may do `action` on `resource` (a route name): its route rule, then the action's codes. */
export function canAccessNow({ resource, action }: { resource: string; action: string }): boolean {
  const session = getSession();
  if (!session) return false;
  const rule = findRoute(routeOf(resource));
  if (!rule || !canAccessRoute(session.user, rule)) return false;
  const codes = actionPermissions(resource, action);
  if (codes === null) return true;
  return codes.length > 0 && hasAnyPermission(session.user, codes);
}

/**
 * checkAuth's answer when it needs no request: a session whose token is not due for a refresh (then the check
 * starts the refresh timer, as checkAuth does). Undefined when only the asynchronous checkAuth can tell.
 */
export function checkAuthNow(): true | undefined {
  if (!getSession() || !tokenFreshNow()) return undefined;
  startTokenRefresh();
  return true;
}

/**
 * react-admin's auth provider over the session of the login answer (DESIGN §2). canAccess is a local
 * check of the session's authorities against the route table, so per-row checks stay cheap.
 */
export const authProvider: AuthProvider = {
  async login(params: PasswordLogin) {
    await loginWithPassword(params);
  },
  // Returns nothing so the redirect chosen by the caller (e.g. /login?Rurl=...) is kept.
  async logout() {
    revokeOnServer();
    logoutLocally();
  },
  async checkAuth() {
    if (!getSession() || !(await refreshIfDue())) {
      logoutLocally();
      throw { redirectTo: loginRedirect(), message: false };
    }
    startTokenRefresh();
  },
  async checkError(error: unknown) {
    const status = (error as ApiError | { status?: number })?.status;
    if (status === 401) {
      logoutLocally();
      throw { redirectTo: loginRedirect(), message: false };
    }
    // 403 and everything else: stay logged in
  },
  async getIdentity() {
    const session = getSession();
    if (!session) throw new Error('未登录');
    const { user } = session;
    return {
      id: user.id,
      fullName: user.properties.cnam,
      roleLabel: roleLabel(user.properties.rid),
      username: user.username,
    };
  },
  async getPermissions() {
    return permissionsNow();
  },
  async canAccess({ resource, action }) {
    return canAccessNow({ resource, action });
  },
};

export function sessionIsAdminShell(): boolean {
  return isAdminShellUser(getSession()?.user);
}

export { ApiError };
