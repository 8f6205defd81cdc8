import type { Statement } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { ROLE } from '../../src/domain/roles';
import { type Db, sqliteConnectionOf } from '../db/database';
import { freshRead } from '../db/freshRead';
import { ForbiddenError, UnauthenticatedError } from '../http/errors';
import type { TokenClaims, TokenService } from './tokens';

/**
 * Each route declares who may call it in `config.access`:
 * - `{ public: true }`: no token needed;
 * - `{ permissions: [...] }`: any one code (role 1 passes every check);
 * - `{}` (or nothing): any logged-in user.
 */
export interface AccessRule {
  public?: boolean;
  permissions?: readonly string[];
  /** The 403 message for a caller without the codes; default 无权限访问此页面！. */
  denied?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The verified token's claims of a logged-in call (session id, login time). */
    session: TokenClaims | null;
  }
}

export interface AuthContext {
  userId: number;
  username: string;
  roleId: number;
  companyId: number | null;
  platformMark: number;
  displayName: string;
  authorities: Set<string>;
  /** Department ids the user is confined to; null means every department. */
  deptScope: number[] | null;
}

/** Customer service and partners only see companies of their departments (DESIGN §4). */
const DEPARTMENT_SCOPED_ROLES: ReadonlySet<number> = new Set([ROLE.service, ROLE.partner]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : header.trim();
}

/**
 * The user of a verified token, or null when the account is disabled, the token was issued before the user's
 * last password change or reset (token version), or its session was ended by a logout. One read: the user row
 * with the session's revocation joined in.
 */
export async function loadAuthContext(db: Db, claims: TokenClaims): Promise<AuthContext | null> {
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId)) return null;
  const user = await db
    .selectFrom('users')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.sid', '=', claims.sid))
    .select([
      'users.id',
      'users.username',
      'users.role_id',
      'users.company_id',
      'users.platform_mark',
      'users.display_name',
      'users.status',
      'users.token_version',
      'revoked_sessions.sid as revokedSid',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (user?.status !== 1 || user.token_version !== claims.tv || user.revokedSid !== null) return null;
  const [authorities, departments] = await Promise.all([
    db.selectFrom('user_authorities').select('authority').where('user_id', '=', userId).execute(),
    db.selectFrom('user_departments').select('department_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    userId: user.id,
    username: user.username,
    roleId: user.role_id,
    companyId: user.company_id,
    platformMark: user.platform_mark,
    displayName: user.display_name,
    authorities: new Set(authorities.map((row) => row.authority)),
    deptScope: DEPARTMENT_SCOPED_ROLES.has(user.role_id) ? departments.map((row) => row.department_id) : null,
  };
}

export function holdsAny(auth: AuthContext, codes: readonly string[]): boolean {
  return auth.roleId === ROLE.admin || codes.some((code) => auth.authorities.has(code));
}

const AUTH_CHANGES = 'SELECT version FROM auth_changes WHERE id = 1';

/**
 * Reads auth_changes.version (migration 115), which triggers bump in the same transaction as every change a
 * session's access depends on; null when the row is missing (then nothing may be cached). On SQLite the read is
 * one cached statement called synchronously, unless Kysely holds the connection in an open transaction: a read
 * then would see its uncommitted changes, so it queues behind the transaction like any Kysely query.
 */
function authChangesReader(db: Db): () => number | null | Promise<number | null> {
  const compiled = CompiledQuery.raw(AUTH_CHANGES);
  const viaKysely = async () => {
    const row = (await db.executeQuery<{ version: number | string }>(compiled)).rows[0];
    return row ? Number(row.version) : null;
  };
  const sqlite = sqliteConnectionOf(db);
  // PostgreSQL: concurrent requests share one read, none older than the request (freshRead).
  if (!sqlite) return freshRead(viaKysely);
  let statement: Statement<[], number> | null = null;
  return () => {
    if (sqlite.inTransaction) return viaKysely();
    statement ??= sqlite.prepare<[], number>(AUTH_CHANGES).pluck();
    const version = statement.get();
    return version === undefined ? null : version;
  };
}

/** Sessions kept in memory per process; past this many the whole cache starts again. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * loadAuthContext with the answers kept in memory, keyed by user, session and token version, and tagged with the
 * auth_changes version read BEFORE the load. Each request reads that one row: while it is unchanged no user,
 * code, department, role or revocation can have changed (in this process or any other on the same database), so
 * the kept answer is the one loadAuthContext would give; once it moves, every kept answer is dropped. A change
 * committed between the version read and the load only makes the kept answer newer than its tag: the next request
 * sees a newer version and loads again. Refusals (disabled, revoked, older token version) are never kept.
 */
export function cachedAuthContexts(db: Db): (claims: TokenClaims) => Promise<AuthContext | null> {
  const readVersion = authChangesReader(db);
  const kept = new Map<string, { version: number; auth: AuthContext }>();
  let seenVersion: number | null = null;
  return async (claims) => {
    const pending = readVersion();
    const version = pending === null || typeof pending === 'number' ? pending : await pending;
    if (version === null) return loadAuthContext(db, claims);
    if (version !== seenVersion) {
      kept.clear();
      seenVersion = version;
    }
    const key = `${claims.sub} ${claims.sid} ${claims.tv}`;
    const hit = kept.get(key);
    if (hit && hit.version === version) return hit.auth;
    const auth = await loadAuthContext(db, claims);
    if (auth) {
      if (kept.size >= MAX_CACHED_SESSIONS) kept.clear();
      kept.set(key, { version, auth });
    }
    return auth;
  };
}

/** Verifies the token and the route's permission before any handler runs. */
export function registerAccessControl(app: FastifyInstance, db: Db, tokens: TokenService): void {
  const authContextOf = cachedAuthContexts(db);
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!request.routeOptions.url || rule?.public) return;
    const token = bearerToken(request);
    const claims = token ? tokens.verify(token) : null;
    if (!claims) throw new UnauthenticatedError('登录已失效，请重新登录');
    const auth = await authContextOf(claims);
    if (!auth) throw new UnauthenticatedError('登录已失效，请重新登录');
    request.auth = auth;
    request.session = claims;
    if (rule?.permissions && rule.permissions.length > 0 && !holdsAny(auth, rule.permissions)) {
      throw new ForbiddenError(rule.denied ?? '无权限访问此页面！');
    }
  });
}

/** The authenticated user of a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError('请先登录');
  return request.auth;
}
