import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { fail } from '../../http/errors';
import { takeRate } from '../rateCounters';
import { codeMessage } from './smsMessages';
import type { SmsSender } from './smsSender';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 30;
export const SMS_MAX_VERIFY_ATTEMPTS = 5;

/**
 * Sends a fresh 6-digit code after taking the per-IP (30 an hour) and per-phone (10 a day, one a minute)
 * limits, each one conditional upsert (rateCounters.ts), so parallel sends cannot overrun them. Answers the
 * code's id (a caller that binds the code to one thing — a signing — keeps it and checks that very code).
 */
export async function sendSmsCode(
  db: Db,
  sender: SmsSender,
  input: { mobile: string; type: number; ip: string },
  now = Date.now(),
): Promise<number> {
  if (!(await takeRate(db, `sms:ip:${input.ip}`, { windowMs: 3600_000, max: SMS_MAX_PER_IP_PER_HOUR }, now))) {
    fail('验证码发送次数过多，请稍后再试');
  }
  const perPhone = { windowMs: 24 * 3600_000, max: SMS_MAX_PER_PHONE_PER_DAY, minIntervalMs: SMS_RESEND_INTERVAL_MS };
  if (!(await takeRate(db, `sms:mobile:${input.mobile}`, perPhone, now))) {
    const row = await db
      .selectFrom('rate_counters')
      .select(['count', 'window_start', 'last_at'])
      .where('key', '=', `sms:mobile:${input.mobile}`)
      .executeTakeFirst();
    const dayOver = !row || Number(row.window_start) <= now - perPhone.windowMs;
    if (!dayOver && Number(row?.count) >= SMS_MAX_PER_PHONE_PER_DAY) fail('该手机号今日验证码发送次数已达上限');
    fail('验证码发送过于频繁，请60秒后再试');
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db
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
    .returning('id')
    .executeTakeFirstOrThrow();
  await sender.send(input.mobile, codeMessage(input.type, code));
  return Number(row.id);
}

/**
 * Checks the latest unexpired code of that mobile and type and, when `consume` is set, uses it up. A code
 * works once; after SMS_MAX_VERIFY_ATTEMPTS wrong tries it stops working, so guessing six digits is not
 * practical. Comparing, counting a wrong try and using the code up are one conditional UPDATE: parallel
 * guesses are all counted and none is compared once the tries are spent.
 */
export async function verifySmsCode(
  db: Db,
  input: { mobile: string; type: number; code: string },
  options: { consume: boolean } = { consume: true },
  now = Date.now(),
): Promise<boolean> {
  const latest = await db
    .selectFrom('sms_codes')
    .select('id')
    .where('mobile', '=', input.mobile)
    .where('type', '=', input.type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return false;
  return checkCode(db, Number(latest.id), input.code, options, now);
}

/**
 * Checks code `id` itself — still of that mobile and type, unused and unexpired — with the same single use and
 * attempt limit as verifySmsCode: for a code bound to one thing (a signing), where the mobile's latest code of
 * the type may belong to another.
 */
export async function verifySmsCodeById(
  db: Db,
  input: { id: number; mobile: string; type: number; code: string },
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('sms_codes')
    .select('id')
    .where('id', '=', input.id)
    .where('mobile', '=', input.mobile)
    .where('type', '=', input.type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return false;
  return checkCode(db, input.id, input.code, { consume: true }, now);
}

/** Compares, counts a wrong try and uses the code up in one conditional UPDATE (see verifySmsCode). */
async function checkCode(
  db: Db,
  id: number,
  code: string,
  options: { consume: boolean },
  now: number,
): Promise<boolean> {
  const given = code.trim();
  const right = sql<boolean>`(code = ${given})`;
  const row = await db
    .updateTable('sms_codes')
    .set({
      attempts: sql`CASE WHEN ${right} THEN attempts ELSE attempts + 1 END`,
      used_at: options.consume ? sql`CASE WHEN ${right} THEN CAST(${now} AS bigint) ELSE NULL END` : null,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', SMS_MAX_VERIFY_ATTEMPTS)
    .returning('code')
    .executeTakeFirst();
  return !!row && row.code === given;
}
