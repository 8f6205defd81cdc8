import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/access';
import type { Database } from '../db/schema';
import { chinaTime } from '../db/time';

/**
 * The operation log (操作日志): every write leaves one row with who, when, the API path, the record and the
 * changed fields before → after. The engine and the money services write it in the transaction of the change
 * (`recordOperation`); any other authenticated write is recorded after it succeeded (`registerOperationLogFallback`
 * in server/app.ts), so nothing that changes data is missing from it.
 */

export type Changes = Record<string, readonly [unknown, unknown]>;

export interface OperationEntry {
  action: string;
  resource?: string | null;
  recordId?: number | null;
  /** The record's name (its declaration's recordTitle), shown as 记录 in the log. */
  recordTitle?: string | null;
  changes: Changes;
}

/**
 * Fields whose values never enter the log, only the fact that they changed, are declared, never guessed from a
 * name: a declared entity marks them (a field's `secret`, its binding's `secretFields`, see `declaredSecrets`),
 * a hand-written route may add its own (`config.secretFields`), and the bodies of hand-written routes, which have
 * no declaration, are read with this list of the secrets they carry. Anything else is shown as it is: a field
 * named `code` is a bank's or an industry's code, a `passwordTime` a date.
 */
export const HAND_WRITTEN_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'repassword',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'loginPassword',
  'payPassword',
  'oldPayPassword',
  'newPayPassword',
  'smsCode',
  'captcha',
  'captchaCode',
  'token',
  'refreshToken',
  'secret',
  'secretKey',
]);

/** The secret fields of a declared entity: its fields marked `secret` and its binding's `secretFields`. */
export function declaredSecrets(
  fields: readonly { source: string; secret?: boolean }[],
  secretFields: readonly string[] = [],
): ReadonlySet<string> {
  return new Set([...fields.filter((field) => field.secret).map((field) => field.source), ...secretFields]);
}
const MAX_VALUE_CHARS = 500;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a search with a body, a preview, a token refresh): not an operation to log. */
    readOnly?: boolean;
    /** Body fields of this hand-written route the fallback logs only as changed, besides HAND_WRITTEN_SECRET_FIELDS. */
    secretFields?: readonly string[];
  }
  interface FastifyRequest {
    /** Set once the request's write is in the operation log, so the fallback does not log it twice. */
    operationLogged?: boolean;
  }
}

function logValue(field: string, value: unknown, secrets: ReadonlySet<string>): unknown {
  if (value === undefined) return null;
  if (secrets.has(field)) return value === null || value === '' ? value : '******';
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  return value;
}

/**
 * The fields whose values differ between `before` and `after` (either may be null: create, delete), `secrets`
 * masked: a declared entity's (`declaredSecrets`), else the hand-written routes' list.
 */
export function changesBetween(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  secrets: ReadonlySet<string> = HAND_WRITTEN_SECRET_FIELDS,
): Changes {
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to))
      changes[field] = [logValue(field, from, secrets), logValue(field, to, secrets)];
  }
  return changes;
}

/** Writes one entry for this request; pass the transaction of the change so both commit or neither. */
export async function recordOperation(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: AuthContext,
  entry: OperationEntry,
): Promise<void> {
  await db
    .insertInto('operation_logs')
    .values({
      user_id: auth.userId,
      username: auth.username,
      role_id: auth.roleId,
      create_time: chinaTime(),
      method: request.method,
      path: request.url.split('?')[0].slice(0, 256),
      resource: entry.resource ?? null,
      action: entry.action.slice(0, 32),
      record_id: entry.recordId ?? null,
      record_title: entry.recordTitle ? String(entry.recordTitle).slice(0, 128) : null,
      changes: JSON.stringify(entry.changes),
      ip: request.ip.slice(0, 64),
    })
    .execute();
  request.operationLogged = true;
}

/** Writes the entry inside a service's own transaction (money services take it as their `audit` step). */
export type Audit = (tx: Kysely<Database>) => Promise<void>;

export function auditOf(request: FastifyRequest, auth: AuthContext, entry: OperationEntry): Audit {
  return (tx) => recordOperation(tx, request, auth, entry);
}

/** A hand-written write's body as changes (after values only), secrets masked. */
export function bodyChanges(body: unknown, secrets: ReadonlySet<string> = HAND_WRITTEN_SECRET_FIELDS): Changes {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const changes: Changes = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== null && typeof value === 'object') continue;
    changes[field] = [null, logValue(field, value, secrets)];
  }
  return changes;
}

/**
 * Logs every successful authenticated write that did not log itself (hand-written routes outside a
 * transaction-owning service): after the answer is built, with the request body as the changes.
 */
export function registerOperationLogFallback(app: import('fastify').FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const skip =
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      request.operationLogged ||
      !request.auth ||
      request.routeOptions.config?.readOnly ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !payload.startsWith('{"code":1020000');
    if (skip) return done(null, payload);
    const rawId = Number((request.params as { id?: unknown } | undefined)?.id);
    const routeSecrets = request.routeOptions.config?.secretFields;
    recordOperation(db, request, request.auth as AuthContext, {
      action: request.method,
      recordId: Number.isSafeInteger(rawId) ? rawId : null,
      changes: bodyChanges(
        request.body,
        routeSecrets ? new Set([...HAND_WRITTEN_SECRET_FIELDS, ...routeSecrets]) : HAND_WRITTEN_SECRET_FIELDS,
      ),
    }).then(() => done(null, payload), done);
  });
}
