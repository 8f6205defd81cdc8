import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { renderSms, type SmsMessage } from '../../../server/accounts/sms/smsMessages';
import type { SmsSender } from '../../../server/accounts/sms/smsSender';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { type Db, migrateToLatest, openDatabase } from '../../../server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../server/db/seed/demo';
import { amountsBelowFen } from '../../../server/money/wholeFen';
import { dropDatabaseWhenFree, type SeededTemplate, urlOfDatabase, withPgClient } from './seededTemplate';

/** An SmsSender that keeps every message (and its wording as the development sender renders it) instead of sending it. */
export interface CapturingSms extends SmsSender {
  messages: { mobile: string; text: string; message: SmsMessage }[];
}

export function capturingSms(): CapturingSms {
  const messages: CapturingSms['messages'] = [];
  return {
    messages,
    async send(mobile, message) {
      messages.push({ mobile, text: renderSms(message), message });
      return undefined;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  sms: CapturingSms;
  /** 'sqlite' by default, 'postgres' when DATABASE_URL is set. */
  dialect: 'sqlite' | 'postgres';
  /**
   * The PostgreSQL schema of this app (null on SQLite), so a test can open a second connection to the same data
   * (with `config.databaseUrl`: the app may have a database of its own).
   */
  schema: string | null;
  close(): Promise<void>;
}

/** 48 random URL-safe characters. */
export function randomSecret(): string {
  return randomBytes(36).toString('base64url');
}

/**
 * A fresh server per test file: its own data directory, a migrated and seeded database (SQLite, or PostgreSQL when
 * DATABASE_URL is set) and an SMS sender that records what it would send.
 * `env` adds or overrides configuration (e.g. WEB_ROOT, TOKEN_TTL_SECONDS).
 * The database is a copy of the run's seeded template (tests/api/support/globalSetup.ts): on SQLite a copy of its
 * file, on PostgreSQL a database of its own made from the template; without a template (or when `env` names
 * another database) the app migrates and seeds its own (on PostgreSQL in a schema of its own).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/lg-api-`);
  const databaseUrl = process.env.DATABASE_URL || '';
  const baseEnv = {
    DATA_DIR: dataDir,
    LOG_SMS_CODES: '0',
    JWT_SECRET: randomSecret(),
    // A folder without index.html: only the API is served unless a test points WEB_ROOT elsewhere.
    WEB_ROOT: path.join(dataDir, 'no-web-app'),
    DATABASE_URL: databaseUrl,
    // Payouts are paid when a test drains them (app.payouts.drain()), never in the background.
    PAYOUT_AUTO: '0',
    ...env,
  };
  const template = templateFor(baseEnv.DATABASE_URL || '', databaseUrl);
  let cleanUp = async () => {};
  let schema: string | null = null;
  let seeded = false;
  if (template?.kind === 'postgres') {
    // Named after the template, so that the run's teardown finds any copy a test left behind.
    const database = `${template.database}_${randomBytes(6).toString('hex')}`;
    await withPgClient(template.url, (client) =>
      client.query(`CREATE DATABASE ${database} TEMPLATE ${template.database}`),
    );
    cleanUp = () => dropDatabaseWhenFree(template.url, database);
    baseEnv.DATABASE_URL = urlOfDatabase(template.url, database);
    schema = 'public';
    seeded = true;
  } else if (baseEnv.DATABASE_URL) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const url = baseEnv.DATABASE_URL;
    await withPgClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
    cleanUp = async () => {
      await withPgClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    };
  }
  const config = loadConfig(baseEnv);
  if (template?.kind === 'sqlite') {
    fs.copyFileSync(template.file, path.join(config.dataDir, 'app.sqlite'));
    seeded = true;
  }
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    searchPath: schema ?? undefined,
  });
  const sms = capturingSms();
  let app: FastifyInstance | null = null;
  const close = async () => {
    // Whatever the file did, no money column may hold a fraction of a fen at its end: every money flow
    // the suite runs is checked, not only the ones a test looks at. (A database the test broke is not checked.)
    const belowFen = await amountsBelowFen(db).catch(() => []);
    await app?.close();
    await db.destroy();
    await cleanUp();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (belowFen.length > 0) {
      throw new Error(
        `金额不是整分：${belowFen.map((item) => `${item.table}.${item.column} ${item.rows} 行`).join('，')}`,
      );
    }
  };
  try {
    // On a copy of the template this finds nothing to do.
    await migrateToLatest(db);
    if (!seeded) await seedDemo(db);
    // A test that chose a real SMS provider (SMS_PROVIDER, pointed at a loopback fake) gets the app's own sender.
    const realSms = Boolean(env.SMS_PROVIDER) && env.SMS_PROVIDER !== 'log';
    app = await buildApp({ config, db, logger: false, sms: realSms ? undefined : sms });
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return { app, db, config, sms, dialect: config.databaseUrl ? 'postgres' : 'sqlite', schema, close };
}

/** The run's template when it is of the database this app uses (`url`: its DATABASE_URL, '' for SQLite). */
function templateFor(url: string, runUrl: string): SeededTemplate | null {
  const template = inject('seededTemplate') ?? null;
  if (!template || url !== runUrl) return null;
  return (template.kind === 'postgres') === Boolean(url) ? template : null;
}

// --- Envelope ---------------------------------------------------------------------------------------

export interface Envelope<T = any> {
  code: number;
  message: string;
  content: T;
}

/** Parses a JSON response and checks it is exactly `{ code, message, content }` (DESIGN §2). */
export function envelopeOf<T = any>(response: LightMyRequestResponse): Envelope<T> {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'content', 'message']);
  expect(typeof body.code).toBe('number');
  expect(typeof body.message).toBe('string');
  return body as Envelope<T>;
}

