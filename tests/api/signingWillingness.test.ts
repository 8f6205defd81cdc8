import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esignProvider } from '../../server/esign';
import { unsignedPayees } from '../../server/workers/workers.service';
import { SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, idCard } from '../support/batchFiles';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  lastSmsCode,
  sendSmsCode,
  type TestApp,
  tokenOf,
} from './support/testApp';
import { lastCodeSentTo, postSignature, requestSigningCode } from './support/workerSigningFlow';

/**
 * Holding the signing link does not make one the signer (DESIGN §4): the merchant who asked
 * for the link opens it and presses 同意并签署 itself — without a code, with a guessed one, with a code sent to a
 * mobile of its own, with the code of another worker's signing — and the worker stays 待签署 and unpayable. Only
 * the code sent to the worker's own mobile on record signs, once, within its time and tries, and its proof is
 * recorded with the signature.
 */

let t: TestApp;
let merchant: AuthedClient;
const BASE = 660_000 + (Date.now() % 1000) * 10;
const mobileOf = (serial: number) => `136${String(serial).padStart(8, '0')}`;
/** '13600660001' → '136****0001', written out here rather than taken from the code under test. */
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

interface Signing {
  workerId: number;
  token: string;
  mobile: string;
  idCard: string;
}

async function newSigning(serial: number): Promise<Signing> {
  const added = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/workers',
      payload: {
        name: '意愿测试',
        idCard: idCard(serial),
        mobile: mobileOf(serial),
        bankCard: bankCard(serial),
        bankName: '中国银行',
      },
    }),
  );
  expect(added.code, added.message).toBe(1020000);
  const worker = await t.db
    .selectFrom('workers')
    .select('id')
    .where('company_id', '=', 1)
    .where('mobile', '=', mobileOf(serial))
    .executeTakeFirstOrThrow();
  const link = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${worker.id}/sign_link` }));
  expect(link.code, link.message).toBe(1020000);
  const token = String(link.content.url).split('/').pop() ?? '';
  return { workerId: Number(worker.id), token, mobile: mobileOf(serial), idCard: idCard(serial) };
}

async function expectUnsigned(signing: Signing) {
  const worker = await t.db
    .selectFrom('workers')
    .select(['sign_status', 'sign_time'])
    .where('id', '=', signing.workerId)
    .executeTakeFirstOrThrow();
  expect(worker.sign_status).toBe(SIGN_STATUS.pending);
  expect(worker.sign_time).toBeNull();
  const agreement = await t.db
    .selectFrom('worker_agreements')
    .select(['status', 'signed_file_id'])
    .where('worker_id', '=', signing.workerId)
    .executeTakeFirstOrThrow();
  expect(agreement.status).toBe(SIGN_STATUS.pending);
  expect(agreement.signed_file_id).toBeNull();
  // Not payable: the payout upload's check still refuses the worker's ID number.
  expect(await unsignedPayees(t.db, t.config.idKey, 1, [signing.idCard])).toEqual(new Set([signing.idCard]));
}

async function signWith(signing: Signing, code?: string, headers?: Record<string, string>) {
  return envelopeOf(await postSignature(t, signing.token, code, headers));
}

/** The per-mobile 60 s resend limit, lifted so a test can ask for another code at once. */
async function allowResend(mobile: string) {
  await t.db.deleteFrom('rate_counters').where('key', '=', `sms:mobile:${mobile}`).execute();
}

/** 获取验证码, and the code the worker's mobile got (checked by the caller: after the attack, in the attack tests). */
async function askForCode(signing: Signing, payload?: object) {
  const answer = envelopeOf(await requestSigningCode(t, signing.token, payload));
  return { answer, code: lastCodeSentTo(t, signing.mobile) };
}

function expectCodeSent(sent: Awaited<ReturnType<typeof askForCode>>): string {
  expect(sent.answer.code, sent.answer.message).toBe(1020000);
  expect(sent.code).toMatch(/^\d{6}$/);
  return sent.code as string;
}

async function requestCode(signing: Signing, payload?: object) {
  const sent = await askForCode(signing, payload);
  return { answer: sent.answer, code: expectCodeSent(sent) };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
}, 120_000);

afterAll(async () => t?.close());

describe('the merchant holding the link cannot sign for the worker', () => {
  it('without a code: refused, the worker stays 待签署 and unpayable', async () => {
    const signing = await newSigning(BASE);
    for (const answer of [await signWith(signing), await signWith(signing, ''), await signWith(signing, '   ')]) {
      expect(answer.code).not.toBe(1020000);
      expect(answer.message).toBe('请输入验证码');
    }
    // A code typed before any was sent cannot match anything.
    const unsent = await signWith(signing, '123456');
    expect(unsent.message).toBe('请先获取短信验证码');
    await expectUnsigned(signing);
  });

  it('with a wrong code: refused; after five wrong tries even the right code is refused', async () => {
    const signing = await newSigning(BASE + 1);
    const sent = await askForCode(signing);
    const guessed = await signWith(signing, wrong(sent.code ?? '000000'));
    expect(guessed.message).toBe('短信验证码错误或已失效');
    await expectUnsigned(signing);
    const code = expectCodeSent(sent);
    for (const malformed of ['12345', '1234567', 'abcdef']) {
      expect((await signWith(signing, malformed)).message).toBe('短信验证码错误或已失效');
    }
    await expectUnsigned(signing);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await signWith(signing, wrong(code))).message).toBe('短信验证码错误或已失效');
    }
    const spent = await signWith(signing, code);
    expect(spent.message).toBe('短信验证码错误或已失效');
    await expectUnsigned(signing);

    // A new code works again.
    await allowResend(signing.mobile);
    const fresh = await requestCode(signing);
    expect((await signWith(signing, fresh.code)).code).toBe(1020000);
  });

  it('with a code sent to a mobile of its own: refused; the send never goes to a number from the request', async () => {
    const signing = await newSigning(BASE + 2);
    const own = '13700007777';
    const registered = await sendSmsCode(t.app, t.db, own, 6);
    expect(registered.code, registered.message).toBe(1020000);
    const ownCode = await lastSmsCode(t.db, own);
    expect(ownCode).toMatch(/^\d{6}$/);
    // Asking for the signing code with its own number in the body: the code still goes to the worker only.
    const before = t.sms.messages.length;
    const asked = await askForCode(signing, { mobile: own, phone: own });
    if (ownCode !== asked.code) {
      expect((await signWith(signing, ownCode)).message).toBe('短信验证码错误或已失效');
      await expectUnsigned(signing);
    }
    const code = expectCodeSent(asked);
    const sent = t.sms.messages.slice(before);
    expect(sent.map((message) => message.mobile)).toEqual([signing.mobile]);
    expect(sent[0].text).toContain('签署协议验证码');
    expect(asked.answer.content.mobileMasked).toBe(masked(signing.mobile));
    // The public SMS routes do not send signing codes at all (only the signing page does).
    const viaPublic = await sendSmsCode(t.app, t.db, signing.mobile, 7);
    expect(viaPublic.code).not.toBe(1020000);
    expect(lastCodeSentTo(t, signing.mobile)).toBe(code);
  });

  it("with the code of another worker's signing: refused; each code signs only its own agreement", async () => {
    const first = await newSigning(BASE + 3);
    const second = await newSigning(BASE + 4);
    const firstSent = await askForCode(first);
    const secondSent = await askForCode(second);
    if (firstSent.code === undefined || firstSent.code !== secondSent.code) {
      expect((await signWith(second, firstSent.code ?? '000000')).message).toBe('短信验证码错误或已失效');
      await expectUnsigned(second);
    }
    const firstCode = expectCodeSent(firstSent);
    const secondCode = expectCodeSent(secondSent);
    expect((await signWith(first, firstCode)).code).toBe(1020000);
    // The code that signed the first cannot sign it again, nor the second.
    expect((await signWith(first, firstCode)).message).toBe('协议已签署，无需重复签署');
    if (firstCode !== secondCode) expect((await signWith(second, firstCode)).code).not.toBe(1020000);
    expect((await signWith(second, secondCode)).code).toBe(1020000);
  });

  it('with an expired code, or an older code after a new one was sent: refused', async () => {
    const signing = await newSigning(BASE + 5);
    const { code } = await requestCode(signing);
    await t.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('mobile', '=', signing.mobile)
      .execute();
    expect((await signWith(signing, code)).message).toBe('短信验证码错误或已失效');
    await expectUnsigned(signing);

    await allowResend(signing.mobile);
    const older = (await requestCode(signing)).code;
    await allowResend(signing.mobile);
    const newer = (await requestCode(signing)).code;
    if (older !== newer) {
      expect((await signWith(signing, older)).message).toBe('短信验证码错误或已失效');
      await expectUnsigned(signing);
    }
    expect((await signWith(signing, newer)).code).toBe(1020000);
  });
});

describe('the code itself', () => {
  it('is single use', async () => {
    const signing = await newSigning(BASE + 6);
    const check = esignProvider().willingness({ db: t.db, sms: t.sms });
    const challenge = await check.start({
      documentRef: 'test',
      signerName: '意愿测试',
      mobile: signing.mobile,
      ip: '127.0.0.9',
    });
    const code = lastCodeSentTo(t, signing.mobile) as string;
    expect(await check.confirm(challenge.ref, { mobile: signing.mobile }, code)).not.toBeNull();
    expect(await check.confirm(challenge.ref, { mobile: signing.mobile }, code)).toBeNull();
    // …and bound to the mobile it was sent to.
    await allowResend(signing.mobile);
    const again = await check.start({
      documentRef: 'test',
      signerName: '意愿测试',
      mobile: signing.mobile,
      ip: '127.0.0.9',
    });
    const next = lastCodeSentTo(t, signing.mobile) as string;
    expect(await check.confirm(again.ref, { mobile: '13900000000' }, next)).toBeNull();
    expect(await check.confirm(again.ref, { mobile: signing.mobile }, next)).not.toBeNull();
  });

  it('is sent at most once a minute per mobile', async () => {
    const signing = await newSigning(BASE + 7);
    await requestCode(signing);
    const before = t.sms.messages.length;
    const again = envelopeOf(await requestSigningCode(t, signing.token));
    expect(again.message).toBe('验证码发送过于频繁，请60秒后再试');
    expect(t.sms.messages.length).toBe(before);
  });

  it('is logged in the SMS log as 签署协议 without the code', async () => {
    const signing = await newSigning(BASE + 8);
    const { code } = await requestCode(signing);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = await t.db.selectFrom('sms_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(logged.type).toBe(7);
    expect(logged.template).toContain('签署协议验证码');
    expect(logged.template).not.toContain(code);
  });

  it('refuses a body that is not an object with a clear message, never a 500', async () => {
    const signing = await newSigning(BASE + 9);
    for (const payload of ['[1,2]', '"123456"', '{"code":{"a":1}}', `{"code":"${'1'.repeat(40)}"}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/open/worker_sign/${signing.token}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(envelopeOf(response).code).not.toBe(1020000);
    }
    await expectUnsigned(signing);
  });
});

