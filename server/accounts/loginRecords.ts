import { createDecoder } from 'fast-jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_OK } from '../../src/domain/codes';
import { LOGIN_MODE, LOGIN_RESULT, SESSION_END } from '../../src/domain/loginLog';
import { maskMobile } from '../../src/domain/smsLog';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { createSessionActivity, endSession, openSession, renewSession } from './onlineSessions';
import { describeUserAgent } from './userAgent';

/**
 * The one place every login path is recorded (登录日志) and every session it opens is tracked (在线用户): an onRoute
 * hook gives the login routes, the token refresh and the logout a preSerialization step that reads the envelope the
 * route answers — success, the handler's refusal, the maintenance window's, a schema's — so a login route needs
 * nothing of its own, and no other route pays for it. A login path is a route here; tests/unit/loginRoutes.test.ts
 * fails when a module that issues login tokens serves a public route missing from LOGIN_ROUTES.
 *
 * Only the account name, the masked mobile of an SMS login and the answer's message are kept: never the password,
 * an SMS or image code, or an SSO assertion.
 */
type Form = Record<string, unknown>;

/** Each login route and the login mode of a request to it (the form says which for POST /login). */
export const LOGIN_ROUTES: Readonly<Record<string, (form: Form) => number>> = {
  '/login': (form) =>
    String(form.switchCompany ?? '') === '1'
      ? LOGIN_MODE.switchCompany
      : String(form.type ?? '') === '3'
        ? LOGIN_MODE.smallScale
        : LOGIN_MODE.password,
  '/code/login': () => LOGIN_MODE.sms,
  '/api/v1/sso/login': () => LOGIN_MODE.sso,
};

const REFRESH_ROUTE = '/refresh_token';
const LOGOUT_ROUTE = '/api/v1/accounts/logout';

const MSG_WRONG_PASSWORD = '账号或密码错误';
const CODE_CHOOSE_COMPANY = 1040002;

interface Envelope {
  code: number;
  message: string;
  content: unknown;
}

interface LoginAnswer {
  token: string;
  platform_mark: number;
  user: { id: number; username: string };
}

const text = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number' ? [...String(value).trim()].slice(0, max).join('') : '';

const decodeAssertion = createDecoder();

/** The account an SSO assertion names, read without trusting it (a refused assertion's claim is still worth logging). */
function assertedAccount(form: Form): string {
  try {
    const claims = decodeAssertion(text(form.userInf, 4096)) as { sub?: unknown };
    return typeof claims.sub === 'string' ? text(claims.sub, 64) : '';
  } catch {
    return '';
  }
}

function isEnvelope(payload: unknown): payload is Envelope {
  return typeof payload === 'object' && payload !== null && typeof (payload as Envelope).code === 'number';
}

export interface LoginRecorderOptions {
  db: Db;
  tokens: TokenService;
  onError: (error: unknown) => void;
}

/** The answer as an envelope, whether it is still an object or already the JSON text sent; null otherwise. */
function envelopeOfPayload(payload: unknown): Envelope | null {
  if (isEnvelope(payload)) return payload;
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function registerLoginRecords(app: FastifyInstance, options: LoginRecorderOptions): void {
  const { db, tokens, onError } = options;
  const activity = createSessionActivity(db, onError);

  async function recordLogin(request: FastifyRequest, envelope: Envelope, modeOf: (form: Form) => number) {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;
    const mode = modeOf(form);
    const userAgent = text(request.headers['user-agent'], 512);
    const ip = request.ip.slice(0, 64);
    const answer = envelope.code === CODE_OK ? (envelope.content as LoginAnswer | null) : null;
    const claims = answer?.token ? tokens.verify(answer.token) : null;
    const username =
      answer?.user?.username ?? (mode === LOGIN_MODE.sso ? assertedAccount(form) : text(form.username, 64));
    let userId: number | null = answer?.user?.id ?? null;
    let message = claims ? '登录成功' : text(envelope.message, 255);
    if (!claims && username) {
      const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
      userId = user ? Number(user.id) : null;
      // The page says 账号或密码错误 either way; the log tells the operator which.
      if (message === MSG_WRONG_PASSWORD) message = user ? '密码错误' : '账号不存在';
    }
    const phone = mode === LOGIN_MODE.sms ? text(form.phone, 20) : '';
    const requestedMark = text(form.platformMark ?? request.headers.platformmark, 2);
    const { browser, os } = describeUserAgent(userAgent);
    await db
      .insertInto('login_logs')
      .values({
        user_id: userId,
        username,
        mobile_masked: phone ? maskMobile(phone) : null,
        mode,
        platform_mark:
          answer?.platform_mark ?? (requestedMark === '1' || requestedMark === '3' ? Number(requestedMark) : null),
        result: claims
          ? LOGIN_RESULT.succeeded
          : envelope.code === CODE_CHOOSE_COMPANY
            ? LOGIN_RESULT.chooseCompany
            : LOGIN_RESULT.failed,
        message,
        ip,
        user_agent: userAgent,
        browser,
        os,
        create_time: chinaTime(),
      })
      .execute();
    if (!claims || !answer) return;
    await openSession(db, { claims, username: answer.user.username, mode, ip, userAgent });
  }

  async function recordSession(request: FastifyRequest, envelope: Envelope, url: string) {
    if (envelope.code !== CODE_OK) return;
    if (url === REFRESH_ROUTE) {
      const token = (envelope.content as { token?: string } | null)?.token;
      const claims = token ? tokens.verify(token) : null;
      if (claims) await renewSession(db, claims);
    } else if (request.session) {
      await endSession(db, request.session.sid, SESSION_END.logout, request.auth?.username ?? null);
    }
  }

  /** The requests whose answer was recorded already (by preSerialization, so onSend leaves them). */
  const recorded = new WeakSet<FastifyRequest>();

  /** Runs `record` before the answer goes out (a test or a page reads the log right after), never failing it. */
  const step =
    (record: (request: FastifyRequest, envelope: Envelope) => Promise<void>, attempt: boolean) =>
    (
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (recorded.has(request)) return done(null, payload);
      // A login without a body was refused before it was read (rate limit, size): nothing was attempted, and a flood
      // of such calls must cost no write.
      const envelope = envelopeOfPayload(payload);
      if (!envelope || (attempt && request.body === undefined)) return done(null, payload);
      recorded.add(request);
      record(request, envelope).then(
        () => done(null, payload),
        (error) => {
          onError(error);
          done(null, payload);
        },
      );
    };

  app.addHook('onRoute', (route) => {
    if (route.method !== 'POST' && !(Array.isArray(route.method) && route.method.includes('POST'))) return;
    const modeOf = LOGIN_ROUTES[route.url];
    const tracked = modeOf || route.url === REFRESH_ROUTE || route.url === LOGOUT_ROUTE;
    if (!tracked) return;
    const hook = modeOf
      ? step((request, envelope) => recordLogin(request, envelope, modeOf), true)
      : step((request, envelope) => recordSession(request, envelope, route.url), false);
    // Both steps: preSerialization reads the handler's answer while it is still an object (by onSend the context's
    // compression may have made it a stream); onSend reads a refusal from the error handler or the validator, which
    // skips preSerialization and arrives serialized (and small, so never compressed).
    route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), hook as never];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), hook as never];
  });

  // 最后访问时间: after the access hook admitted the request (it sets request.session), a callback hook (server/README.md).
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.session) activity.touch(request.session.sid);
    done();
  });
  app.addHook('onClose', () => activity.settle());
}
