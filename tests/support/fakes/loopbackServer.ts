import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface LoopbackAnswer {
  status: number;
  body: unknown;
}

/** An HTTP server on 127.0.0.1 at a free port, answering JSON; `close` stops it. */
export async function startLoopbackServer(
  handle: (request: LoopbackRequest) => LoopbackAnswer | Promise<LoopbackAnswer>,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      let answer: LoopbackAnswer;
      try {
        answer = await handle({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
      } catch (error) {
        answer = { status: 500, body: { message: String(error) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
