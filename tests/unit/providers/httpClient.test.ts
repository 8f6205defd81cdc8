import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import { publishEarlyResponse } from '../../../providers/earlyResponse';
import { ApiError, buildUrl, request, requestContent, setUnauthorizedHandler } from '../../../providers/httpClient';
import { inFlightCount, subscribeInFlight } from '../../../providers/inFlight';
import { saveToken, setPlatformMark } from '../../../providers/sessionStore';
import { currentToasts, dismissToast, subscribeToasts, type Toast } from '../../../src/shell/toast';
import { envelope, MemoryStorage, ok } from './helpers';

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function answer(response: () => Response) {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
}

function lastInit(): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[1];
}

function lastHeaders(): Record<string, string> {
  return lastInit().headers as Record<string, string>;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
  setUnauthorizedHandler(() => {});
  for (const toast of currentToasts()) dismissToast(toast.id);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('encodes each q pair on its own, joins pairs with a literal ";" and does not re-encode them', () => {
    const url = buildUrl('/api/v1/companies', { page: 0, size: 10 }, { coname: '上海;x', status: 1 });
    expect(url).toBe(
      `/api/v1/companies?q=${encodeURIComponent('coname:上海;x')};${encodeURIComponent('status:1')}&page=0&size=10`,
    );
    // the ';' inside the value is escaped, the separator is not; nothing is encoded twice
    expect(url).toContain('%3Bx;status%3A1');
    expect(url).not.toContain('%25');
  });

  it('drops empty query values and empty q values', () => {
    const url = buildUrl(
      '/api/x',
      { page: 2, size: 50, sort: undefined, a: null, b: '' },
      { name: '', ids: [], c: null, d: 'v' },
    );
    expect(url).toBe(`/api/x?q=${encodeURIComponent('d:v')}&page=2&size=50`);
  });

  it('leaves q out entirely when every filter is empty', () => {
    expect(buildUrl('/api/x', { page: 0 }, { name: '' })).toBe('/api/x?page=0');
    expect(buildUrl('/api/x')).toBe('/api/x');
  });

  it('prefixes the configured apiBase (trailing slash removed) and adds a missing leading slash', () => {
    setAppConfig({ apiBase: 'https://api.example.com/base/' });
    expect(buildUrl('/api/x', { page: 0 })).toBe('https://api.example.com/base/api/x?page=0');
    expect(buildUrl('api/y')).toBe('https://api.example.com/base/api/y');
  });

  it('keeps absolute URLs and appends to an existing query string with "&"', () => {
    setAppConfig({ apiBase: '/ignored' });
    expect(buildUrl('https://other.example.com/p?x=1', { size: 5 })).toBe('https://other.example.com/p?x=1&size=5');
  });

  it('encodes ordinary query keys and values', () => {
    expect(buildUrl('/api/x', { 'a b': '1&2' })).toBe('/api/x?a%20b=1%262');
  });
});

describe('request: headers and bodies', () => {
  it('sends Authorization Bearer from session storage and the platformMark', async () => {
    saveToken('tok-123');
    setPlatformMark(3);
    answer(() => ok({}));
    await request('/api/x');
    expect(lastHeaders().Authorization).toBe('Bearer tok-123');
    expect(lastHeaders().platformMark).toBe('3');
    expect(lastInit().method).toBe('GET');
  });

  it('omits Authorization without a token and defaults platformMark to 1', async () => {
    answer(() => ok({}));
    await request('/api/x');
    expect(lastHeaders()).not.toHaveProperty('Authorization');
    expect(lastHeaders().platformMark).toBe('1');
  });

  it('calls the URL built from apiBase, query and q', async () => {
    setAppConfig({ apiBase: 'http://127.0.0.1:8080' });
    answer(() => ok({}));
    await request('/api/v1/notices', { query: { page: 0, size: 10000 }, q: { title: 'a;b' } });
    expect(fetchMock.mock.calls[0][0]).toBe(
      `http://127.0.0.1:8080/api/v1/notices?q=${encodeURIComponent('title:a;b')}&page=0&size=10000`,
    );
  });

  it('sends form bodies url-encoded, skipping undefined fields', async () => {
    answer(() => ok({}));
    await request('/login', {
      method: 'POST',
      form: { username: '张三', password: 'a&b', type: 1, captchaId: undefined },
    });
    expect(lastInit().method).toBe('POST');
    expect(lastHeaders()['Content-Type']).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(lastInit().body as string);
    expect(Object.fromEntries(body)).toEqual({ username: '张三', password: 'a&b', type: '1' });
  });

  it('sends json bodies with a JSON content type', async () => {
    answer(() => ok({}));
    await request('/api/x', { method: 'PUT', json: { name: '公司', amount: 10000 } });
    expect(lastInit().method).toBe('PUT');
    expect(lastHeaders()['Content-Type']).toBe('application/json');
    expect(JSON.parse(lastInit().body as string)).toEqual({ name: '公司', amount: 10000 });
  });

  it('passes FormData through without setting a content type', async () => {
    answer(() => ok({}));
    const data = new FormData();
    data.set('file', 'x');
    await request('/api/upload', { method: 'POST', body: data });
    expect(lastInit().body).toBe(data);
    expect(lastHeaders()).not.toHaveProperty('Content-Type');
  });
});

