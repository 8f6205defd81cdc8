import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_MSG } from '../../server/invoices/services/certificateRequest';
import { BUSINESS, call, clientOf, OK, uploadFile } from './support/invoiceTestKit';
import type { AuthedClient, TestApp } from './support/testApp';
import { createTestApp } from './support/testApp';

let t: TestApp;
let caiwu: AuthedClient;
let merchant: AuthedClient; // company 1
let xgm: AuthedClient; // company 2

const BASE = '/api/v1/taxcertificates';

beforeAll(async () => {
  t = await createTestApp();
  caiwu = await clientOf(t.app, 'caiwu');
  merchant = await clientOf(t.app, 'merchant');
  xgm = await clientOf(t.app, 'xgm', 3);
});
afterAll(() => t?.close());

const fileIdOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('file'));

/** Asks for a signed download and fetches it; answers the HTTP status of the token and of the file. */
async function download(client: AuthedClient, url: string) {
  const token = await call(client, 'GET', `/api/v1/common/downloadtoken?file=${fileIdOf(url)}`);
  if (token.status !== 200 || token.code !== OK) return { token: token.status, file: 0, body: '' };
  const file = await t.app.inject({ method: 'GET', url: token.content.url });
  return { token: 200, file: file.statusCode, body: file.rawPayload.subarray(0, 5).toString() };
}

describe('tax payment certificates', () => {
  it('seeds certificates whose sample PDFs download', async () => {
    const own = await call(merchant, 'GET', `${BASE}/search?size=100`);
    expect(own.code).toBe(OK);
    expect(own.content.totalElements).toBe(3);
    expect(own.content.content.every((row: { companyId: number }) => row.companyId === 1)).toBe(true);
    const first = own.content.content[0];
    expect(first.period).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(await download(merchant, first.fileUrl)).toEqual({ token: 200, file: 200, body: '%PDF-' });
  });

  it('uploads for a company chosen by id or by exact name, with clear messages', async () => {
    const pdf = await uploadFile(caiwu, '2026-01完税证明.pdf');
    const body = { period: '2026-01', fileUrl: pdf.url };
    expect(await call(caiwu, 'POST', BASE, { ...body })).toMatchObject({
      code: BUSINESS,
      message: CERTIFICATE_MSG.company,
      content: { errors: { coid: CERTIFICATE_MSG.company } },
    });
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 1, period: '2026-13' })).message).toBe(
      CERTIFICATE_MSG.period,
    );
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 1, period: '202601' })).message).toBe(
      CERTIFICATE_MSG.period,
    );
    expect((await call(caiwu, 'POST', BASE, { coid: 1, period: '2026-01' })).message).toBe(CERTIFICATE_MSG.file);
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 99_999_999 })).message).toBe(
      '所选企业不存在或不在您的权限范围内，请重新选择',
    );
    expect((await call(caiwu, 'POST', BASE, { ...body, coname: '不存在的公司名称' })).message).toBe(
      '未找到该企业，请核对企业名称',
    );
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 1, coname: '杭州小微电子商务有限公司' })).message).toBe(
      '企业编号与企业名称不一致',
    );
    const zip = await uploadFile(caiwu, 'a.zip', 'zip');
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 1, fileUrl: zip.url })).message).toBe(
      '完税证明仅支持PDF、JPG、PNG格式',
    );
    const merchantsFile = await uploadFile(merchant, 'mine.pdf');
    expect((await call(caiwu, 'POST', BASE, { ...body, coid: 1, fileUrl: merchantsFile.url })).message).toBe(
      '完税证明文件无效，请重新上传',
    );

    const byId = await call(caiwu, 'POST', BASE, { ...body, coid: 1, remark: '一月' });
    expect(byId.code, byId.message).toBe(OK);
    expect(byId.content).toMatchObject({
      companyId: 1,
      platformMark: 1,
      period: '2026-01',
      fileUrl: pdf.url,
      fileName: '2026-01完税证明.pdf',
      remark: '一月',
      uploaderName: '财务小张',
    });
    const png = await uploadFile(caiwu, 'scan.png', 'png');
    const byName = await call(caiwu, 'POST', BASE, {
      period: '2026-02',
      fileUrl: png.url,
      coname: '杭州小微电子商务有限公司',
    });
    expect(byName.content).toMatchObject({ companyId: 2, platformMark: 3, fileName: 'scan.png' });
  });

  it('never shows a merchant another company certificate, by list, by id or by download', async () => {
    const mine = (await call(merchant, 'GET', `${BASE}/search?size=100`)).content.content;
    const theirs = (await call(xgm, 'GET', `${BASE}/search?size=100`)).content.content;
    expect(mine.every((row: { companyId: number }) => row.companyId === 1)).toBe(true);
    expect(theirs.every((row: { companyId: number }) => row.companyId === 2)).toBe(true);
    // coname does not widen a merchant's view.
    const widened = await call(merchant, 'GET', `${BASE}/search?q=${encodeURIComponent('coname:杭州')}`);
    expect(widened.content.totalElements).toBe(0);
    expect((await call(merchant, 'GET', `${BASE}/${theirs[0].id}`)).status).toBe(403);
    expect((await call(merchant, 'GET', `${BASE}/${mine[0].id}`)).code).toBe(OK);
    expect((await download(merchant, theirs[0].fileUrl)).token).toBe(403);
    expect((await download(xgm, theirs[0].fileUrl)).file).toBe(200);
    expect((await call(merchant, 'POST', BASE, { coid: 1, period: '2026-03', fileUrl: mine[0].fileUrl })).status).toBe(
      403,
    );
    expect((await call(merchant, 'DELETE', `${BASE}/${mine[0].id}`)).status).toBe(403);
  });

  it('lists for finance with the company and period filters; other staff need the code', async () => {
    const all = await call(caiwu, 'GET', `${BASE}/search?size=1000`);
    expect(new Set(all.content.content.map((row: { companyId: number }) => row.companyId))).toEqual(new Set([1, 2, 3]));
    const named = await call(caiwu, 'GET', `${BASE}/search?size=1000&q=${encodeURIComponent('coname:小微电子')}`);
    expect(named.content.content.every((row: { companyId: number }) => row.companyId === 2)).toBe(true);
    const period = await call(caiwu, 'GET', `${BASE}/search?size=1000&q=${encodeURIComponent('period:2026-01')}`);
    expect(period.content.content.map((row: { period: string }) => row.period)).toEqual(['2026-01']);
    expect((await call(caiwu, 'GET', `${BASE}/search?q=${encodeURIComponent('period:2026-1')}`)).message).toBe(
      '所属期格式不正确，应为 YYYY-MM',
    );
    const kefu = await clientOf(t.app, 'kefu');
    expect((await call(kefu, 'GET', `${BASE}/search`)).status).toBe(403);
  });

  it('deletes, after which the merchant can no longer download the file', async () => {
    const pdf = await uploadFile(caiwu, 'to-delete.pdf');
    const created = await call(caiwu, 'POST', BASE, { coid: 1, period: '2025-12', fileUrl: pdf.url });
    expect((await download(merchant, pdf.url)).file).toBe(200);
    expect((await call(caiwu, 'DELETE', `${BASE}/${created.content.id}`)).code).toBe(OK);
    expect((await call(caiwu, 'GET', `${BASE}/${created.content.id}`)).message).toBe('完税证明不存在');
    expect((await download(merchant, pdf.url)).token).toBe(403);
  });
});
