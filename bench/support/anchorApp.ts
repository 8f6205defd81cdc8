import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { listRequest } from '../../providers/listRequest';
import { buildUrl } from '../../providers/requestUrl';
import { RESOURCES } from '../../resources/index';

const APP_DIR = path.resolve('bench/anchorApp');

/**
 * Builds bench/anchorApp (react-admin with two ListGuesser resources, one bundle, no code splitting) once per
 * source and react-admin version into .tmp/, with .gz beside each asset as our dist/ has them; returns the folder.
 */
export async function ensureAnchorBuild(): Promise<string> {
  const version = JSON.parse(readFileSync('node_modules/react-admin/package.json', 'utf8')).version as string;
  const hash = createHash('sha256');
  for (const file of ['index.html', 'main.tsx']) hash.update(readFileSync(path.join(APP_DIR, file)));
  hash.update(version);
  const outDir = path.resolve('.tmp', `bench-anchor-${version}-${hash.digest('hex').slice(0, 8)}`);
  if (existsSync(path.join(outDir, 'index.html'))) return outDir;
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: APP_DIR,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
  for (const name of readdirSync(path.join(outDir, 'assets'))) {
    const file = path.join(outDir, 'assets', name);
    if (statSync(file).isFile() && /\.(js|css)$/.test(name)) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file)));
  }
  return outDir;
}

export interface AnchorServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A small JSON server in ra-data-json-server's shape (GET /api/:resource?_start&_end, X-Total-Count, GET
 * /api/:resource/:id) over rows held in memory, and the anchor's build with its precompressed assets.
 */
export async function startAnchorServer(
  webRoot: string,
  tables: Record<string, Record<string, unknown>[]>,
): Promise<AnchorServer> {
  const app = Fastify({ logger: false });
  app.get<{ Params: { resource: string }; Querystring: Record<string, string> }>('/api/:resource', (request, reply) => {
    const rows = tables[request.params.resource];
    if (!rows) return reply.code(404).send({});
    const start = Number(request.query._start ?? 0);
    const end = Number(request.query._end ?? rows.length);
    reply.header('x-total-count', String(rows.length)).header('access-control-expose-headers', 'X-Total-Count');
    return rows.slice(start, end);
  });
  app.get<{ Params: { resource: string; id: string } }>('/api/:resource/:id', (request, reply) => {
    const row = tables[request.params.resource]?.find((item) => String(item.id) === request.params.id);
    return row ?? reply.code(404).send({});
  });
  await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, preCompressed: true });
  app.get('/*', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, stop: () => app.close() };
}

/** The same rows our list shows (its declaration's request, first page), as plain records for the anchor's JSON server. */
export async function anchorRows(base: string, token: string, name: string, rows: number) {
  const declaration = RESOURCES.find((candidate) => candidate.name === name);
  if (!declaration) throw new Error(`no declaration ${name}`);
  const {
    path: apiPath,
    query,
    q,
  } = listRequest(declaration.api, {
    pagination: { page: 1, perPage: rows },
    sort: declaration.defaultSort,
  });
  const response = await fetch(`${base}${buildUrl(apiPath, query, q)}`, {
    headers: { Authorization: `Bearer ${token}`, platformMark: '1' },
  });
  const envelope = (await response.json()) as { content: { content: Record<string, unknown>[] } };
  return envelope.content.content;
}
