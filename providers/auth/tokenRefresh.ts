import { TIMING, tokenRemainingMs } from '../../src/domain/session';
import { requestContent } from '../httpClient';
import { getToken, saveToken } from '../sessionStore';

/**
 * Token upkeep (spec §4, §9): every 60 s check the token; when 10 minutes or less remain, refresh it.
 * Only one refresh runs at a time, however many callers ask. A failed refresh logs out.
 */
let inFlight: Promise<string> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let onRefreshFailed: () => void = () => {};

export function setRefreshFailedHandler(handler: () => void): void {
  onRefreshFailed = handler;
}

export function refreshToken(): Promise<string> {
  if (!inFlight) {
    inFlight = requestContent<{ token: string }>('/refresh_token', { method: 'POST', silent: true, background: true })
      .then(({ token }) => {
        saveToken(token);
        return token;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/** Whether the token is there and not yet due for a refresh: usable now, with nothing to ask the server. */
export function tokenFreshNow(now = Date.now()): boolean {
  const token = getToken();
  return !!token && tokenRemainingMs(token, now) > TIMING.refreshWhenRemainingMs;
}

/** Refreshes when due; resolves true when the session is still usable. */
export async function refreshIfDue(now = Date.now()): Promise<boolean> {
  if (!getToken()) return false;
  if (tokenFreshNow(now)) return true;
  try {
    await refreshToken();
    return true;
  } catch {
    stopTokenRefresh();
    onRefreshFailed();
    return false;
  }
}

export function startTokenRefresh(): void {
  if (timer) return;
  timer = setInterval(() => void refreshIfDue(), TIMING.tokenCheckIntervalMs);
}

export function stopTokenRefresh(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
