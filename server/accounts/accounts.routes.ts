import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SMS_TYPE } from '../../src/domain/session';
import { MSG } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { clientHash, hashClientPassword } from '../auth/passwords';
import { revokeAllTokens } from '../auth/sessions';
import { ok } from '../http/envelope';
import { CaptchaRefreshError, fail } from '../http/errors';
import { nameAndPhoneSchema, resetPasswordSchema } from './accounts.schemas';
import { clearFailures } from './loginAttempts';
import { takeAccountCheck } from './rateCounters';
import { verifySmsCode } from './sms/smsCodes';

type Form = Record<string, unknown>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
export const RESET_PASSWORD_LENGTH = 10;
export const MSG_RESET_DONE = '密码重置成功，新密码将通过短信发送到您的手机';

/** A random password of letters and digits (at least one of each), easy to read from an SMS. */
export function randomPassword(length = RESET_PASSWORD_LENGTH): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * Password reset from the login page:
 * - POST  /api/v1/common/checknameandphone { name, phone }  does the account have that phone;
 * - PATCH /api/v1/accounts/resetpwd?name&code&platformmark  checks the SMS code (type 2) sent to the account's
 *   phone, sets a new random password and sends it by SMS.
 */
export async function accountsRoutes(app: FastifyInstance, { db, sms }: AppServices): Promise<void> {
  const publicRoute = { config: { access: { public: true } } };

  app.post('/api/v1/common/checknameandphone', { ...publicRoute, schema: nameAndPhoneSchema }, async (request) => {
    const form = { ...((request.query ?? {}) as Form), ...((request.body ?? {}) as Form) };
    const name = text(form.name ?? form.username);
    const phone = text(form.phone ?? form.mobile);
    if (!name) fail(MSG.fillUsername);
    if (!phone) fail(MSG.fillPhone);
    await takeAccountCheck(db, request.ip);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', name)
      .where('mobile', '=', phone)
      .executeTakeFirst();
    if (!user) fail('用户名与手机号不匹配');
    return ok(true);
  });

  app.patch('/api/v1/accounts/resetpwd', { ...publicRoute, schema: resetPasswordSchema }, async (request) => {
    const form = { ...((request.body ?? {}) as Form), ...((request.query ?? {}) as Form) };
    const name = text(form.name);
    const code = text(form.code);
    if (!name) fail(MSG.fillUsername);
    if (!code) fail(MSG.codeRequired);
    const user = await db
      .selectFrom('users')
      .select(['id', 'mobile', 'status'])
      .where('username', '=', name)
      .executeTakeFirst();
    if (!user) throw new CaptchaRefreshError('短信验证码错误或已失效');
    if (!(await verifySmsCode(db, { mobile: user.mobile, type: SMS_TYPE.resetPassword, code })))
      throw new CaptchaRefreshError('短信验证码错误或已失效');
    const password = randomPassword();
    await db
      .updateTable('users')
      .set({ password_hash: await hashClientPassword(clientHash(password)) })
      .where('id', '=', user.id)
      .execute();
    await revokeAllTokens(db, user.id);
    await clearFailures(db, name);
    await sms.send(user.mobile, { kind: 'NEW_PASSWORD', variables: { account: name, password } });
    return ok(null, MSG_RESET_DONE);
  });
}
