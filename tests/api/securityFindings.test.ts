import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import {
  authed,
  createTestApp,
  envelopeOf,
  formRequest,
  lastSmsCode,
  sendSmsCode,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function mobileOf(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('mobile')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.mobile;
}

/** Adds a code row as the sender would, `ageMs` ago; used rows are shown in clear to staff in scope. */
async function storedCode(mobile: string, code: string, options: { used: boolean; ageMs?: number }): Promise<void> {
  const at = Date.now() - (options.ageMs ?? 0);
  await t.db
    .insertInto('sms_codes')
    .values({
      mobile,
      type: 1,
      code,
      ip: '198.51.100.7',
      created_at: at,
      create_time: chinaTime(at),
      expires_at: at + 5 * 60_000,
      used_at: options.used ? at + 1000 : null,
      attempts: 0,
    })
    .execute();
}

describe('finding 1: the SMS code lookup never hands out a working code', () => {
  it('kefu cannot read the admin login code and log in as admin', async () => {
    const adminMobile = await mobileOf('admin');
    expect((await sendSmsCode(t.app, t.db, adminMobile, 1)).code).toBe(OK);
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const page = envelopeOf(await kefu.get(`/api/v1/sms/codes/search?q=mobile:${adminMobile}`));
    expect(page.code).toBe(OK);
    // The attack: take whatever the lookup shows and try it as the admin's login code.
    for (const row of page.content.content as { code: string }[]) {
      const attempt = envelopeOf(
        await t.app.inject(formRequest('/code/login', { phone: adminMobile, code: row.code })),
      );
      expect(attempt.code).not.toBe(OK);
    }
    // Staff accounts' codes are not listed to non-admins at all.
    expect(page.content.totalElements).toBe(0);
    // The admin's own code still works (it was never consumed by the attempts above).
    const real = await lastSmsCode(t.db, adminMobile);
    const login = envelopeOf(await t.app.inject(formRequest('/code/login', { phone: adminMobile, code: real ?? '' })));
    expect(login.code, login.message).toBe(OK);
  });

  it('masks a live merchant code for every role, shows used ones, and keeps kefu to its departments', async () => {
    const merchantMobile = await mobileOf('merchant');
    expect((await sendSmsCode(t.app, t.db, merchantMobile, 1)).code).toBe(OK);
    const live = await lastSmsCode(t.db, merchantMobile);
    await storedCode(merchantMobile, '246813', { used: true, ageMs: 120_000 });
    for (const who of ['admin', 'kefu']) {
      const client = authed(t.app, await tokenOf(t.app, who));
      const page = envelopeOf(await client.get(`/api/v1/sms/codes/search?q=mobile:${merchantMobile}`));
      const codes = (page.content.content as { code: string }[]).map((row) => row.code);
      expect(codes, who).not.toContain(live);
      expect(codes, who).toContain('******');
      expect(codes, who).toContain('246813');
    }

    // A company of department 3 is outside kefu's departments (1 and 2).
    const outside = await t.db
      .selectFrom('companies')
      .select('linkman_mobile as mobile')
      .where('department_id', '=', 3)
      .where('linkman_mobile', 'is not', null)
      .executeTakeFirstOrThrow();
    if (!outside.mobile) throw new Error('seed has no contact mobile in department 3');
    await storedCode(outside.mobile, '135790', { used: true });
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const hidden = envelopeOf(await kefu.get(`/api/v1/sms/codes/search?q=mobile:${outside.mobile}`));
    expect(hidden.content.totalElements).toBe(0);
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const shown = envelopeOf(await admin.get(`/api/v1/sms/codes/search?q=mobile:${outside.mobile}`));
    expect((shown.content.content as { code: string }[]).map((row) => row.code)).toContain('135790');
  });
});
