import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';
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

/** Verifies the token and the route's permission before any handler runs. */
export function registerAccessControl(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!request.routeOptions.url || rule?.public) return;
    const token = bearerToken(request);
    const claims = token ? tokens.verify(token) : null;
    if (!claims) throw new UnauthenticatedError('登录已失效，请重新登录');
    const auth = await loadAuthContext(db, claims);
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
