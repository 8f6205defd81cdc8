/**
 * Files Alipay hands out by address (an e-receipt's PDF, a day's bill): fetched with a short timeout, no
 * redirects, a size cap, and only from https or from the gateway's own origin (a loopback gateway in tests), so an
 * answer cannot point the server at an address of its own network.
 */
export const DOWNLOAD_TIMEOUT_MS = 10_000;

export async function downloadFile(url: string, gateway: string, maxBytes: number): Promise<Uint8Array> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new Error('支付宝返回的下载地址无效');
  }
  if (address.protocol !== 'https:' && address.origin !== new URL(gateway).origin) {
    throw new Error('支付宝返回的下载地址不是 https');
  }
  const response = await fetch(address, { redirect: 'error', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`下载失败（HTTP ${response.status}）`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error('下载的文件过大');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('下载的文件过大');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