describe('the worker signs with the code sent to their mobile', () => {
  it('signs, and the proof is recorded with the signature: mobile, time, reference, IP, user agent', async () => {
    const signing = await newSigning(BASE + 10);
    const page = envelopeOf(await t.app.inject({ method: 'GET', url: `/api/v1/open/worker_sign/${signing.token}` }));
    expect(page.content.mobileMasked).toBe(masked(signing.mobile));
    expect(JSON.stringify(page.content)).not.toContain(signing.mobile);

    const { code } = await requestCode(signing);
    const sentCode = await t.db
      .selectFrom('sms_codes')
      .select(['id', 'code'])
      .where('mobile', '=', signing.mobile)
      .where('type', '=', 7)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sentCode.code).toBe(code);
    const signed = await signWith(signing, code, { 'user-agent': 'WorkerPhone/1.0 (意愿测试)' });
    expect(signed.code, signed.message).toBe(1020000);

    const row = await t.db
      .selectFrom('worker_agreements')
      .selectAll()
      .where('worker_id', '=', signing.workerId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(SIGN_STATUS.signed);
    expect(row.willingness_method).toBe('sms');
    expect(row.willingness_mobile).toBe(signing.mobile);
    expect(row.willingness_ref).toBe(String(sentCode.id));
    expect(row.willingness_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.willingness_time! <= row.sign_time!).toBe(true);
    expect(row.sign_ip).toBe('127.0.0.1');
    expect(row.sign_user_agent).toBe('WorkerPhone/1.0 (意愿测试)');
    expect(await unsignedPayees(t.db, t.config.idKey, 1, [signing.idCard])).toEqual(new Set());

    // The signed PDF carries the proof too, with the mobile masked.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/open/worker_sign/${signing.token}/pdf` });
    const keywords = (await PDFDocument.load(pdf.rawPayload)).getKeywords() ?? '';
    expect(keywords).toContain(`willingness:sms ${masked(signing.mobile)} ${row.willingness_time} ref#${sentCode.id}`);
    expect(keywords).not.toContain(signing.mobile);

    // Once signed no more codes are sent for the link.
    await allowResend(signing.mobile);
    const after = envelopeOf(await requestSigningCode(t, signing.token));
    expect(after.message).toBe('协议已签署，无需重复签署');
  });
});
