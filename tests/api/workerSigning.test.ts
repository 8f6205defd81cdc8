import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_SIGN_MSG } from '../../server/workers/workerSigning';
import { SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, idCard } from '../support/batchFiles';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';
import { signAsWorker } from './support/workerSigningFlow';

/**
 * A worker signs the freelance agreement through the public link: the merchant asks for a link,
 * the worker (no session) reads the PDF with their details, enters the code sent to their mobile (the willingness
 * check: signingWillingness.test.ts) and presses 同意并签署; the worker becomes 已签署 with a time, the signed PDF's
 * SHA-256 is kept and downloadable, several download as a zip; 灵工合同管理 lists it.
 */

let t: TestApp;
let merchant: AuthedClient;
const SERIAL = 640_000 + (Date.now() % 1000);

async function addWorker(serial: number): Promise<number> {
  const answer = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/workers',
      payload: {
        name: '签约测试',
        idCard: idCard(serial),
        mobile: `136${String(serial).padStart(8, '0')}`,
        bankCard: bankCard(serial),
        bankName: '中国银行',
      },
    }),
  );
  expect(answer.code, answer.message).toBe(1020000);
  const row = await t.db
    .selectFrom('workers')
    .select(['id', 'sign_status'])
    .where('company_id', '=', 1)
    .where('mobile', '=', `136${String(serial).padStart(8, '0')}`)
    .executeTakeFirstOrThrow();
  expect(row.sign_status).toBe(SIGN_STATUS.pending);
  return Number(row.id);
}

const publicGet = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
}, 120_000);

afterAll(async () => t?.close());

describe('signing through the link', () => {
  it('renders the agreement with the worker, signs it publicly, sets 已签署 and keeps the hash', async () => {
    const workerId = await addWorker(SERIAL);
    const link = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${workerId}/sign_link` }));
    expect(link.code, link.message).toBe(1020000);
    const token = /^\/workerSign\/([A-Za-z0-9_-]+)$/.exec(link.content.url)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);

    const page = envelopeOf(await publicGet(`/api/v1/open/worker_sign/${token}`));
    expect(page.code, page.message).toBe(1020000);
    expect(page.content.workerName).toBe('签约测试');
    expect(page.content.idMasked).not.toContain(idCard(SERIAL).slice(6, 14));
    expect(page.content.status).toBe(SIGN_STATUS.pending);

    const draft = await publicGet(`/api/v1/open/worker_sign/${token}/pdf`);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    const draftPdf = await PDFDocument.load(draft.rawPayload);
    expect(draftPdf.getPageCount()).toBeGreaterThanOrEqual(1);

    const signed = await signAsWorker(t, token);
    expect(signed.code, signed.message).toBe(1020000);
    expect(signed.message).toBe(WORKER_SIGN_MSG.signedOk);

    const worker = await t.db
      .selectFrom('workers')
      .select(['sign_status', 'sign_time'])
      .where('id', '=', workerId)
      .executeTakeFirstOrThrow();
    expect(worker.sign_status).toBe(SIGN_STATUS.signed);
    expect(worker.sign_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The signed PDF served to the worker is what the hash names, and it differs from the draft (seal page).
    const after = await publicGet(`/api/v1/open/worker_sign/${token}/pdf`);
    const hash = createHash('sha256').update(after.rawPayload).digest('hex');
    expect(hash).toBe(signed.content.sha256);
    expect(hash).not.toBe(createHash('sha256').update(draft.rawPayload).digest('hex'));
    const sealed = await PDFDocument.load(after.rawPayload);
    expect(sealed.getKeywords()).toContain('role:乙方');

    // Twice is refused; a made-up token is refused.
    const again = envelopeOf(
      await t.app.inject({ method: 'POST', url: `/api/v1/open/worker_sign/${token}`, payload: { code: '123456' } }),
    );
    expect(again.message).toBe(WORKER_SIGN_MSG.alreadySigned);
    const forged = envelopeOf(await publicGet(`/api/v1/open/worker_sign/${'x'.repeat(32)}`));
    expect(forged.message).toBe(WORKER_SIGN_MSG.linkInvalid);
    const signedAgain = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${workerId}/sign_link` }));
    expect(signedAgain.message).toBe(WORKER_SIGN_MSG.signed);
  });

  it('lists the agreements on 灵工合同管理, downloads one and several as a zip', async () => {
    const workerId = await addWorker(SERIAL + 1);
    const link = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${workerId}/sign_link` }));
    const token = link.content.url.split('/').pop();
    const signed = await signAsWorker(t, token);
    expect(signed.code, signed.message).toBe(1020000);

    const list = envelopeOf(
      await merchant.get(`/api/v1/workers/agreements/search?size=50&q=${encodeURIComponent('status:1')}`),
    );
    expect(list.code, list.message).toBe(1020000);
    const rows = list.content.content as { id: number; agreementNo: string; workerName: string; status: number }[];
    const mine = rows.filter((row) => row.agreementNo === link.content.agreementNo);
    expect(mine).toHaveLength(1);
    expect(rows.every((row) => row.status === SIGN_STATUS.signed)).toBe(true);

    const one = envelopeOf(await merchant.get(`/api/v1/workers/agreements/${mine[0].id}/download`));
    expect(one.code, one.message).toBe(1020000);
    const file = await t.app.inject({ method: 'GET', url: one.content.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const zip = await merchant({
      method: 'POST',
      url: '/api/v1/workers/agreements/downloadzip',
      payload: { ids: rows.slice(0, 2).map((row) => row.id) },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // An agreement not yet signed has nothing to download.
    const pendingWorker = await addWorker(SERIAL + 2);
    const pendingLink = envelopeOf(
      await merchant({ method: 'POST', url: `/api/v1/workers/${pendingWorker}/sign_link` }),
    );
    const pending = envelopeOf(
      await merchant.get(
        `/api/v1/workers/agreements/search?q=${encodeURIComponent(`agreementNo:${pendingLink.content.agreementNo}`)}`,
      ),
    ).content.content[0];
    expect(pending.status).toBe(SIGN_STATUS.pending);
    const refused = envelopeOf(await merchant.get(`/api/v1/workers/agreements/${pending.id}/download`));
    expect(refused.message).toBe('该协议尚未签署，没有可下载的文件');
  });
});
