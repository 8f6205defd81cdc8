import { type Envelope, MESSAGES, NON_ERROR_CODES } from '../src/domain/codes';
import { TIMING } from '../src/domain/session';
import { showToast } from '../src/shell/toast';
import { takeEarlyResponse } from './earlyResponse';
import { requestFinished, requestStarted } from './inFlight';
import { requestHeaders } from './requestHeaders';
import { buildUrl, type Query } from './requestUrl';
import { guardWrite } from './writeGuard';

export { buildUrl, type Query };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Search filters, sent as q=key:value;key2:value2 with each pair encoded on its own. */
  q?: Record<string, unknown>;
  json?: unknown;
  form?: Record<string, string | number | undefined>;
  body?: FormData;
  signal?: AbortSignal;
  /** The caller shows errors itself: no general message. */
  silent?: boolean;
  /** Background calls (token refresh, polling) do not show the loading mask. */
  background?: boolean;
  timeoutMs?: number;
}

/** A failed call: HTTP status (0 for timeout or network), the envelope code and content when present. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly content?: unknown,
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => {};
/** The auth provider decides what a 401 does (log out and return to /login?Rurl=...). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function requestBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.body) return { body: options.body };
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) form.set(key, String(value));
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  if (options.json !== undefined) return { body: JSON.stringify(options.json), contentType: 'application/json' };
  return {};
}

/** Lets the timeout and the caller's abort end a wait on an answer that was not fetched with their signal. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('请求已取消', 'AbortError')), { once: true });
  });
}

function statusMessage(status: number): string {
  return status === 502 ? MESSAGES.maintenance : MESSAGES.serverStatus(status);
}

/**
 * Calls the API and returns its envelope. Maps failures to the spec's messages (§8): timeout
 * 请求超时, 401 → logout, 403 无权限访问此页面！, 502 maintenance, other statuses 服务器{status}，请稍后再试！,
 * and any envelope code outside the non-error list shows its message for 5 s.
 */
export function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const method = options.method ?? 'GET';
  if (method === 'GET' || options.background) return send<T>(path, options);
  const url = buildUrl(path, options.query, options.q);
  return guardWrite({ method, url, json: options.json, form: options.form, body: options.body }, () =>
    send<T>(path, options),
  );
}

async function send<T>(path: string, options: RequestOptions): Promise<Envelope<T>> {
  const { body, contentType } = requestBody(options);
  const headers = requestHeaders(contentType);
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query, options.q);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMING.requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  if (!options.background) requestStarted();

  const notify = (message: string, kind: 'error' | 'warning' = 'error') => {
    if (!options.silent) showToast(message, kind);
  };
  try {
    let response: Response;
    try {
      // The first page of a list may already be on its way, asked for by the boot script (src/boot).
      const early = method === 'GET' ? takeEarlyResponse(url) : undefined;
      response = await (early
        ? Promise.race([early, rejectOnAbort(controller.signal)])
        : fetch(url, { method, headers, body, signal: controller.signal }));
    } catch (error) {
      if (timedOut) {
        notify(MESSAGES.timeout);
        throw new ApiError(MESSAGES.timeout, 0);
      }
      if (options.signal?.aborted) throw error;
      notify('网络连接失败，请检查网络后重试');
      throw new ApiError('网络连接失败，请检查网络后重试', 0);
    }

    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (response.status === 401) {
      onUnauthorized();
      throw new ApiError(envelope?.message || '登录已失效，请重新登录', 401, envelope?.code);
    }
    if (response.status === 403) {
      notify(MESSAGES.forbidden);
      throw new ApiError(MESSAGES.forbidden, 403, envelope?.code);
    }
    if (!response.ok) {
      const message = statusMessage(response.status);
      notify(message, response.status === 502 ? 'warning' : 'error');
      throw new ApiError(message, response.status, envelope?.code, envelope?.content);
    }
    if (!envelope || typeof envelope.code !== 'number') {
      notify(MESSAGES.serverStatus(response.status));
      throw new ApiError(MESSAGES.serverStatus(response.status), response.status);
    }
    if (!NON_ERROR_CODES.has(envelope.code)) notify(envelope.message || '操作失败');
    return envelope;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
    if (!options.background) requestFinished();
  }
}

/**
 * An envelope's content, or its refusal thrown as an ApiError carrying the server's message. This is the one path
 * a business refusal (1040400 and the other codes request() leaves to its caller) takes to the user: unless the
 * caller said `silent` (it shows the message itself, e.g. under a form's fields), the message is shown here, so a
 * caller that only catches to reset its busy state can no longer swallow it.
 */
export function contentOf<T>(envelope: Envelope<T>, options: Pick<RequestOptions, 'silent'> = {}): T {
  if (envelope.code === 1020000) return envelope.content;
  const message = envelope.message || '操作失败';
  if (!options.silent && NON_ERROR_CODES.has(envelope.code)) showToast(message, 'error');
  throw new ApiError(message, 200, envelope.code, envelope.content);
}

/** Like request, but any code other than success is thrown (and shown) by contentOf. */
export async function requestContent<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return contentOf(await request<T>(path, options), options);
}
