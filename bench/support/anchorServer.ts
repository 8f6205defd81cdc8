import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The anchor the API benchmarks compare against: an ordinary Fastify + better-sqlite3 server over the same
 * SQLite file, no authentication, no envelope, no count, no logging, a prepared statement per route. Run as
 * its own process (`node --import tsx bench/support/anchorServer.ts <dataDir>`) exactly like the real server.
 *
 * - GET /company/:id    one company by primary key;
 * - GET /contract/:id   one contract by primary key;
 * - GET /companies?page=n   `SELECT … ORDER BY id DESC LIMIT 25 OFFSET n*25`.
 *
 * Given a PostgreSQL URL as well, the same three under /pg/ over that database through an ordinary `pg` pool of
 * 10 connections (the size the server's pool has), each a named prepared statement: the round trip the server's
 * PostgreSQL reads cannot go below.
 */
async function serve(dataDir: string, databaseUrl?: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const { default: Fastify } = await import('fastify');
  const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  const company = db.prepare(
    'SELECT id, name, credit_code, city, department_id, create_time FROM companies WHERE id = ?',
  );
  const contract = db.prepare(
    'SELECT id, company_id, nm, contract_no, csort, contract_status, sign_status, data_status, start_date, end_date, create_time FROM contracts WHERE id = ?',
  );
  const page = db.prepare(
    'SELECT id, name, credit_code, city, department_id, create_time FROM companies ORDER BY id DESC LIMIT 25 OFFSET ?',
  );
  const app = Fastify({ logger: false });
  app.get('/company/:id', async (request) => company.get(Number((request.params as { id: string }).id)) ?? null);
  app.get('/contract/:id', async (request) => contract.get(Number((request.params as { id: string }).id)) ?? null);
  app.get('/companies', async (request) => page.all(Number((request.query as { page?: string }).page ?? 0) * 25));
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const one = async (name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows[0] ?? null;
    app.get('/pg/company/:id', (request) =>
      one('company', 'SELECT id, name, credit_code, city, department_id, create_time FROM companies WHERE id = $1', [
        Number((request.params as { id: string }).id),
      ]),
    );
    app.get('/pg/contract/:id', (request) =>
      one(
        'contract',
        'SELECT id, company_id, nm, contract_no, csort, contract_status, sign_status, data_status, start_date, end_date, create_time FROM contracts WHERE id = $1',
        [Number((request.params as { id: string }).id)],
      ),
    );
    app.get(
      '/pg/companies',
      async (request) =>
        (
          await pool.query({
            name: 'page',
            text: 'SELECT id, name, credit_code, city, department_id, create_time FROM companies ORDER BY id DESC LIMIT 25 OFFSET $1',
            values: [Number((request.query as { page?: string }).page ?? 0) * 25],
          })
        ).rows,
    );
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${address}`);
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
}

export interface AnchorServer {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the anchor on a free loopback port over `dataDir`'s SQLite file (and `databaseUrl`'s PostgreSQL). */
export function startAnchorServer(dataDir: string, databaseUrl?: string): Promise<AnchorServer> {
  const args = [fileURLToPath(import.meta.url), dataDir, ...(databaseUrl ? [databaseUrl] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (http:\/\/\S+)/.exec(output);
      if (!match) return;
      resolve({
        url: match[1],
        stop: async () => {
          process.removeListener('exit', kill);
          if (child.exitCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`anchor server exited (${code}): ${output}`)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2], process.argv[3]);
