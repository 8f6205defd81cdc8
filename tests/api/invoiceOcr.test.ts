import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../support/invoiceFixtures';
import { type MultipartPart, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let merchant: AuthedClient;
let caiwu: AuthedClient;
let kefu: AuthedClient;

async function ocr(client: AuthedClient, parts: MultipartPart[]) {
  const response = await client({ method: 'POST', url: '/api/v1/invoices/ocr', ...multipartRequest(parts) });
  return { status: response.statusCode, ...envelopeOf(response) };
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/invoices/ocr', () => {
  it("reads an electronic invoice PDF's text layer into the form's fields", async () => {
    const answer = await ocr(merchant, [{ name: 'file', filename: '发票.pdf', content: await invoicePdf() }]);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.source).toBe('pdf');
    expect(answer.content.fields).toEqual({
      invoiceNumber: '24322000000012345678',
      invoiceDate: '2026-03-05',
      buyerName: '上海启航教育科技有限公司',
      buyerTaxNumber: '91310000MA1FL8XQ3K',
      sellerName: '南京灵工服务有限公司',
      sellerTaxNumber: '91320100MA1M7K3L59',
      totalAmount: 10_600_000,
    });
    expect(answer.message).toContain('发票号码');
    expect(answer.content.missingFields).toEqual(['invoiceCode']);
  });

  it('reads an XML electronic invoice by its element names', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><EInvoice><Header><EIid>25112000000000000001</EIid></Header>
      <BasicInformation><IssueTime>2026-04-01 10:00:00</IssueTime><TotalTax-includedAmount>530.50</TotalTax-includedAmount></BasicInformation>
      <BuyerInformation><BuyerIdNum>91310000MA1FL8XQ3K</BuyerIdNum><BuyerName>上海启航教育科技有限公司</BuyerName></BuyerInformation>
      <SellerInformation><SellerIdNum>91320100MA1M7K3L59</SellerIdNum><SellerName>南京灵工服务有限公司</SellerName></SellerInformation></EInvoice>`;
    const answer = await ocr(caiwu, [{ name: 'file', filename: 'invoice.xml', content: Buffer.from(xml) }]);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toMatchObject({
      source: 'xml',
      fields: {
        invoiceNumber: '25112000000000000001',
        invoiceDate: '2026-04-01',
        buyerName: '上海启航教育科技有限公司',
        sellerTaxNumber: '91320100MA1M7K3L59',
        totalAmount: 5_305_000,
      },
    });
  });

  it('sends an image to the image OCR provider; the development one says it read nothing', async () => {
    const answer = await ocr(merchant, [{ name: 'file', filename: 'photo.png', content: PNG }]);
    expect(answer.code).toBe(OK);
    expect(answer.content).toMatchObject({ source: 'image', fields: {}, readFields: [] });
    expect(answer.message).toContain('手工填写');
  });

  it('refuses bad input with 1040400 and callers who fill no invoice form with 403', async () => {
    expect((await ocr(merchant, [])).code).toBe(BUSINESS);
    expect((await ocr(merchant, [{ name: 'file', filename: 'a.txt', content: Buffer.from('hello') }])).code).toBe(
      BUSINESS,
    );
    const broken = await ocr(merchant, [{ name: 'file', filename: 'x.pdf', content: Buffer.from('%PDF-1.7 broken') }]);
    expect(broken).toMatchObject({ code: BUSINESS, message: '发票文件无法读取，请确认文件完整' });
    expect((await ocr(kefu, [{ name: 'file', filename: '发票.pdf', content: await invoicePdf() }])).status).toBe(403);
  });
});
