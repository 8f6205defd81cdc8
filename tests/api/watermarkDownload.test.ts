import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

const BUSINESS = 1040400;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let merchant: AuthedClient;
let otherMerchant: AuthedClient;
let merchantName: string;
let pdfId: number;
let pngId: number;
let originalPdf: Buffer;

async function upload(filename: string, content: Buffer, kind: 'annex' | 'image'): Promise<number> {
  const response = await merchant({
    method: 'POST',
    url: '/api/v1/common/uploadfiles',
    ...multipartRequest([
      { name: 'kind', value: kind },
      { name: 'file', filename, content },
    ]),
  });
  const answer = envelopeOf<{ id: number }>(response);
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.id;
}

/** The PDF's text layer, as poppler reads it. */
function pdfText(content: Buffer): string {
  const file = path.join(os.tmpdir(), `wm-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, content);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  otherMerchant = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  const user = await t.db
    .selectFrom('users')
    .select('display_name')
    .where('username', '=', 'merchant')
    .executeTakeFirstOrThrow();
  merchantName = String(user.display_name);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawText('Contract body', { x: 40, y: 200, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  originalPdf = Buffer.from(await pdf.save());
  pdfId = await upload('合同.pdf', originalPdf, 'annex');
  pngId = await upload('执照.png', PNG, 'image');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api-v1/watermark/dl', () => {
  it("gives a PDF with the downloader's name and the time on it, not the original bytes", async () => {
    const response = await merchant({ method: 'GET', url: `/api-v1/watermark/dl?file=${pdfId}&rn=x.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(originalPdf)).toBe(false);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Contract body');
    expect(text).toContain(merchantName);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 下载/);
  });

  it("gives an image as a PDF holding it, with the downloader's name", async () => {
    const response = await merchant({ method: 'GET', url: `/api-v1/watermark/dl?file=${pngId}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(false);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdfText(response.rawPayload)).toContain(merchantName);
  });

  it("refuses another company's file, bad input with 1040400, and a caller without a session", async () => {
    const foreign = await otherMerchant({ method: 'GET', url: `/api-v1/watermark/dl?file=${pdfId}` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    expect(envelopeOf(await merchant({ method: 'GET', url: '/api-v1/watermark/dl?file=abc' })).code).toBe(BUSINESS);
    expect(envelopeOf(await merchant({ method: 'GET', url: '/api-v1/watermark/dl' })).code).toBe(BUSINESS);
    expect(envelopeOf(await merchant({ method: 'GET', url: '/api-v1/watermark/dl?file=99999999' })).message).toBe(
      '文件不存在',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api-v1/watermark/dl?file=${pdfId}` })).statusCode).toBe(401);
  });
});
