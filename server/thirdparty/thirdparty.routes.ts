import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { DEFAULT_ROTATION_OVERLAP_HOURS, OPEN_MSG, OPEN_SCOPES } from '../../src/domain/openApiRules';
import {
  DIRECTION,
  OPEN_KEY_HEADER,
  OPEN_KEY_MSG,
  OUTCOME,
  WEBHOOK_MAX_BYTES,
  WEBHOOK_MSG,
} from '../../src/domain/thirdPartyCalls';
import { takeRate } from '../accounts/rateCounters';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { companyOptions } from '../companies/companyPicker';
import { companyForSigning } from '../companies/companySigning';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { parseScopes } from '../openapi/openApiGuard';
import { newSigningCredentials, sealSecret } from '../openapi/secrets';
import { elapsedMs, logCall } from './callLog';
import {
  companyOptionsSchema,
  grantSchema,
  keySettingsSchema,
  replaySchema,
  resetKeySchema,
  verifyKeySchema,
  webhookSchema,
} from './thirdparty.schemas';
import { handleWebhook, WEBHOOK_CALLS_PER_IP, WEBHOOK_REFUSALS_PER_IP } from './webhooks';

/**
 * Third-party calls, besides the engine's lists (thirdPartyCalls.binding.ts):
 * - POST /api/v1/open/enterprises/:enterpriseId/webhook   an enterprise's signed event (webhooks.ts), public;
 * - POST /api/v1/thirdcalls/replay/:id                     an admin re-runs a logged inbound call (UI_DX_ENTERPRISE);
 * - GET  /api/v1/companies/otherplatformmark/companies?name=   the grant form's merchant picker;
 * - POST /api/v1/companies/otherplatformmark { companyId, caller, remark? }   grants a merchant an open-API key;
 * - POST /api/v1/company/baoguset/:id                      replaces a grant's key (UI_LN_ENTERPRISE);
 *   both answer the key once: only its sha256 and first 12 characters are kept;
 * - GET  /api/v1/companies/verifysecretkey  (header secretkey)  the open API's key check, public, logged; a key in
 *   the query string is refused, so no key sits in a URL.
 */
const KEY_ACCESS = { config: { access: { permissions: ['UI_LN_ENTERPRISE'] } } };
const KEY_PREFIX_LENGTH = 12;
/** Open-API key checks per address (public and logged). */
export const KEY_CHECKS_PER_IP = { windowMs: 60_000, max: 120 };

