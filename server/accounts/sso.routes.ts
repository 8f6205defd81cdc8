import { createVerifier } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { parsePlatformMark } from '../../src/domain/editions';
import type { AppServices } from '../appServices';
import { buildLoginContent } from '../auth/loginContent';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { ssoLoginSchema } from './sso.schemas';

/** jti is the primary key: SQLite names that violation PRIMARYKEY, PostgreSQL 23505. */
function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export const SSO_MAX_LIFETIME_SECONDS = 5 * 60;
/**
 * How far the issuer's clock may run ahead of ours: an `iat` up to this far in the future, and a lifetime up to this
 * much past 5 minutes counted from our clock, are still taken. An expired `exp` gets no grace: the jti is kept only
 * until `exp`, so a later acceptance could be a replay.
 */
export const SSO_CLOCK_SKEW_SECONDS = 60;
const JTI_MAX_CHARS = 128;
export const MSG_SSO_FAILED = '单点登录失败，请重新登录';
export const MSG_SSO_DISABLED = '未启用单点登录';

/**
 * POST /api/v1/sso/login { userInf, platformMark }: logs in from another system. userInf is an HS256 JWT signed
 * with SSO_SHARED_SECRET with claims { sub: username, exp (at most 5 minutes ahead), jti, iat? }; each jti (not
 * blank, at most 128 characters) is accepted once (sso_assertions); an `iat` must be a time not in the future (give
 * or take SSO_CLOCK_SKEW_SECONDS), at most 5 minutes before `exp`. Answers the normal login content.
 */
export async function ssoRoutes(app: FastifyInstance, { db, tokens, config }: AppServices): Promise<void> {
  const secret = config.ssoSharedSecret;
  const verify = secret
    ? createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'jti'], cache: false })
    : null;

  app.post('/api/v1/sso/login', { config: { access: { public: true } }, schema: ssoLoginSchema }, async (request) => {
    if (!verify) fail(MSG_SSO_DISABLED);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const assertion = typeof form.userInf === 'string' ? form.userInf.trim() : '';
    let claims: { sub: unknown; exp: number; jti: unknown; iat?: unknown };
    try {
      claims = verify(assertion);
    } catch {
      fail(MSG_SSO_FAILED);
    }
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') fail(MSG_SSO_FAILED);
    // A blank jti is no identifier: every assertion without one would share it.
    if (claims.jti.trim() === '' || claims.jti.length > JTI_MAX_CHARS) fail(MSG_SSO_FAILED);
    if (claims.exp - now > SSO_MAX_LIFETIME_SECONDS + SSO_CLOCK_SKEW_SECONDS) fail(MSG_SSO_FAILED);
    if (claims.iat !== undefined) {
      const iat = claims.iat;
      if (typeof iat !== 'number' || !Number.isFinite(iat)) fail(MSG_SSO_FAILED);
      // Issued in the future: a clock far off, or an assertion minted ahead to be used later.
      if (iat > now + SSO_CLOCK_SKEW_SECONDS) fail(MSG_SSO_FAILED);
      if (claims.exp - iat > SSO_MAX_LIFETIME_SECONDS) fail(MSG_SSO_FAILED);
    }

    const user = await db
      .selectFrom('users')
      .select(['id', 'status', 'role_id', 'platform_mark'])
      .where('username', '=', claims.sub)
      .executeTakeFirst();
    if (user?.status !== 1) fail(MSG_SSO_FAILED);

    await db.deleteFrom('sso_assertions').where('expires_at', '<', Date.now()).execute();
    try {
      await db
        .insertInto('sso_assertions')
        .values({ jti: claims.jti, expires_at: claims.exp * 1000 })
        .execute();
    } catch (error) {
      if (isDuplicateKey(error)) fail(MSG_SSO_FAILED);
      throw error;
    }
    const mark = user.role_id === 2 ? user.platform_mark : parsePlatformMark(form.platformMark ?? form.platformmark);
    return ok(await buildLoginContent(db, tokens, user.id, mark, config), '登录成功');
  });
}
