import type { FastifyInstance } from 'fastify';
import { SMS_TYPE } from '../../src/domain/session';
import { MOBILE_PATTERN, MSG } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { ok } from '../http/envelope';
import { CaptchaRefreshError, fail } from '../http/errors';
import { checkCaptcha, consumeCaptcha, issueCaptcha } from './captcha/captchaStore';
import {
  captchaCheckSchema,
  captchaSchema,
  loginPhoneSchema,
  smsSendSchema,
  smsWithUsernameSchema,
} from './common.schemas';
import { takeAccountCheck } from './rateCounters';
import { sendSmsCode } from './sms/smsCodes';

type Form = Record<string, string | undefined>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
const KNOWN_SMS_TYPES: ReadonlySet<number> = new Set(Object.values(SMS_TYPE));

/** Image captcha, SMS sending and the login-phone check (spec §7, Session and common). */
export async function commonRoutes(app: FastifyInstance, { db, sms }: AppServices): Promise<void> {
  const publicRoute = { config: { access: { public: true } } };

  app.get('/api/v1/common/captcha', { ...publicRoute, schema: captchaSchema }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await issueCaptcha(db));
  });

  app.post('/api/v1/common/check', { ...publicRoute, schema: captchaCheckSchema }, async (request) => {
    const body = (request.body ?? {}) as Form;
    if (!(await checkCaptcha(db, body.captchaId ?? body.token, body.code)))
      throw new CaptchaRefreshError('图形验证码错误');
    return ok(true);
  });

  app.post('/api/v1/common/checkloginphone', { ...publicRoute, schema: loginPhoneSchema }, async (request) => {
    const phone = text((request.query as Form).phone ?? (request.body as Form | undefined)?.phone);
    if (!phone) fail(MSG.fillPhone);
    await takeAccountCheck(db, request.ip);
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', phone)
      .where('status', '=', 1)
      .executeTakeFirst();
    return ok({ registered: !!account });
  });

  /**
   * Both send a 6-digit code after an image captcha. `vericode` also checks that username and mobile
   * belong together (password reset); `vericodeno` only needs the mobile (SMS login, registration).
   */
  const sendCode = (withUsername: boolean) => async (request: { body: unknown; ip: string }) => {
    const body = (request.body ?? {}) as Form;
    const mobile = text(body.mobile);
    const type = Number(body.type);
    if (!mobile) fail(MSG.mobileRequired);
    if (!MOBILE_PATTERN.test(mobile)) fail(MSG.mobile);
    if (!KNOWN_SMS_TYPES.has(type)) fail('不支持的短信类型');
    if (withUsername && !text(body.username)) fail(MSG.fillUsername);
    if (!(await consumeCaptcha(db, body.token ?? body.captchaId, body.code)))
      throw new CaptchaRefreshError('图形验证码错误，请重新输入');

    if (withUsername) {
      const owner = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', text(body.username))
        .where('mobile', '=', mobile)
        .executeTakeFirst();
      if (!owner) fail('用户名与手机号不匹配');
    } else if (type === SMS_TYPE.login) {
      const owner = await db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', mobile)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!owner) fail('该手机号未绑定账号');
    }
    await sendSmsCode(db, sms, { mobile, type, ip: request.ip });
    return ok(null, '验证码已发送');
  };
  app.post('/api/v1/sms/vericode', { ...publicRoute, schema: smsWithUsernameSchema }, sendCode(true));
  app.post('/api/v1/sms/vericodeno', { ...publicRoute, schema: smsSendSchema }, sendCode(false));
}
