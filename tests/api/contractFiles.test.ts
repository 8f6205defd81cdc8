import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveGeneratedFile } from '../../server/files/generatedFiles';
import { zipEntries } from '../support/zipEntries';
import { fileBytes, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The demo's contracts have no stored document. A signed one must still download as a real PDF
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

describe('POST /api/v1/contract/uploadsavecontract', () => {
  async function upload(client: AuthedClient) {
    const answer = envelopeOf<{ url: string }>(
      await client({
        method: 'POST',
        url: '/api/v1/common/uploadfiles',
        ...multipartRequest([
          { name: 'kind', value: 'annex' },
          { name: 'file', filename: '线下合同.pdf', content: fileBytes('pdf') },
        ]),
      }),
    );
    expect(answer.code, answer.message).toBe(1020000);
    return answer.content.url;
  }
  const body = (fileUrl: string) => ({
    companyId: 1,
    nm: '线下签署的平台合作协议',
    fileUrl,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    signNm: '张三',
    csort: 6,
  });

  it('records a paper-signed contract with the uploaded file as its document, in the operation log', async () => {
    const saved = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/contract/uploadsavecontract', payload: body(await upload(admin)) }),
    );
    expect(saved.code, saved.message).toBe(1020000);
    const one = envelopeOf(await admin.get(`/api/v1/contract/${saved.content.id}`));
    expect(one.content).toMatchObject({ nm: '线下签署的平台合作协议', signStatus: 1, signMode: 2, companyId: 1 });
    const file = await admin.get(`/api/v1/contract/${saved.content.id}/file?download=1`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const logged = await t.db
      .selectFrom('operation_logs')
      .select('action')
      .where('record_id', '=', saved.content.id)
      .where('action', '=', 'uploadSave')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("refuses another user's upload, a malformed body and merchants", async () => {
    const merchantsFile = await upload(merchant);
    const taken = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/contract/uploadsavecontract', payload: body(merchantsFile) }),
    );
    expect(taken.code).toBe(1040400);
    for (const payload of [{}, { ...body('x'), startDate: '2026/01/01' }, { ...body('x'), companyId: 'abc' }]) {
      const answer = await admin({ method: 'POST', url: '/api/v1/contract/uploadsavecontract', payload });
      expect(answer.statusCode).toBeLessThan(500);
      expect(envelopeOf(answer).code).toBe(1040400);
    }
    const byMerchant = await merchant({
      method: 'POST',
      url: '/api/v1/contract/uploadsavecontract',
      payload: body(merchantsFile),
    });
    expect(byMerchant.statusCode).toBe(403);
  });
});

describe("a worker's signed agreement (灵工合同管理, 自由职业者协议管理)", () => {
  it('previews, downloads and zips for its company and the staff, and refuses another company', async () => {
    const worker = await t.db
      .selectFrom('workers')
      .select(['id'])
      .where('company_id', '=', 1)
      .executeTakeFirstOrThrow();
    const signed = await PDFDocument.create();
    signed.addPage();
    const fileId = await saveGeneratedFile(t.db, t.app.files, {
      content: await signed.save(),
      name: '自由职业者协议-已签署.pdf',
      mime: 'application/pdf',
      ownerUserId: 1,
      ownerCompanyId: 1,
    });
    const row = await t.db
      .insertInto('worker_agreements')
      .values({
        agreement_no: 'ZY-TEST-0001',
        worker_id: Number(worker.id),
        company_id: 1,
        platform_mark: 1,
        enterprise_id: null,
        enterprise_name: '测试主体',
        template_id: null,
        status: 1,
        token_hash: null,
        token_expires: null,
        draft_file_id: null,
        signed_file_id: fileId,
        sha256: null,
        original_sha256: null,
        sign_time: '2026-01-02 10:00:00',
        sign_ip: null,
        willingness_ref: null,
        willingness_method: null,
        willingness_mobile: null,
        willingness_time: null,
        sign_user_agent: null,
        rescind_time: null,
        rescind_reason: null,
        create_time: '2026-01-01 10:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    for (const client of [merchant, admin]) {
      const file = await client.get(`/api/v1/workers/agreements/${id}/file`);
      expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
      await expectPdf(file.rawPayload);
    }
    const zip = await admin({ method: 'POST', url: '/api/v1/workers/agreements/downloadzip', payload: { ids: [id] } });
    expect(zip.statusCode).toBe(200);
    expect((await zipEntries(zip.rawPayload)).size).toBe(1);
    expect((await xgm.get(`/api/v1/workers/agreements/${id}/file`)).statusCode).toBe(403);
  });
});
