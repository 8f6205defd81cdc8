import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../server/accounts/sms/smsSender';
import { BusinessError } from '../../server/http/errors';
import { applyDeliveryReceipt } from '../../server/system/smsLog';
import { INVITE_MSG, INVITE_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, idCard } from '../support/batchFiles';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';
import { signAsWorker } from './support/workerSigningFlow';

/**
 * 发送签署邀请 on /signUser (POST /api/v1/workers/sign_invitations): each picked 待签署 worker gets the SMS with their
 * signing link; each one's 邀请状态 goes 已发送 → 已打开 (signing page opened) → 已签署, or 发送失败 with the reason
 * (refused by the SMS provider at once, or reported undelivered later). Signed workers and ids of another company are
 * skipped and named so; nothing is sent to another company's worker; a worker is not invited twice in 10 minutes
 * unless the merchant resends on purpose.
 */
let t: TestApp;
let merchant: AuthedClient;
let xgm: AuthedClient;
const SERIAL = 930_000 + (Date.now() % 1000) * 10;
const mobileOf = (serial: number) => `135${String(serial).padStart(8, '0')}`;
/** The SMS provider refuses this number at once; it reports this other one undelivered after accepting it. */
const REFUSED = mobileOf(SERIAL + 3);
const STOPPED = mobileOf(SERIAL + 4);

async function addWorker(client: AuthedClient, serial: number, companyId: number): Promise<number> {
  const answer = envelopeOf(
    await client({
      method: 'POST',
      url: '/api/v1/workers',
      payload: {
        name: `邀请${'甲乙丙丁戊己庚辛壬癸'[serial % 10]}`,
        idCard: idCard(serial),
        mobile: mobileOf(serial),
        bankCard: bankCard(serial),
        bankName: '中国银行',
      },
    }),
  );
  expect(answer.code, answer.message).toBe(1020000);
  const row = await t.db
    .selectFrom('workers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobileOf(serial))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const invite = async (ids: number[], force?: boolean) =>
  envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/workers/sign_invitations',
      payload: force === undefined ? { ids } : { ids, force },
    }),
  );