describe('request: the error catalogue', () => {
  it('returns the envelope of 1020000 and shows nothing', async () => {
    answer(() => ok({ id: 1 }));
    await expect(request('/api/x')).resolves.toEqual({ code: 1020000, message: '操作成功', content: { id: 1 } });
    expect(currentToasts()).toEqual([]);
  });

  it.each([1040400, 1040002, 1030400, 1056000])('returns the envelope of %i without a general toast', async (code) => {
    answer(() => envelope(code, { errors: { a: 'b' } }, '业务提示'));
    const result = await request('/api/x');
    expect(result.code).toBe(code);
    expect(result.message).toBe('业务提示');
    expect(currentToasts()).toEqual([]);
  });

  it('shows any other code as an error toast with its message for 5000 ms', async () => {
    const seen: (readonly Toast[])[] = [];
    const unsubscribe = subscribeToasts((toasts) => seen.push(toasts));
    answer(() => envelope(1050500, null, '服务器内部错误'));
    const result = await request('/api/x');
    unsubscribe();
    expect(result.code).toBe(1050500);
    expect(currentToasts()).toEqual([
      expect.objectContaining({ kind: 'error', message: '服务器内部错误', durationMs: 5000 }),
    ]);
    expect(seen).toHaveLength(1);
  });

  it('requestContent rejects a non-success code with the server message', async () => {
    answer(() => envelope(1040400, { x: 1 }, '密码错误'));
    const error = await failure(requestContent('/api/x'));
    expect(error.message).toBe('密码错误');
    expect(error.code).toBe(1040400);
    expect(error.content).toEqual({ x: 1 });
    answer(() => ok({ y: 2 }));
    await expect(requestContent('/api/x')).resolves.toEqual({ y: 2 });
  });

  it('HTTP 401 calls the unauthorized handler and rejects with status 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(() => envelope(1040100, null, '登录已过期', 401));
    const error = await failure(request('/api/x'));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(401);
    expect(error.message).toBe('登录已过期');
  });

  it('HTTP 401 without a JSON body still calls the handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(() => new Response('nope', { status: 401 }));
    const error = await failure(request('/api/x'));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(401);
  });

  it('HTTP 403 shows 无权限访问此页面！ and does not log out', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(() => envelope(1040300, null, 'forbidden', 403));
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('无权限访问此页面！');
    expect(handler).not.toHaveBeenCalled();
    expect(currentToasts()).toEqual([expect.objectContaining({ kind: 'error', message: '无权限访问此页面！' })]);
  });

  it('HTTP 502 shows the maintenance warning', async () => {
    answer(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(502);
    expect(currentToasts()).toEqual([
      expect.objectContaining({ kind: 'warning', message: '系统维护中，请联系客服了解维护时间', durationMs: 5000 }),
    ]);
  });

  it.each([500, 404])('HTTP %i shows 服务器{status}，请稍后再试！', async (status) => {
    answer(() => envelope(1050500, null, 'x', status));
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`服务器${status}，请稍后再试！`);
    expect(currentToasts().map((toast) => [toast.kind, toast.message])).toEqual([
      ['error', `服务器${status}，请稍后再试！`],
    ]);
  });

  it('a 200 answer that is not an envelope is an error', async () => {
    answer(() => new Response('<html></html>', { status: 200 }));
    const error = await failure(request('/api/x'));
    expect(error.message).toBe('服务器200，请稍后再试！');
  });

  it('times out after 60000 ms with 请求超时', async () => {
    vi.useFakeTimers();
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    let settled = false;
    const pending = failure(request('/api/slow')).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    expect(inFlightCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.status).toBe(0);
    expect(error.message).toBe('请求超时');
    expect(currentToasts()).toEqual([expect.objectContaining({ kind: 'error', message: '请求超时' })]);
    expect(inFlightCount()).toBe(0);
  });

  it('takes the first paint’s early answer for the same URL instead of fetching, once', async () => {
    vi.stubGlobal('window', {});
    answer(() => ok({ from: 'fetch' }));
    publishEarlyResponse('/api/list?page=0', Promise.resolve(ok({ from: 'early' })));
    expect((await request('/api/list', { query: { page: 0 } })).content).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await request('/api/list', { query: { page: 0 } })).content).toEqual({ from: 'fetch' });
  });

  it('an early answer that never comes still times out with 请求超时', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    answer(() => ok({}));
    publishEarlyResponse('/api/hang', new Promise<Response>(() => {}));
    const pending = failure(request('/api/hang'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await pending).message).toBe('请求超时');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a network failure rejects with status 0 and a message', async () => {
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => {
      throw new TypeError('fetch failed');
    });
    vi.stubGlobal('fetch', fetchMock);
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(0);
    expect(currentToasts()).toEqual([
      expect.objectContaining({ kind: 'error', message: '网络连接失败，请检查网络后重试' }),
    ]);
  });

  it('silent suppresses every toast', async () => {
    answer(() => envelope(1050500, null, '服务器内部错误'));
    await request('/api/x', { silent: true });
    answer(() => envelope(1040300, null, 'x', 403));
    await failure(request('/api/x', { silent: true }));
    answer(() => new Response('', { status: 502 }));
    await failure(request('/api/x', { silent: true }));
    answer(() => new Response('', { status: 500 }));
    await failure(request('/api/x', { silent: true }));
    expect(currentToasts()).toEqual([]);
  });
});

