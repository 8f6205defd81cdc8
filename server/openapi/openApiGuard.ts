import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import {
  OPEN_ERRORS,
  OPEN_HEADERS,
  OPEN_SCOPES,
  type OpenErrorName,
  type OpenScope,
  SIGNATURE_WINDOW_MS,
} from '../../src/domain/openApiRules';
import { ROLE } from '../../src/domain/roles';
import { DIRECTION, OUTCOME } from '../../src/domain/thirdPartyCalls';
import { takeRate } from '../accounts/rateCounters';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { isUniqueViolation } from '../http/fieldChecks';
import { elapsedMs, excerpt, logCall } from '../thirdparty/callLog';
import { maskForLog } from '../thirdparty/outboundCalls';
import { WEBHOOK_REFUSALS_PER_IP } from '../thirdparty/webhooks';
import { openSecret } from './secrets';
import { sameSignature, signatureOf } from './signature';

/**
 * The one gate of every /open/v1 route, registered on their plugin (openApi.routes.ts), so no route can be added
 * without it. In order: the four signature headers, the 5-minute window, the key (read from the database on every
 * call, so a revocation or a new expiry holds on every process at the next call), the signature with the current
 * secret or, during a rotation's overlap, the previous one, the nonce (a row in open_api_nonces: its unique index
 * refuses a replay on every process; the daily log retention prunes rows past the window), the route's scope, the
 * key's calls a minute (rate_counters). A refusal answers the HTTP status and `content.error` of OPEN_ERRORS.
 * Every signed call, admitted or refused, is one row of the third-party call log, with the key id masked and the
 * signature left out; an unsigned or wrongly signed one is logged with an excerpt of its body, up to the inbound
 * webhook's refusals per address. The server log never sees the headers.
 */

export interface OpenCaller {
  keyRowId: number;
  keyId: string;
  caller: string;
  companyId: number;
  platformMark: number;
  scopes: ReadonlySet<OpenScope>;
}

declare module 'fastify' {
  interface FastifyRequest {
    openCaller?: OpenCaller;
    /** The body as sent (what the signature covers). */
    rawBody?: string;
    openStarted?: bigint;
    openRefusal?: OpenErrorName;
    /** The call carried a valid signature of a known key (its refusals come from the key's holder). */
    openSigned?: boolean;
  }
  interface FastifyContextConfig {
    /** The scope an /open/v1 route needs. */
    openScope?: OpenScope;
  }
}

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const KEY_ID = /^lgak_[0-9a-f]{24}$/;

export const maskKeyId = (keyId: string) => (keyId.length > 12 ? `${keyId.slice(0, 9)}…${keyId.slice(-2)}` : '***');

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

export function parseScopes(text: string): Set<OpenScope> {
  const known = new Set<string>(OPEN_SCOPES);
  return new Set(text.split(',').filter((scope): scope is OpenScope => known.has(scope)));
}

function refuse(request: FastifyRequest, reply: FastifyReply, name: OpenErrorName) {
  const refusal = OPEN_ERRORS[name];
  request.openRefusal = name;
  return reply
    .status(refusal.status)
    .send({ code: CODE_BUSINESS_ERROR, message: refusal.message, content: { error: refusal.error } });
}

/** The merchant's main account acts for the key: drafts, batches and the operation log name it. */
async function actingAuth(db: Db, caller: OpenCaller): Promise<AuthContext | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('company_id', '=', caller.companyId)
    .where('role_id', '=', ROLE.merchant)
    .where('parent_user_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!user) return null;
  return {
    userId: Number(user.id),
    username: user.username,
    roleId: ROLE.merchant,
    companyId: caller.companyId,
    platformMark: caller.platformMark,
    displayName: `开放接口（${caller.caller}）`.slice(0, 64),
    subid: null,
    authorities: new Set(),
    deptScope: null,
    dataScope: 1 as never,
  };
}

