import { buildUrl, type Query } from '../../providers/httpClient';
import { requestHeaders } from '../../providers/requestHeaders';

/**
 * A file the API streams to a logged-in user, saved under the server's name (Content-Disposition). A refusal
 * (an envelope instead of a file) rejects with the server's message, for the caller to show.
 */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  query: Query = {},
  json?: unknown,
  q?: Record<string, unknown>,
): Promise<void> {
  const { blob, name } = await fetchApiFile(path, query, json, q);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file the API answers (a POST when `json` is given; `q` a list's filters, as q=), with the server's name for
 * it; a refusal rejects.
 */
export async function fetchApiFile(
  path: string,
  query: Query = {},
  json?: unknown,
  q?: Record<string, unknown>,
): Promise<{ blob: Blob; name: string | null }> {
  const response = await fetch(
    buildUrl(path, query, q),
    json === undefined
      ? { headers: requestHeaders() }
      : { method: 'POST', headers: requestHeaders('application/json'), body: JSON.stringify(json) },
  );
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    let message = response.status === 403 ? '无权限下载' : `下载失败（${response.status}）`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the status message
    }
    throw new Error(message);
  }
  const match = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), name: match ? decodeURIComponent(match[1]) : null };
}