describe('request: in-flight counter', () => {
  function deferredFetch() {
    let resolve!: (response: Response) => void;
    fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(
      () =>
        new Promise<Response>((r) => {
          resolve = r;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return (response: Response) => resolve(response);
  }

  it('counts a call while it runs and returns to 0 after success', async () => {
    const counts: number[] = [];
    const unsubscribe = subscribeInFlight((count) => counts.push(count));
    const finish = deferredFetch();
    const pending = request('/api/x');
    expect(inFlightCount()).toBe(1);
    finish(ok({}));
    await pending;
    unsubscribe();
    expect(inFlightCount()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });

  it('returns to 0 after a failure', async () => {
    const finish = deferredFetch();
    const pending = failure(request('/api/x', { silent: true }));
    expect(inFlightCount()).toBe(1);
    finish(new Response('', { status: 500 }));
    await pending;
    expect(inFlightCount()).toBe(0);
  });

  it('counts two overlapping calls', async () => {
    answer(() => ok({}));
    const both = Promise.all([request('/api/a'), request('/api/b')]);
    expect(inFlightCount()).toBe(2);
    await both;
    expect(inFlightCount()).toBe(0);
  });

  it('does not count background calls', async () => {
    const counts: number[] = [];
    const unsubscribe = subscribeInFlight((count) => counts.push(count));
    const finish = deferredFetch();
    const pending = request('/refresh_token', { method: 'POST', background: true });
    expect(inFlightCount()).toBe(0);
    finish(ok({ token: 't' }));
    await pending;
    unsubscribe();
    expect(counts).toEqual([]);
  });
});
