import type { Statement } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { effectiveAuthorities } from '../../src/domain/roleGrants';
import { ROLE } from '../../src/domain/roles';
import { type Db, sqliteConnectionOf } from '../db/database';
import { freshRead } from '../db/freshRead';
import { ForbiddenError, UnauthenticatedError } from '../http/errors';
import { type DataScope, departmentsReached, loadDataScope } from './dataScope';
import { subsidiaryOf } from './subsidiaryOf';
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
  /** Subsidiary id of the session (subsidiaryOf.ts); role grants (src/domain/roleGrants.ts) depend on it. */
  subid: number | null;
  /** The codes the user acts with: its stored ones after the role grants (effectiveAuthorities). */
  authorities: Set<string>;
  /**
   * Department ids whose department-keyed records the user reaches; null means every department. Follows the
   * role's data scope (dataScope.ts departmentsReached): its departments for a department scope, none for a
   * subsidiary, assigned or empty scope.
   */
  deptScope: number[] | null;
  /** The role's data scope (src/domain/dataScope.ts); companyScope (scope.ts) turns it into conditions. */
  dataScope: DataScope;
}

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
  const [authorities, departments, subid] = await Promise.all([
    db.selectFrom('user_authorities').select('authority').where('user_id', '=', userId).execute(),
    db.selectFrom('user_departments').select('department_id').where('user_id', '=', userId).execute(),
    subsidiaryOf(db, { id: user.id, company_id: user.company_id }),
  ]);
  const dataScope = await loadDataScope(
    db,
    user,
    departments.map((row) => Number(row.department_id)),
  );
  return {
    userId: user.id,
    username: user.username,
    roleId: user.role_id,
    companyId: user.company_id,
    platformMark: user.platform_mark,
    displayName: user.display_name,
    subid,
    authorities: effectiveAuthorities(
      user.role_id,
      subid,
      authorities.map((row) => row.authority),
    ),
    deptScope: departmentsReached(user.role_id, dataScope),
    dataScope,
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
export function cachedAuthContexts(db: Db): (claims: TokenClaims) => AuthContext | null | Promise<AuthContext | null> {
  const readVersion = authChangesReader(db);
  const kept = new Map<string, { version: number; auth: AuthContext }>();
  let seenVersion: number | null = null;
  const contextAt = (claims: TokenClaims, version: number | null) => {
    if (version === null) return loadAuthContext(db, claims);
    if (version !== seenVersion) {
      kept.clear();
      seenVersion = version;
    }
    const key = `${claims.sub} ${claims.sid} ${claims.tv}`;
    const hit = kept.get(key);
    if (hit && hit.version === version) return hit.auth;
    return loadAuthContext(db, claims).then((auth) => {
      if (auth) {
        if (kept.size >= MAX_CACHED_SESSIONS) kept.clear();
        kept.set(key, { version, auth });
      }
      return auth;
    });
  };
  // A kept session on SQLite is answered synchronously: no promise, no extra turn of the event loop.
  return (claims) => {
    const version = readVersion();
    return version === null || typeof version === 'number'
      ? contextAt(claims, version)
      : version.then((read) => contextAt(claims, read));
  };
}

const LOGGED_OUT = '登录已失效，请重新登录';

/** The request's access once its session is known: the caller's context, or the refusal to answer. */
function admit(
  request: FastifyRequest,
  claims: TokenClaims,
  auth: AuthContext | null,
  rule?: AccessRule,
): Error | null {
  if (!auth) return new UnauthenticatedError(LOGGED_OUT);
  request.auth = auth;
  request.session = claims;
  if (rule?.permissions && rule.permissions.length > 0 && !holdsAny(auth, rule.permissions)) {
    return new ForbiddenError(rule.denied ?? '无权限访问此页面！');
  }
  return null;
}

/**
 * Verifies the token and the route's permission before any handler runs. A callback hook rather than an async
 * one: a kept session (the common case) is admitted without a promise (bench/NOTES.md, API).
 */
export function registerAccessControl(app: FastifyInstance, db: Db, tokens: TokenService): void {
  const authContextOf = cachedAuthContexts(db);
  app.addHook('preHandler', (request, _reply, done) => {
    const route = request.routeOptions;
    const rule = route.config?.access;
    if (!route.url || rule?.public) return done();
    const token = bearerToken(request);
    const claims = token ? tokens.verify(token) : null;
    if (!claims) return done(new UnauthenticatedError(LOGGED_OUT));
    let auth: ReturnType<typeof authContextOf>;
    try {
      auth = authContextOf(claims);
    } catch (error) {
      return done(error as Error);
    }
    if (auth === null || !(auth instanceof Promise)) return done(admit(request, claims, auth, rule) ?? undefined);
    auth.then(
      (loaded) => done(admit(request, claims, loaded, rule) ?? undefined),
      (error: Error) => done(error),
    );
  });
}

/** The authenticated user of a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError('请先登录');
  return request.auth;
}
