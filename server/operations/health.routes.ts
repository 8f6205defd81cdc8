import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CODE_OK, CODE_SERVER_ERROR } from '../../src/domain/codes';
import type { AppServices } from '../appServices';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/availability';
import { isPostgres } from '../db/migrations/columns';
import { healthSchema } from './health.schemas';

export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
/** A database that has not answered `select 1` within this long counts as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;
const STARTED = Date.now();

export interface DatabaseProbe {
  reachable: boolean;
  latencyMs: number;
  error?: string;
}

export async function probeDatabase(db: AppServices['db']): Promise<DatabaseProbe> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${PROBE_TIMEOUT_MS} ms 内无应答`)), PROBE_TIMEOUT_MS);
      }),
    ]);
    return { reachable: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch (error) {
    return {
      reachable: false,
      latencyMs: Math.round(performance.now() - start),
      error: (error as Error).message.slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health   public, for load balancers and supervisors: 200 when this process serves and its database
 * answers, 503 otherwise; the envelope's content says which (process, version, database and its latency). It
 * never reveals configuration or data.
 */
export async function healthRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/health', { config: { access: { public: true } }, schema: healthSchema }, async (_request, reply) => {
    const database = await probeDatabase(db);
    const content = {
      status: database.reachable ? 'up' : 'down',
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - STARTED) / 1000),
      pid: process.pid,
      database: { dialect: isPostgres(db) ? 'postgres' : 'sqlite', ...database },
    };
    reply.status(database.reachable ? 200 : 503);
    return database.reachable
      ? { code: CODE_OK, message: '服务正常', content }
      : { code: CODE_SERVER_ERROR, message: DATABASE_UNAVAILABLE_MESSAGE, content };
  });
}
