import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../support/zipEntries';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Issue 32 #6: the demo's contracts have no stored document. A signed one must still download as a real PDF
 * (made on first request, then reused), an unsigned one must be signable online, and the file calls keep
 * another company's merchant out.
 */

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let xgm: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
}, 120_000);
afterAll(async () => t?.close());

/** Company 1's seeded contracts of a sign status that have no document yet, oldest first. */
async function seededWithoutFile(signStatus: number) {
  return t.db
    .selectFrom('contracts')
    .select(['id', 'enterprise_id'])
    .where('company_id', '=', 1)
    .where('sign_status', '=', signStatus)
    .where('data_status', '=', 1)
    .where('file_id', 'is', null)
    .where('paper_file_id', 'is', null)
    .orderBy('id')
    .execute();
}

async function expectPdf(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThan(0);
  return pdf;
}

describe('a signed contract without a stored document', () => {
  it('downloads as a signed PDF made once and reused', async () => {
    const [contract] = await seededWithoutFile(1);
    expect(contract, 'the demo has signed contracts without a document').toBeDefined();
    const first = await merchant.get(`/api/v1/contract/${contract.id}/file?download=1`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-disposition']).toMatch(/^attachment/);
    const pdf = await expectPdf(first.rawPayload);
    // Sealed by the dev e-sign provider for the company at the recorded sign time.
    expect(pdf.getKeywords()).toContain('role:甲方');
    const stored = await t.db
      .selectFrom('contracts')
      .select(['file_id', 'file_sha256'])
      .where('id', '=', contract.id)
      .executeTakeFirstOrThrow();
    expect(stored.file_id).not.toBeNull();
    expect(stored.file_sha256).toMatch(/^[0-9a-f]{64}$/);

    const link = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/contract/get_download_url_contract',
        payload: { id: contract.id },
      }),
    );
    expect(link.code, link.message).toBe(1020000);
    const byLink = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(byLink.statusCode).toBe(200);
    expect(Buffer.compare(byLink.rawPayload, first.rawPayload)).toBe(0);
    const again = await t.db
      .selectFrom('contracts')
      .select('file_id')
      .where('id', '=', contract.id)
      .executeTakeFirstOrThrow();
    expect(again.file_id).toBe(stored.file_id);

    const preview = await merchant.get(`/api/v1/contract/${contract.id}/file`);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
  });

  it("is refused to another company's merchant, on every file call", async () => {
    const [contract] = await seededWithoutFile(1);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/contract/${contract.id}/file`, undefined],
      ['POST', '/api/v1/contract/get_download_url_contract', { id: contract.id }],
      ['POST', '/api/v1/contract/downloadzip', { ids: [contract.id] }],
    ] as const) {
      const answer = await xgm({ method, url, payload });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing was made for the refused caller.
    const row = await t.db
      .selectFrom('contracts')
      .select('file_id')
      .where('id', '=', contract.id)
      .executeTakeFirstOrThrow();
    expect(row.file_id).toBeNull();
  });

  it('zips for staff: one PDF per selected contract', async () => {
    const ids = (await seededWithoutFile(1)).slice(0, 2).map((row) => Number(row.id));
    const zip = await admin({ method: 'POST', url: '/api/v1/contract/downloadzip', payload: { ids } });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = [...(await zipEntries(zip.rawPayload)).values()];
    expect(entries).toHaveLength(2);
    for (const entry of entries) await expectPdf(entry.bytes);
  });
});

describe('an unsigned demo contract', () => {
  it('gets its document when opened and signs online', async () => {
    const unsigned = (await seededWithoutFile(0)).filter((row) => row.enterprise_id !== null);
    expect(unsigned.length).toBeGreaterThan(0);
    const id = Number(unsigned[0].id);
    const opened = envelopeOf(await merchant.get(`/api/v1/consent/${id}`));
    expect(opened.code, opened.message).toBe(1020000);
    expect(opened.content.hasDocument).toBe(true);
    const signed = envelopeOf(
      await merchant({ method: 'POST', url: `/api/v1/consent/${id}`, payload: { confirmRisk: true } }),
    );
    expect(signed.code, signed.message).toBe(1020000);
    expect(signed.content.signStatus).toBe(1);
    const file = await merchant.get(`/api/v1/contract/${id}/file?download=1`);
    const pdf = await expectPdf(file.rawPayload);
    expect(pdf.getKeywords()).toMatch(/sha256:[0-9a-f]{64}/);
  });
});
