import type { FastifyInstance } from 'fastify';
import { WEBHOOK_SETTINGS_MSG } from '../../src/domain/merchantWebhooks';
import { OPEN_SCOPES } from '../../src/domain/openApiRules';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { merchantDocumentSchema, merchantKeysSchema } from './merchantKeys.schemas';
import { openApiPart } from './openApiPart';

/**
 * The merchant's side of the open API (the 开放接口 page, /openApi):
 * - GET /api/v1/openapi/keys       the keys of the merchant's own company and edition, read-only: the key id, the
 *                                  first characters of the key check's key, scopes, expiry and limits; never a
 *                                  key, a hash or a secret (keys are granted and rotated by platform staff);
 * - GET /api/v1/openapi/document   the 开放接口 part of the API document (in the envelope, like every answer the
 *                                  web app reads), for any logged-in user: the whole
 *                                  document stays with UI_SYSTEM_TOOL (docsAccess.ts), while this part is what a
 *                                  merchant's developers build against.
 */

function merchantCompany(auth: AuthContext): number {
  if (auth.companyId === null || auth.roleId !== ROLE.merchant) fail(WEBHOOK_SETTINGS_MSG.merchantOnly);
  return auth.companyId;
}

/** Stored scopes in OPEN_SCOPES order; a stored name the server no longer knows is not shown. */
const scopeList = (stored: string) => {
  const given = new Set(stored.split(',').map((scope) => scope.trim()));
  return OPEN_SCOPES.filter((scope) => given.has(scope));
};

export async function merchantKeysRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/openapi/keys', { schema: merchantKeysSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = merchantCompany(auth);
    const rows = await db
      .selectFrom('open_api_keys')
      .select([
        'id',
        'caller',
        'key_prefix',
        'sign_key_id',
        'scopes',
        'expire_time',
        'calls_per_minute',
        'status',
        'prev_until',
        'create_time',
        'last_used_time',
      ])
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', auth.platformMark)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const now = chinaTime();
    return ok(
      rows.map((row) => ({
        id: Number(row.id),
        caller: row.caller,
        keyPrefix: `${row.key_prefix}…`,
        keyId: row.sign_key_id,
        scopes: scopeList(row.scopes),
        expireTime: row.expire_time,
        callsPerMinute: Number(row.calls_per_minute),
        status: Number(row.status),
        expired: row.expire_time !== null && row.expire_time <= now,
        previousValidUntil: row.prev_until !== null && row.prev_until > now ? row.prev_until : null,
        createTime: row.create_time,
        lastUsedTime: row.last_used_time,
      })),
    );
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/v1/openapi/document', { schema: merchantDocumentSchema }, async (request) => {
    requireAuth(request);
    document ??= openApiPart(app.swagger() as unknown as Record<string, unknown>);
    return ok(document);
  });
}
