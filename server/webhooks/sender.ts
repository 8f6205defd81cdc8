import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { CheckedTarget } from './addressGuard';

/**
 * One POST of a pushed event to an address addressGuard.ts checked: to the checked address itself (the name is
 * not resolved again; the Host header and the TLS server name stay the merchant's), no redirect followed (a 3xx is
 * an answer like any other non-2xx), 3 s to connect, 10 s in all, at most RESPONSE_LIMIT bytes of the answer read.
 */
export const SEND_LIMITS = { connectMs: 3_000, totalMs: 10_000, responseBytes: 16 * 1024 } as const;

export interface SendResult {
  /** The HTTP status, or null when no answer came (the error says why). */
  status: number | null;
  body: string;
  error: string | null;
  durationMs: number;
}

export function send(
  target: Extract<CheckedTarget, { ok: true }>,
  headers: Record<string, string>,
  body: string,
  limits: { connectMs: number; totalMs: number; responseBytes: number } = SEND_LIMITS,
): Promise<SendResult> {
  const started = Date.now();
  const { url } = target;
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      resolve({ ...result, durationMs: Date.now() - started });
    };
    const options = {
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false as const,
      servername: secure && !isIP(target.hostname) ? target.hostname : undefined,
      headers: {
        ...headers,
        host: url.host,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'lg-webhook/1.0',
      },
    };
    const request = (secure ? https : http).request(options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size >= limits.responseBytes) return;
        chunks.push(chunk.subarray(0, limits.responseBytes - size));
        size += chunk.length;
        if (size >= limits.responseBytes) {
          // Enough to show: the rest is not read.
          finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
          response.destroy();
        }
      });
      response.on('end', () =>
        finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }),
      );
      response.on('error', () =>
        finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }),
      );
    });
    const connect = setTimeout(() => {
      request.destroy(new Error(`连接超时（${limits.connectMs / 1000} 秒）`));
    }, limits.connectMs);
    const total = setTimeout(() => {
      request.destroy(new Error(`请求超时（${limits.totalMs / 1000} 秒）`));
    }, limits.totalMs);
    request.on('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connect));
    });
    request.on('error', (error) => finish({ status: null, body: '', error: reasonOf(error) }));
    request.end(body);
  });
}

function reasonOf(error: Error & { code?: string }): string {
  if (error.message.includes('超时')) return error.message;
  if (error.code === 'ECONNREFUSED') return '连接被拒绝';
  if (error.code === 'ECONNRESET') return '连接被对方重置';
  if (error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH') return '无法到达对方主机';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `证书校验失败（${error.code}）`;
  return `请求失败（${error.code ?? error.message}）`.slice(0, 200);
}
