import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { randomCaptchaText, renderCaptchaPng } from './captchaImage';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export interface IssuedCaptcha {
  captchaId: string;
  image: string;
}

/** Image captchas live in the database so any server process can check them. */
export async function issueCaptcha(db: Db, now = Date.now()): Promise<IssuedCaptcha> {
  const code = randomCaptchaText(6);
  const captchaId = randomUUID();
  await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await db
    .insertInto('captchas')
    .values({ id: captchaId, code, expires_at: now + CAPTCHA_TTL_MS, used: 0 })
    .execute();
  return { captchaId, image: `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}` };
}

/** Wrong answers one captcha takes before it stops working (a right answer uses it up at once). */
export const CAPTCHA_MAX_ATTEMPTS = 3;

function matches(stored: string, given: string): boolean {
  return stored.toUpperCase() === given.trim().toUpperCase();
}

/**
 * POST /api/v1/common/check: a right answer uses the captcha up (single use); a wrong one counts, and the
 * CAPTCHA_MAX_ATTEMPTS-th wrong answer uses it up too. One conditional UPDATE compares and counts, so parallel
 * guesses cannot take more tries than that.
 */
export async function checkCaptcha(
  db: Db,
  captchaId: string | undefined,
  code: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!captchaId || !code) return false;
  const given = code.trim().toUpperCase();
  const right = sql<boolean>`upper(code) = ${given}`;
  const row = await db
    .updateTable('captchas')
    .set({
      used: sql`CASE WHEN ${right} OR attempts + 1 >= ${CAPTCHA_MAX_ATTEMPTS} THEN 1 ELSE 0 END`,
      attempts: sql`CASE WHEN ${right} THEN attempts ELSE attempts + 1 END`,
    })
    .where('id', '=', captchaId)
    .where('used', '=', 0)
    .where('expires_at', '>', now)
    .returning('code')
    .executeTakeFirst();
  return !!row && matches(row.code, given);
}

/**
 * Uses the captcha up and tells whether the answer was right: a captcha answers one login or one SMS send,
 * right or wrong. One UPDATE … RETURNING, so two parallel requests cannot both use it.
 */
export async function consumeCaptcha(
  db: Db,
  captchaId: string | undefined,
  code: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!captchaId || !code) return false;
  const row = await db
    .updateTable('captchas')
    .set({ used: 1 })
    .where('id', '=', captchaId)
    .where('used', '=', 0)
    .returning(['code', 'expires_at'])
    .executeTakeFirst();
  return !!row && Number(row.expires_at) > now && matches(row.code, code);
}
