import { randomUUID } from 'node:crypto';
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

function matches(stored: string, given: string): boolean {
  return stored.toUpperCase() === given.trim().toUpperCase();
}

/** Checks without using it up (the reset dialog checks before it sends). */
export async function checkCaptcha(
  db: Db,
  captchaId: string | undefined,
  code: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!captchaId || !code) return false;
  const row = await db.selectFrom('captchas').selectAll().where('id', '=', captchaId).executeTakeFirst();
  return !!row && row.used === 0 && row.expires_at > now && matches(row.code, code);
}

/** Checks and uses it up: a captcha answers one login or one SMS send, right or wrong. */
export async function consumeCaptcha(
  db: Db,
  captchaId: string | undefined,
  code: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!captchaId || !code) return false;
  const valid = await checkCaptcha(db, captchaId, code, now);
  const result = await db
    .updateTable('captchas')
    .set({ used: 1 })
    .where('id', '=', captchaId)
    .where('used', '=', 0)
    .executeTakeFirst();
  return valid && Number(result.numUpdatedRows) === 1;
}