const inviteOf = (id: number) =>
  t.db
    .selectFrom('workers')
    .select(['invite_status', 'invite_reason', 'invite_time', 'invite_sent_time', 'sign_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The signing token in the last invitation SMS sent to `mobile`. */
function invitedToken(mobile: string): string {
  const message = t.sms.messages.filter((item) => item.mobile === mobile && item.message.kind === 'SIGN_INVITE').pop();
  expect(message, `no invitation was sent to ${mobile}`).toBeDefined();
  const token = /\/workerSign\/([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token ?? '';
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the expected state never came');
}

let pending: number[];
let refused: number;
let stopped: number;
let signed: number;
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  pending = [];
  for (const serial of range(SERIAL, SERIAL + 3)) pending.push(await addWorker(merchant, serial, 1));
  refused = await addWorker(merchant, SERIAL + 3, 1);
  stopped = await addWorker(merchant, SERIAL + 4, 1);
  await signPayees(t, { companyId: 1, platformMark: 1 }, [SERIAL + 5]);
  signed = Number(
    (
      await t.db
        .selectFrom('workers')
        .select('id')
        .where('company_id', '=', 1)
        .where('id_card', '=', idCard(SERIAL + 5))
        .executeTakeFirstOrThrow()
    ).id,
  );
  foreign = await addWorker(xgm, SERIAL + 6, 2);
  // The provider as the test sees it: one number refused outright, one accepted and then reported undelivered.
  const send: SmsSender['send'] = t.sms.send.bind(t.sms);
  t.sms.send = async (mobile, message, options) => {
    if (mobile === REFUSED) throw new BusinessError('手机号码格式错误');
    await send(mobile, message, options);
    if (mobile === STOPPED) setImmediate(() => options?.onDelivery?.({ delivered: false, reason: '用户停机' }));
    // A provider that reports through its receipt push, naming its own id of the message.
    return { providerRef: `ref-${mobile}` };
  };
}, 120_000);
afterAll(async () => t?.close());

describe('发送签署邀请', () => {
  it('sends each picked worker their link, reports failures and skips, and leaves another company alone', async () => {
    const answer = await invite([...pending, refused, stopped, signed, foreign]);
    expect(answer.code, answer.message).toBe(1020000);
    // 4 accepted by the provider (the stopped number fails only later), 1 refused, 1 signed and 1 not ours skipped.
    expect(answer.message).toBe('已发送 4 人，失败 1 人，跳过 2 人');
    expect(answer.content).toMatchObject({ sent: 4, failed: 1, skipped: 2 });
    const byId = new Map(answer.content.results.map((result: { id: number }) => [result.id, result]));
    expect(byId.get(refused)).toMatchObject({ outcome: 'failed', reason: '手机号码格式错误', name: '邀请丁' });
    expect(byId.get(signed)).toMatchObject({ outcome: 'skipped', reason: INVITE_MSG.signed });
    expect(byId.get(foreign)).toEqual({ id: foreign, name: null, outcome: 'skipped', reason: INVITE_MSG.notFound });

    for (const id of pending) {
      const row = await inviteOf(id);
      expect(Number(row.invite_status)).toBe(INVITE_STATUS.sent);
      expect(row.invite_sent_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const message = t.sms.messages.filter((item) => item.mobile === mobileOf(SERIAL)).pop();
    expect(message?.text).toMatch(
      /^【灵工结算平台】.+邀请您签署自由职业者协议，请在7天内打开 http:\/\/\S+\/workerSign\//,
    );
    expect(await inviteOf(refused)).toMatchObject({
      invite_status: INVITE_STATUS.failed,
      invite_reason: '手机号码格式错误',
    });
    await eventually(async () => Number((await inviteOf(stopped)).invite_status) === INVITE_STATUS.failed);
    expect((await inviteOf(stopped)).invite_reason).toBe('用户停机');
    // The provider's delivery receipt of another one's SMS: that invitation fails with the carrier's reason.
    const receipt = { delivered: false as const, reason: '空号' };
    await applyDeliveryReceipt(t.db, {
      provider: '自定义短信通道',
      providerRef: `ref-${mobileOf(SERIAL + 2)}`,
      report: receipt,
    });
    expect(await inviteOf(pending[2])).toMatchObject({ invite_status: INVITE_STATUS.failed, invite_reason: '空号' });
    expect(Number((await inviteOf(pending[1])).invite_status)).toBe(INVITE_STATUS.sent);

    // Another company's worker: nothing sent, nothing drawn up, its state untouched.
    expect(t.sms.messages.some((item) => item.mobile === mobileOf(SERIAL + 6))).toBe(false);
    expect(Number((await inviteOf(foreign)).invite_status)).toBe(INVITE_STATUS.none);
    const drawn = await t.db.selectFrom('worker_agreements').select('id').where('worker_id', '=', foreign).execute();
    expect(drawn).toEqual([]);
    expect(Number((await inviteOf(signed)).invite_status)).toBe(INVITE_STATUS.none);

    // The SMS log keeps the kind, never the link (it opens the agreement with the worker's details).
    const logged = await t.db
      .selectFrom('sms_logs')
      .select(['template', 'type'])
      .where('mobile', '=', mobileOf(SERIAL))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.type).toBe(8);
    expect(logged.template).toContain('邀请您签署自由职业者协议');
    expect(logged.template).not.toContain('/workerSign/');

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['changes', 'record_title'])
      .where('action', '=', '发送签署邀请')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.record_title).toBe('7名人员');
    expect(JSON.parse(log.changes)).toMatchObject({
      已发送: [null, 4],
      失败: [null, 1],
      跳过: [null, 2],
      失败人员: [null, '邀请丁（手机号码格式错误）'],
    });
  });

  it('flips to 已打开 when the worker opens the page and to 已签署 when they sign', async () => {
    const [worker] = pending;
    const token = invitedToken(mobileOf(SERIAL));
    const page = envelopeOf(await t.app.inject({ method: 'GET', url: `/api/v1/open/worker_sign/${token}` }));
    expect(page.code, page.message).toBe(1020000);
    const opened = await inviteOf(worker);
    expect(Number(opened.invite_status)).toBe(INVITE_STATUS.opened);
    expect(opened.invite_time).not.toBeNull();

    const done = await signAsWorker(t, token);
    expect(done.code, done.message).toBe(1020000);
    const row = await inviteOf(worker);
    expect(Number(row.invite_status)).toBe(INVITE_STATUS.signed);
    expect(Number(row.sign_status)).toBe(SIGN_STATUS.signed);

    // The list shows and filters by it.
    const q = encodeURIComponent('inviteStatus:3');
    const list = envelopeOf(await merchant.get(`/api/v1/workers/search?size=50&q=${q}`));
    expect(list.code, list.message).toBe(1020000);
    const ids = list.content.content.map((item: { id: number }) => Number(item.id));
    expect(ids).toContain(worker);
    expect(ids).not.toContain(pending[1]);
    const shown = list.content.content.find((item: { id: number }) => Number(item.id) === worker);
    expect(shown.inviteStatus).toBe(INVITE_STATUS.signed);
  });

  it('does not invite again within 10 minutes unless resent on purpose, and skips the signed', async () => {
    const [signedNow, waiting] = pending;
    const before = t.sms.messages.length;
    const again = await invite([signedNow, waiting, stopped]);
    expect(again.code, again.message).toBe(1020000);
    // The failed one is sent again; the waiting one is skipped as recent; the one who signed meanwhile is skipped.
    expect(again.message).toBe('已发送 1 人，失败 0 人，跳过 2 人');
    const byId = new Map(again.content.results.map((result: { id: number }) => [result.id, result]));
    expect(byId.get(waiting)).toMatchObject({ outcome: 'skipped', reason: INVITE_MSG.recent });
    expect(byId.get(signedNow)).toMatchObject({ outcome: 'skipped', reason: INVITE_MSG.signed });
    expect(t.sms.messages.length - before).toBe(1);

    const forced = await invite([waiting], true);
    expect(forced.message).toBe('已发送 1 人，失败 0 人');
    expect(Number((await inviteOf(waiting)).invite_status)).toBe(INVITE_STATUS.sent);
  });

  it('parallel sends to the same worker within the 10 minutes send one SMS; the others are skipped as recent', async () => {
    const worker = await addWorker(merchant, SERIAL + 7, 1);
    const mobile = mobileOf(SERIAL + 7);
    const invitationsTo = () =>
      t.sms.messages.filter((item) => item.mobile === mobile && item.message.kind === 'SIGN_INVITE').length;

    const first = await Promise.all([invite([worker]), invite([worker]), invite([worker]), invite([worker])]);
    expect(invitationsTo()).toBe(1);
    const outcomes = first.map((answer) => answer.content.results[0].outcome).sort();
    expect(outcomes).toEqual(['sent', 'skipped', 'skipped', 'skipped']);
    for (const answer of first.filter((one) => one.content.results[0].outcome === 'skipped')) {
      expect(answer.content.results[0].reason).toBe(INVITE_MSG.recent);
    }
    expect(Number((await inviteOf(worker)).invite_status)).toBe(INVITE_STATUS.sent);
  });

  it('refuses an empty pick, too many workers and anyone but the merchant', async () => {
    expect((await invite([])).message).toBe(INVITE_MSG.nobody);
    expect((await invite(range(1, 202))).message).toBe(INVITE_MSG.tooMany);
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const response = await admin({
      method: 'POST',
      url: '/api/v1/workers/sign_invitations',
      payload: { ids: [pending[1]] },
    });
    expect(response.statusCode === 403 || envelopeOf(response).code !== 1020000).toBe(true);
    expect(Number((await inviteOf(pending[1])).invite_status)).toBe(INVITE_STATUS.sent);
  });
});
