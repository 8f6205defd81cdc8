import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { ForbiddenError, UnauthenticatedError } from '../http/errors';
import type { TokenService } from './tokens';

/**
 * Each route declares who may call it in `config.access`:
 * - `{ public: true }`: no token needed;
 * - `{ permissions: [...] }`: any one code (role 1 passes every check);
 * - `{}` (or nothing): any logged-in user.
 */
export interface AccessRule {
  public?: boolean;
  permissions?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
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

export async function loadAuthContext(db: Db, userId: number): Promise<AuthContext | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role_id', 'company_id', 'platform_mark', 'display_name', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.status !== 1) return null;
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
    const auth = await loadAuthContext(db, Number(claims.sub));
    if (!auth) throw new UnauthenticatedError('账号不可用，请重新登录');
    request.auth = auth;
    if (rule?.permissions && rule.permissions.length > 0 && !holdsAny(auth, rule.permissions)) {
      throw new ForbiddenError('无权限访问此页面！');
    }
  });
}

/** The authenticated user of a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError('请先登录');
  return request.auth;
}