function newKey(): { key: string; prefix: string; hash: string } {
  const key = `lgk_${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashKey(key) };
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Scopes from a body: the known ones, in OPEN_SCOPES order; refuses an empty set. */
function scopesOf(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  const given = parseScopes(Array.isArray(value) ? value.join(',') : String(value));
  const scopes = OPEN_SCOPES.filter((scope) => given.has(scope));
  if (scopes.length === 0) fail(OPEN_MSG.scopesEmpty);
  return scopes.join(',');
}

/** An expiry from a body: a China-time text in the future, or null for none. */
function expiryOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) fail('有效期格式应为 yyyy-MM-dd HH:mm:ss');
  return text;
}

export async function thirdPartyRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  // The webhook reads its body as the raw text it was signed over, in a context of its own. A body over
  // WEBHOOK_MAX_BYTES is refused by Fastify (413, nothing stored); an address over its limits gets 429 unlogged.
  await app.register(async (open) => {
    open.removeAllContentTypeParsers();
    open.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    open.post(
      '/api/v1/open/enterprises/:enterpriseId/webhook',
      { config: { access: { public: true } }, bodyLimit: WEBHOOK_MAX_BYTES, schema: webhookSchema },
      async (request, reply) => {
        if (!(await takeRate(db, `webhook:ip:${request.ip}`, WEBHOOK_CALLS_PER_IP))) {
          return reply.status(429).send({ code: CODE_BUSINESS_ERROR, message: WEBHOOK_MSG.tooMany, content: null });
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const id = Number((request.params as { enterpriseId: string }).enterpriseId);
        const answer = await handleWebhook(db, {
          enterpriseId: Number.isSafeInteger(id) && id > 0 ? id : 0,
          headers: request.headers,
          rawBody: raw,
          remoteIp: request.ip,
          mayRefuse: () => takeRate(db, `webhook:refused:ip:${request.ip}`, WEBHOOK_REFUSALS_PER_IP),
        });
        return reply.status(answer.httpStatus).send(answer.body);
      },
    );
  });

  app.post(
    '/api/v1/thirdcalls/replay/:id',
    { config: { access: { permissions: ['UI_DX_ENTERPRISE'] } }, schema: replaySchema },
    async (request) => {
      const auth = requireAuth(request);
      const id = parseId((request.params as { id: string }).id, '调用记录编号');
      const call = await db
        .selectFrom('third_party_calls')
        .select(['id', 'direction', 'enterprise_id', 'request_headers', 'request_body'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!call) fail('调用记录不存在');
      if (Number(call.direction) !== DIRECTION.inbound || call.enterprise_id === null) {
        fail('只能重放服务主体发来的回调');
      }
      const headers = JSON.parse(call.request_headers ?? '{}') as Record<string, string>;
      const answer = await handleWebhook(db, {
        enterpriseId: Number(call.enterprise_id),
        headers,
        rawBody: call.request_body ?? '',
        remoteIp: request.ip,
        replay: { of: Number(call.id), operator: auth.displayName },
      });
      await recordOperation(db, request, auth, {
        action: 'replay',
        resource: 'thirdPartyCalls',
        recordId: Number(call.id),
        changes: changesBetween(null, { replayCallId: answer.callId, httpStatus: answer.httpStatus }),
      });
      const content = { callId: answer.callId, httpStatus: answer.httpStatus, outcome: answer.outcome };
      if (answer.httpStatus !== 200) fail(`重放已记录（第${answer.callId}条），结果：${answer.body.message}`);
      return ok(content, `重放已记录（第${answer.callId}条），结果：${answer.body.message}`);
    },
  );

  // The grant form's merchant picker: names in the caller's scope.
  app.get(
    '/api/v1/companies/otherplatformmark/companies',
    { ...KEY_ACCESS, schema: companyOptionsSchema },
    async (request) => {
      const auth = requireAuth(request);
      const name = (request.query as { name?: unknown }).name;
      return ok(await companyOptions(db, auth, typeof name === 'string' ? name : ''));
    },
  );

  app.post('/api/v1/companies/otherplatformmark', { ...KEY_ACCESS, schema: grantSchema }, async (request) => {
    const auth = requireAuth(request);
    const body = bodyFields(request.body);
    const companyId = parseId(body.companyId, '商户编号');
    await assertCompanyVisible(db, auth, companyId);
    const company = await companyForSigning(db, companyId);
    if (!company) fail('商户不存在');
    const caller = typeof body.caller === 'string' ? body.caller.trim() : '';
    if ([...caller].length < 2 || [...caller].length > 64) fail('请输入2-64位调用方平台名称');
    const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
    if ([...remark].length > 255) fail('备注不能超过255字');
    const { key, prefix, hash } = newKey();
    const signing = newSigningCredentials();
    const scopes = scopesOf(body.scopes, 'read');
    const expireTime = expiryOf(body.expireTime);
    const now = chinaTime();
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('open_api_keys')
        .values({
          company_id: companyId,
          platform_mark: company.platformMark === 1 ? 1 : 3,
          caller,
          key_prefix: prefix,
          key_hash: hash,
          status: 1,
          remark: remark || null,
          created_by: auth.displayName.slice(0, 64),
          create_time: now,
          update_time: now,
          sign_key_id: signing.keyId,
          secret_enc: sealSecret(config.idKey, signing.secret),
          scopes,
          expire_time: expireTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordOperation(trx, request, auth, {
        action: 'create',
        resource: 'addThirdPartyCall',
        recordId: Number(row.id),
        changes: changesBetween(null, {
          companyId,
          caller,
          keyPrefix: prefix,
          keyId: signing.keyId,
          scopes,
          expireTime,
        }),
      });
      return Number(row.id);
    });
    return ok(
      { id, companyId, companyName: company.name, caller, key, keyId: signing.keyId, signingSecret: signing.secret },
      OPEN_KEY_MSG.created,
    );
  });

  app.post('/api/v1/company/baoguset/:id', { ...KEY_ACCESS, schema: resetKeySchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '授权编号');
    const grant = await db
      .selectFrom('open_api_keys')
      .select(['id', 'company_id', 'caller', 'key_prefix', 'sign_key_id', 'secret_enc'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!grant) fail('授权不存在');
    await assertCompanyVisible(db, auth, Number(grant.company_id));
    const { key, prefix, hash } = newKey();
    // Rotation: the key id stays, a new signing secret signs from now on and the old one until the overlap ends,
    // so the merchant's systems can switch over without a refused call.
    const overlapRaw = bodyFields(request.body).overlapHours;
    const overlapHours = overlapRaw === undefined ? DEFAULT_ROTATION_OVERLAP_HOURS : Number(overlapRaw);
    if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > 720) fail('重叠期应为 0-720 小时');
    const signing = newSigningCredentials();
    const keyId = grant.sign_key_id ?? signing.keyId;
    const prevUntil = grant.secret_enc && overlapHours > 0 ? chinaTime(Date.now() + overlapHours * 3600_000) : null;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('open_api_keys')
        .set({
          key_prefix: prefix,
          key_hash: hash,
          update_time: chinaTime(),
          sign_key_id: keyId,
          secret_enc: sealSecret(config.idKey, signing.secret),
          prev_secret_enc: prevUntil ? grant.secret_enc : null,
          prev_until: prevUntil,
        })
        .where('id', '=', id)
        .execute();
      await recordOperation(trx, request, auth, {
        action: 'resetKey',
        resource: 'addThirdPartyCall',
        recordId: id,
        changes: changesBetween({ keyPrefix: grant.key_prefix }, { keyPrefix: prefix, 旧签名密钥有效至: prevUntil }),
      });
    });
    return ok(
      { id, caller: grant.caller, key, keyId, signingSecret: signing.secret, previousValidUntil: prevUntil },
      OPEN_KEY_MSG.reset,
    );
  });

  // Scopes, expiry and calls a minute of a key: read by the guard at the next call on every process.
  app.put('/api/v1/companies/otherplatformmark/:id', { ...KEY_ACCESS, schema: keySettingsSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '授权编号');
    const grant = await db
      .selectFrom('open_api_keys')
      .select(['id', 'company_id', 'scopes', 'expire_time', 'calls_per_minute'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!grant) fail('授权不存在');
    await assertCompanyVisible(db, auth, Number(grant.company_id));
    const body = bodyFields(request.body);
    const scopes = scopesOf(body.scopes, grant.scopes);
    const expireTime = body.expireTime === undefined ? grant.expire_time : expiryOf(body.expireTime);
    const perMinute = body.callsPerMinute === undefined ? Number(grant.calls_per_minute) : Number(body.callsPerMinute);
    if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > 6000) fail('每分钟调用次数应为 1-6000');
    const before = {
      scopes: grant.scopes,
      expireTime: grant.expire_time,
      callsPerMinute: Number(grant.calls_per_minute),
    };
    const after = { scopes, expireTime, callsPerMinute: perMinute };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('open_api_keys')
        .set({ scopes, expire_time: expireTime, calls_per_minute: perMinute, update_time: chinaTime() })
        .where('id', '=', id)
        .execute();
      await recordOperation(trx, request, auth, {
        action: '修改密钥设置',
        resource: 'addThirdPartyCall',
        recordId: id,
        changes: changesBetween(before, after),
      });
    });
    return ok({ id, ...after }, OPEN_MSG.scopesSaved);
  });

  app.get(
    '/api/v1/companies/verifysecretkey',
    { config: { access: { public: true } }, schema: verifyKeySchema },
    async (request, reply) => {
      // Each check is logged: an address past its limit is refused unlogged, so anonymous calls cannot grow the log.
      if (!(await takeRate(db, `verifykey:ip:${request.ip}`, KEY_CHECKS_PER_IP))) {
        return reply.send({ code: CODE_BUSINESS_ERROR, message: OPEN_KEY_MSG.tooMany, content: null });
      }
      const started = process.hrtime.bigint();
      const raw = request.headers[OPEN_KEY_HEADER];
      const secret = typeof raw === 'string' ? raw.trim() : '';
      const inUrl = (request.query as { secretkey?: unknown }).secretkey !== undefined;
      const grant =
        !inUrl && secret.length >= 16 && secret.length <= 128
          ? await db
              .selectFrom('open_api_keys')
              .innerJoin('companies', 'companies.id', 'open_api_keys.company_id')
              .select([
                'open_api_keys.id',
                'open_api_keys.company_id',
                'open_api_keys.platform_mark',
                'open_api_keys.caller',
                'open_api_keys.status',
                'companies.name',
              ])
              .where('open_api_keys.key_hash', '=', hashKey(secret))
              .executeTakeFirst()
          : undefined;
      const valid = grant !== undefined && Number(grant.status) === 1;
      const body = valid
        ? ok({
            companyId: Number(grant.company_id),
            companyName: grant.name,
            platformMark: Number(grant.platform_mark),
            caller: grant.caller,
          })
        : { code: 1040400, message: inUrl ? OPEN_KEY_MSG.inUrl : OPEN_KEY_MSG.invalid, content: null };
      if (valid) {
        await db
          .updateTable('open_api_keys')
          .set({ last_used_time: chinaTime() })
          .where('id', '=', Number(grant.id))
          .execute();
      }
      await logCall(db, {
        direction: DIRECTION.inbound,
        enterpriseId: null,
        channel: null,
        kind: 'verifysecretkey',
        method: 'GET',
        path: '/api/v1/companies/verifysecretkey',
        // Never the key itself: its first characters are enough to tell keys apart.
        requestBody: JSON.stringify({ secretkey: `${secret.slice(0, KEY_PREFIX_LENGTH)}…` }),
        httpStatus: 200,
        outcome: valid ? OUTCOME.applied : OUTCOME.refused,
        message: body.message,
        responseBody: JSON.stringify(body),
        latencyMs: elapsedMs(started),
        remoteIp: request.ip,
      });
      return reply.send(body);
    },
  );
}