// --- Login ------------------------------------------------------------------------------------------

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The browser posts forms (application/x-www-form-urlencoded). */
export function formRequest(
  url: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  return {
    method: 'POST' as const,
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  };
}

/**
 * POST /login as the browser does: the password leaves as SHA-256 hex, type 1 (standard tab) or 3 (small-scale
 * tab), platformMark as form field and header. `extra` adds captchaId / captchaCode or overrides fields.
 */
export async function loginResponse(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  type = 1,
  extra: Record<string, string | number> = {},
): Promise<LightMyRequestResponse> {
  const platformMark = String(extra.platformMark ?? (type === 3 ? 3 : 1));
  return app.inject(
    formRequest('/login', { username, password: sha256Hex(password), type, platformMark, ...extra }, { platformMark }),
  );
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  type = 1,
  extra: Record<string, string | number> = {},
): Promise<Envelope> {
  const response = await loginResponse(app, username, password, type, extra);
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

/** Logs in and returns the token, failing the test when the login does not succeed. */
export async function tokenOf(app: FastifyInstance, username: string, type = 1): Promise<string> {
  const answer = await login(app, username, DEMO_PASSWORD, type);
  expect(answer.code, `${username}: ${answer.message}`).toBe(1020000);
  return answer.content.token as string;
}

// --- Authenticated calls ----------------------------------------------------------------------------

export interface AuthedClient {
  (options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields?: Record<string, string | number>): Promise<LightMyRequestResponse>;
}

/** An inject wrapper that adds `Authorization: Bearer <token>` and `platformMark` like the browser. */
export function authed(app: FastifyInstance, token: string, platformMark: 1 | 3 = 1): AuthedClient {
  const headers = { authorization: `Bearer ${token}`, platformmark: String(platformMark) };
  const client = ((options: InjectOptions) =>
    app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } })) as AuthedClient;
  client.get = (url) => client({ method: 'GET', url });
  client.post = (url, fields = {}) => client(formRequest(url, fields));
  return client;
}

// --- Captcha and SMS --------------------------------------------------------------------------------

/** Fetches an image captcha from the API and reads its answer from the captchas table. */
export async function solveCaptcha(app: FastifyInstance, db: Db): Promise<{ captchaId: string; code: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/common/captcha' });
  expect(response.statusCode).toBe(200);
  const answer = envelopeOf<{ captchaId: string; image: string }>(response);
  expect(answer.code).toBe(1020000);
  expect(answer.content.image).toMatch(/^data:image\/png;base64,/);
  const captchaId = answer.content.captchaId;
  const row = await db.selectFrom('captchas').select('code').where('id', '=', captchaId).executeTakeFirstOrThrow();
  return { captchaId, code: row.code };
}

/** The latest SMS code stored for a mobile, straight from the sms_codes table. */
export async function lastSmsCode(db: Db, mobile: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sms_codes')
    .select('code')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.code;
}

/** Sends an SMS code (captcha solved) the way the login page does; returns the answer of the send. */
export async function sendSmsCode(
  app: FastifyInstance,
  db: Db,
  mobile: string,
  type = 1,
  captcha?: { captchaId: string; code: string },
): Promise<Envelope> {
  const solved = captcha ?? (await solveCaptcha(app, db));
  const response = await app.inject(
    formRequest('/api/v1/sms/vericodeno', { mobile, type, token: solved.captchaId, code: solved.code, module: 2 }),
  );
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

// --- Tokens -----------------------------------------------------------------------------------------

export function decodeJwtPart(token: string, index: 0 | 1): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8'));
}