export function registerOpenApiGuard(app: FastifyInstance, db: Db, serverKey: string): void {
  // The raw body is kept for the signature; JSON is parsed from it, so what is signed is what is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : '';
    request.rawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('请求内容不是有效的 JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.addHook('onRequest', (request, _reply, done) => {
    request.openStarted = process.hrtime.bigint();
    done();
  });

  // preValidation: the body is parsed, and no unsigned call reaches the schema's checks or learns from them.
  app.addHook('preValidation', async (request, reply) => {
    const keyId = header(request, OPEN_HEADERS.key);
    const timestamp = header(request, OPEN_HEADERS.timestamp);
    const nonce = header(request, OPEN_HEADERS.nonce);
    const signature = header(request, OPEN_HEADERS.signature).toLowerCase();
    if (!keyId || !timestamp || !nonce || !signature) return refuse(request, reply, 'unsigned');
    const now = Date.now();
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN;
    if (!Number.isFinite(seconds) || Math.abs(now - seconds) > SIGNATURE_WINDOW_MS) {
      return refuse(request, reply, 'stale');
    }
    if (!NONCE.test(nonce)) return refuse(request, reply, 'badSignature');
    const key = KEY_ID.test(keyId)
      ? await db
          .selectFrom('open_api_keys')
          .select([
            'id',
            'company_id',
            'platform_mark',
            'caller',
            'status',
            'secret_enc',
            'prev_secret_enc',
            'prev_until',
            'scopes',
            'expire_time',
            'calls_per_minute',
          ])
          .where('sign_key_id', '=', keyId)
          .executeTakeFirst()
      : undefined;
    if (!key?.secret_enc) return refuse(request, reply, 'unknownKey');
    const nowText = chinaTime(now);
    const [path, query = ''] = request.url.split(/\?(.*)$/s, 2);
    const parts = { method: request.method, path, query, timestamp, nonce, body: request.rawBody ?? '' };
    const secrets = [key.secret_enc];
    if (key.prev_secret_enc && key.prev_until && key.prev_until > nowText) secrets.push(key.prev_secret_enc);
    const signed = secrets.some((sealed) =>
      sameSignature(signature, signatureOf(openSecret(serverKey, sealed), parts)),
    );
    if (!signed) return refuse(request, reply, 'badSignature');
    request.openSigned = true;
    // Checked after the signature: only the key's holder learns that it is revoked or expired.
    if (Number(key.status) !== 1) return refuse(request, reply, 'revoked');
    if (key.expire_time && key.expire_time <= nowText) return refuse(request, reply, 'expired');
    const keyRowId = Number(key.id);
    try {
      await db.insertInto('open_api_nonces').values({ key_id: keyRowId, nonce, seen_at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return refuse(request, reply, 'replayed');
      throw error;
    }
    const caller: OpenCaller = {
      keyRowId,
      keyId,
      caller: key.caller,
      companyId: Number(key.company_id),
      platformMark: Number(key.platform_mark),
      scopes: parseScopes(key.scopes),
    };
    request.openCaller = caller;
    const needed = request.routeOptions.config?.openScope;
    if (!needed || !caller.scopes.has(needed)) return refuse(request, reply, 'scope');
    const limit = { windowMs: 60_000, max: Number(key.calls_per_minute) };
    if (!(await takeRate(db, `openapi:key:${keyRowId}`, limit))) return refuse(request, reply, 'tooMany');
    const auth = await actingAuth(db, caller);
    if (auth) request.auth = auth;
    await db.updateTable('open_api_keys').set({ last_used_time: nowText }).where('id', '=', keyRowId).execute();
  });

  // One row per call in the third-party call log, after the answer is known.
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.openCaller;
    const keyId = header(request, OPEN_HEADERS.key);
    // A call nobody signed is logged as the inbound webhook logs its refusals: up to WEBHOOK_REFUSALS_PER_IP per
    // address, with an excerpt of its body only, so unsigned traffic cannot fill the call log.
    if (!request.openSigned && !(await takeRate(db, `openapi:refused:ip:${request.ip}`, WEBHOOK_REFUSALS_PER_IP))) {
      return payload;
    }
    let body: unknown = excerpt(request.rawBody ?? '');
    if (request.openSigned && request.rawBody) {
      try {
        body = maskForLog(JSON.parse(request.rawBody));
      } catch {
        // Signed but not JSON: the excerpt stands.
      }
    }
    const text = typeof payload === 'string' ? payload : '';
    const admitted = !request.openRefusal && reply.statusCode < 400;
    await logCall(db, {
      direction: DIRECTION.inbound,
      enterpriseId: null,
      channel: null,
      kind: `openapi.${request.routeOptions.config?.openScope ?? 'call'}`,
      eventId: request.openRefusal ? OPEN_ERRORS[request.openRefusal].error : null,
      method: request.method,
      path: request.url.split('?')[0],
      requestHeaders: {
        [OPEN_HEADERS.key]: keyId ? maskKeyId(keyId) : '',
        [OPEN_HEADERS.timestamp]: header(request, OPEN_HEADERS.timestamp),
        [OPEN_HEADERS.nonce]: header(request, OPEN_HEADERS.nonce),
        ...(caller ? { company: String(caller.companyId) } : {}),
      },
      requestBody: typeof body === 'string' ? body : JSON.stringify(body),
      httpStatus: reply.statusCode,
      outcome: admitted ? OUTCOME.applied : OUTCOME.refused,
      message: text.match(/"message":"((?:[^"\\]|\\.)*)"/)?.[1] ?? null,
      responseBody: excerpt(text, 64 * 1024),
      latencyMs: request.openStarted ? elapsedMs(request.openStarted) : 0,
      remoteIp: request.ip,
    });
    return payload;
  });
}
