import type { FastifyInstance } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { parsePlatformMark } from '../../src/domain/editions';
import { LOGIN_TYPE, SMS_TYPE } from '../../src/domain/session';
import { validateLoginPhone, validatePassword, validateSmsCode, validateUsername } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { bearerToken, loadAuthContext, requireAuth } from '../auth/access';
import { DUMMY_PASSWORD_HASH } from '../auth/dummyHash';
import { buildLoginContent } from '../auth/loginContent';
import { verifyClientPassword } from '../auth/passwords';
import { revokeSession } from '../auth/sessions';
import { ok } from '../http/envelope';
import { BusinessError, CaptchaRefreshError, fail, UnauthenticatedError } from '../http/errors';
import { codeLoginSchema, loginSchema, logoutSchema, refreshTokenSchema } from './auth.schemas';
import { consumeCaptcha } from './captcha/captchaStore';
import {
  attemptState,
  CAPTCHA_AFTER_FAILURES,
  clearFailures,
  LOCK_AFTER_FAILURES,
  loginLockedMessage,
  recordFailure,
} from './loginAttempts';
import { verifySmsCode } from './sms/smsCodes';
import { sameMobile } from './workspace.repository';

type Form = Record<string, string | undefined>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();

function firstError(...messages: (string | undefined)[]): void {
  const message = messages.find(Boolean);
  if (message) fail(message);
}

/** Session calls: POST /login, POST /code/login, POST /refresh_token (DESIGN §2). */
export async function authRoutes(app: FastifyInstance, { db, tokens, config }: AppServices): Promise<void> {
  app.post('/login', { config: { access: { public: true } }, schema: loginSchema }, async (request) => {
    const form = (request.body ?? {}) as Form;
    const username = text(form.username);
    const password = text(form.password);
    const type = Number(form.type ?? LOGIN_TYPE.password);
    firstError(validateUsername(username), validatePassword(password));
    if (type !== LOGIN_TYPE.password && type !== LOGIN_TYPE.smallScale) fail('不支持的登录方式');
    const sessionMark =
      type === LOGIN_TYPE.smallScale ? 3 : parsePlatformMark(form.platformMark ?? request.headers.platformmark);

    const state = await attemptState(db, username);
    if (state.lockedUntil) fail(loginLockedMessage(state.lockedUntil));
    if (state.failures >= CAPTCHA_AFTER_FAILURES && !(await consumeCaptcha(db, form.captchaId, form.captchaCode))) {
      throw new BusinessError(form.captchaCode ? '图形验证码错误' : '请输入图形验证码', CODE_BUSINESS_ERROR, {
        captchaRequired: true,
      });
    }

    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'status', 'role_id', 'platform_mark'])
      .where('username', '=', username)
      .executeTakeFirst();
    const passwordOk = await verifyClientPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      const after = await recordFailure(db, username);
      if (after.failures >= LOCK_AFTER_FAILURES && after.lockedUntil) fail(loginLockedMessage(after.lockedUntil));
      throw new BusinessError('账号或密码错误', CODE_BUSINESS_ERROR, {
        captchaRequired: after.failures >= CAPTCHA_AFTER_FAILURES,
      });
    }
    await clearFailures(db, username);
    if (user.status !== 1) fail('账号已停用，请联系管理员');
    // switchCompany=1 (company switch, spec §2): the live session's mobile must be bound to the chosen account.
    if (form.switchCompany === '1') {
      const current = tokens.verify(bearerToken(request) ?? '');
      const session = current ? await loadAuthContext(db, current) : null;
      if (!session || !(await sameMobile(db, session.userId, user.id))) fail('只能切换到本人手机号绑定的公司');
    }
    if (user.role_id === 2 && user.platform_mark !== sessionMark) {
      fail(
        user.platform_mark === 3
          ? '该账号属于小规模版，请切换到“小规模版”登录'
          : '该账号属于标准版，请切换到“标准版”登录',
      );
    }
    return ok(
      await buildLoginContent(db, tokens, user.id, user.role_id === 2 ? user.platform_mark : sessionMark, config),
      '登录成功',
    );
  });

  app.post('/code/login', { config: { access: { public: true } }, schema: codeLoginSchema }, async (request) => {
    const form = (request.body ?? {}) as Form;
    const phone = text(form.phone);
    const code = text(form.code);
    firstError(validateLoginPhone(phone), validateSmsCode(code));
    const accounts = await db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.id', 'users.username', 'users.platform_mark', 'users.role_id', 'companies.name as companyName'])
      .where('users.mobile', '=', phone)
      .where('users.status', '=', 1)
      .orderBy('users.id')
      .execute();
    const chosen = form.username ? accounts.filter((account) => account.username === text(form.username)) : accounts;
    const needsChoice = chosen.length > 1;
    if (
      !(await verifySmsCode(
        db,
        { mobile: phone, type: SMS_TYPE.login, code },
        { consume: !needsChoice && chosen.length === 1 },
      ))
    ) {
      throw new CaptchaRefreshError('短信验证码错误或已失效');
    }
    if (chosen.length === 0) fail('该手机号未绑定账号');
    if (needsChoice) {
      // 1040002: not an error; the page shows the choose-company dialog and sends the chosen username.
      throw new BusinessError('请选择要登录的公司', 1040002, {
        accounts: chosen.map((account) => ({
          username: account.username,
          companyName: account.companyName ?? account.username,
        })),
      });
    }
    const account = chosen[0];
    const sessionMark =
      account.role_id === 2
        ? account.platform_mark
        : parsePlatformMark(form.platformMark ?? request.headers.platformmark);
    return ok(await buildLoginContent(db, tokens, account.id, sessionMark, config), '登录成功');
  });

  /** A new token of the same session; refused once the session reached its maximum life (SESSION_MAX_SECONDS). */
  app.post('/refresh_token', { schema: refreshTokenSchema }, async (request) => {
    const auth = requireAuth(request);
    const session = request.session;
    if (!session) throw new UnauthenticatedError('登录已失效，请重新登录');
    const user = await db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const token = tokens.renew(session, {
      userId: auth.userId,
      rid: auth.roleId,
      cid: auth.companyId,
      pm: session.pm,
      tokenVersion: user.token_version,
    });
    if (!token) throw new UnauthenticatedError('登录已超过最长有效期，请重新登录');
    return ok({ token });
  });

  /** Server-side logout: the session (every token refreshed from this login) stops working at once. */
  app.post('/api/v1/accounts/logout', { schema: logoutSchema }, async (request) => {
    requireAuth(request);
    const session = request.session;
    if (session) await revokeSession(db, session.sid, session.lat + config.sessionMaxSeconds);
    return ok(null, '退出成功!');
  });
}
