import { buildUrl, type Query } from '../../providers/httpClient';
import { requestHeaders } from '../../providers/requestHeaders';

/**
 * A file the API streams to a logged-in user, saved under the server's name (Content-Disposition). A refusal
 * (an envelope instead of a file) rejects with the server's message, for the caller to show.
 */
export async function downloadApiFile(path: string, fallbackName: string, query: Query = {}): Promise<void> {
  const response = await fetch(buildUrl(path, query), { headers: requestHeaders() });
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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = match ? decodeURIComponent(match[1]) : fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
