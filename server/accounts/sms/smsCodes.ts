import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { fail } from '../../http/errors';
import type { SmsSender } from './smsSender';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 30;
export const SMS_MAX_VERIFY_ATTEMPTS = 5;

const SMS_PURPOSE: Record<number, string> = { 1: '登录', 2: '重置密码', 4: '设置支付密码', 6: '注册' };

/** Sends a fresh 6-digit code after checking the per-phone and per-IP limits. */
export async function sendSmsCode(
  db: Db,
  sender: SmsSender,
  input: { mobile: string; type: number; ip: string },
  now = Date.now(),
): Promise<void> {
  const latest = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('mobile', '=', input.mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (latest && now - latest.created_at < SMS_RESEND_INTERVAL_MS) fail('验证码发送过于频繁，请60秒后再试');
  const [perPhone, perIp] = await Promise.all([
    db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', input.mobile)
      .where('created_at', '>', now - 24 * 3600_000)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', input.ip)
      .where('created_at', '>', now - 3600_000)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(perPhone.n) >= SMS_MAX_PER_PHONE_PER_DAY) fail('该手机号今日验证码发送次数已达上限');
  if (Number(perIp.n) >= SMS_MAX_PER_IP_PER_HOUR) fail('验证码发送次数过多，请稍后再试');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('sms_codes')
    .values({
      mobile: input.mobile,
      type: input.type,
      code,
      ip: input.ip,
      created_at: now,
      create_time: chinaTime(now),
      expires_at: now + SMS_CODE_TTL_MS,
      used_at: null,
      attempts: 0,
    })
    .execute();
  const purpose = SMS_PURPOSE[input.type] ?? '身份验证';
  await sender.send(input.mobile, `【灵工结算平台】您的${purpose}验证码为${code}，5分钟内有效，请勿泄露给他人。`);
}

/**
 * Checks the latest unexpired code of that mobile and type and, when `consume` is set, uses it up. A code
 * works once; after too many wrong tries it stops working, so guessing six digits is not practical.
 */
export async function verifySmsCode(
  db: Db,
  input: { mobile: string; type: number; code: string },
  options: { consume: boolean } = { consume: true },
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', input.mobile)
    .where('type', '=', input.type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= SMS_MAX_VERIFY_ATTEMPTS) return false;
  if (row.code !== input.code.trim()) {
    await db
      .updateTable('sms_codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    return false;
  }
  if (!options.consume) return true;
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
