import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import {
  refreshIfDue,
  refreshToken,
  setRefreshFailedHandler,
  startTokenRefresh,
  stopTokenRefresh,
} from '../../../providers/auth/tokenRefresh';
import { setUnauthorizedHandler } from '../../../providers/httpClient';
import { inFlightCount } from '../../../providers/inFlight';
import { getToken, saveToken } from '../../../providers/sessionStore';
import { envelope, fakeJwt, MemoryStorage, ok } from './helpers';

type FetchArgs = [input: string, init: RequestInit];

const START = new Date('2025-03-01T08:00:00.000Z').getTime();
const MINUTE = 60_000;

/** A token expiring `ms` after the (fake) current time. */
const tokenExpiringIn = (ms: number, tag = 'x') => fakeJwt(Math.floor((Date.now() + ms) / 1000), { tag });

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let failed: ReturnType<typeof vi.fn<() => void>>;
let issued: string[];

/** The server: each refresh answers a fresh token expiring `lifetimeMs` from now. */
function refreshServer(lifetimeMs = 30 * MINUTE) {
  issued = [];
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => {
    const token = tokenExpiringIn(lifetimeMs, `new-${issued.length + 1}`);
    issued.push(token);
    return ok({ token });
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
  setUnauthorizedHandler(() => {});
  failed = vi.fn<() => void>();
  setRefreshFailedHandler(failed);
  refreshServer();
});

afterEach(() => {
  stopTokenRefresh();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('refreshIfDue', () => {
  it('makes no call with 11 minutes left', async () => {
    const token = tokenExpiringIn(11 * MINUTE);
    saveToken(token);
    await expect(refreshIfDue()).resolves.toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe(token);
  });

  it('makes no call one second above the 10-minute threshold', async () => {
    saveToken(tokenExpiringIn(10 * MINUTE + 1000));
    await refreshIfDue();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['exactly 10 minutes', 10 * MINUTE],
    ['3 minutes', 3 * MINUTE],
    ['an expired token', -MINUTE],
  ])('with %s left makes one POST /refresh_token and saves the new token', async (_label, remaining) => {
    const old = tokenExpiringIn(remaining);
    saveToken(old);
    await expect(refreshIfDue()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/refresh_token');
    expect(init.method).toBe('POST');
    // the old token authorises the refresh
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${old}`);
    expect(getToken()).toBe(issued[0]);
    expect(getToken()).not.toBe(old);
    expect(failed).not.toHaveBeenCalled();
  });

  it('returns false without a token and calls nothing', async () => {
    await expect(refreshIfDue()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('5 concurrent calls make exactly one request', async () => {
    saveToken(tokenExpiringIn(5 * MINUTE));
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshIfDue()));
    expect(results).toEqual([true, true, true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe(issued[0]);
  });

  it('refreshToken shares one request between concurrent callers, then allows a new one', async () => {
    saveToken(tokenExpiringIn(5 * MINUTE));
    const [a, b] = await Promise.all([refreshToken(), refreshToken()]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await refreshToken();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is a background call: the loading mask is not shown', async () => {
    saveToken(tokenExpiringIn(5 * MINUTE));
    const pending = refreshIfDue();
    expect(inFlightCount()).toBe(0);
    await pending;
  });

  it('a refused refresh (business code) calls the refresh-failed handler and keeps the old token', async () => {
    const old = tokenExpiringIn(2 * MINUTE);
    saveToken(old);
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => envelope(1040400, null, '令牌无效'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshIfDue()).resolves.toBe(false);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe(old);
  });

  it('an HTTP failure of the refresh makes one request and every waiting caller sees the failure', async () => {
    saveToken(tokenExpiringIn(2 * MINUTE));
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([refreshIfDue(), refreshIfDue(), refreshIfDue()]);
    expect(results).toEqual([false, false, false]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(failed).toHaveBeenCalled();
  });

  it('a failed refresh stops the periodic check', async () => {
    saveToken(tokenExpiringIn(2 * MINUTE));
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => envelope(1040400, null, '令牌无效'));
    vi.stubGlobal('fetch', fetchMock);
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(failed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('startTokenRefresh', () => {
  it('checks every 60 000 ms', async () => {
    // every token the server gives is already due, so every check makes one call
    refreshServer(5 * MINUTE);
    saveToken(tokenExpiringIn(5 * MINUTE));
    startTokenRefresh();
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(getToken()).toBe(issued[4]);
  });

  it('starting twice keeps a single timer', async () => {
    refreshServer(5 * MINUTE);
    saveToken(tokenExpiringIn(5 * MINUTE));
    startTokenRefresh();
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes on the first check at which 10 minutes or less remain', async () => {
    saveToken(tokenExpiringIn(11 * MINUTE + 30_000));
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(60_000); // 10.5 min left
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(60_000); // 9.5 min left
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // the new token has 30 minutes: no refresh until it too is due
    await vi.advanceTimersByTimeAsync(19 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stopTokenRefresh stops the checks', async () => {
    refreshServer(5 * MINUTE);
    saveToken(tokenExpiringIn(5 * MINUTE));
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stopTokenRefresh();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
