import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  rgb,
  StandardFonts,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { loginAs } from './support/login';

// A PDF (here a 完税证明 finance uploads) opens in the preview dialog, drawn by pdf.js on a
// canvas page by page with zoom, instead of only downloading; 下载 stays and gives the same bytes; a corrupt
// PDF says so in Chinese and still offers 下载.

/** Each page filled with its own colour, so the test can tell which page the canvas shows. */
const PAGE_COLOURS = [
  { name: 'red', rgb: rgb(0.85, 0.1, 0.1) },
  { name: 'green', rgb: rgb(0.1, 0.7, 0.2) },
  { name: 'blue', rgb: rgb(0.1, 0.2, 0.85) },
] as const;

async function threePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, colour] of PAGE_COLOURS.entries()) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 60, y: 120, width: 475, height: 600, color: colour.rgb });
    page.drawText(`Tax certificate page ${index + 1}`, { x: 60, y: 760, size: 28, font });
  }
  return Buffer.from(await pdf.save());
}

/**
 * A page of Chinese in STSong-Light, not embedded, with the UniGB-UCS2-H encoding, as many Chinese
 * e-invoices are made: pdf.js can read its text only with the CMaps the app ships (then draws it in a
 * system Chinese font).
 */
async function chineseTextPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const context = pdf.context;
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'STSong-Light',
      Flags: 6,
      FontBBox: [-25, -254, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 880,
      StemV: 93,
    }),
  );
  const cidFont = context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType0',
    BaseFont: 'STSong-Light',
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('GB1'), Supplement: 4 },
    FontDescriptor: descriptor,
    DW: 1000,
  });
  const font = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'STSong-Light-UniGB-UCS2-H',
      Encoding: 'UniGB-UCS2-H',
      DescendantFonts: [context.register(cidFont)],
    }),
  );
  page.node.setFontDictionary(PDFName.of('F1'), font);
  // 完税证明 in UCS-2.
  page.pushOperators(
    beginText(),
    setFontAndSize('F1', 72),
    moveText(60, 600),
    showText(PDFHexString.of('5B8C7A0E8BC1660E')),
    endText(),
  );
  return Buffer.from(await pdf.save());
}

/** Uploads a 完税证明 for 上海灵动科技有限公司 through the create form, as finance does. */
async function uploadCertificate(page: Page, name: string, content: Buffer) {
  await page.goto('/adTaxPaymentCertificate/create');
  const company = page.getByRole('combobox', { name: '企业' });
  await company.fill('灵动');
  await page.getByRole('option', { name: '上海灵动科技有限公司' }).first().click();
  await page.getByRole('textbox', { name: '所属期' }).fill('2026-10');
  await page.getByLabel('上传完税证明').setInputFiles({ name, mimeType: 'application/pdf', buffer: content });
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  // The form offers 预览 of the uploaded file before saving.
  await expect(page.getByRole('button', { name: '预览', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adTaxPaymentCertificate(\?.*)?$/);
}

/** The colour that most of the canvas's centre shows, and how many of its pixels are not white. */
function canvasPicture(canvas: Locator) {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d') as CanvasRenderingContext2D;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let inked = 0;
    for (let at = 0; at < data.length; at += 4) {
      if (data[at] < 240 || data[at + 1] < 240 || data[at + 2] < 240) inked += 1;
    }
    const [r, g, b] = context.getImageData(Math.floor(element.width / 2), Math.floor(element.height / 2), 1, 1).data;
    const centre = r > g && r > b ? 'red' : g > r && g > b ? 'green' : b > r && b > g ? 'blue' : 'none';
    return { inked, centre };
  });
}

test('完税证明 PDF：「预览」在对话框中逐页绘制，可翻页、缩放、适合宽度，下载得到原文件；损坏的 PDF 提示原因并可下载', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const goodName = `完税证明${stamp}.pdf`;
  const badName = `损坏${stamp}.pdf`;
  const good = await threePagePdf();
  // Passes the upload's check (it starts like a PDF) but is not one.
  const bad = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('这不是一个 PDF 文件'.repeat(50))]);

  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const foreignRequests: string[] = [];
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await loginAs(page, 'caiwu');
  await expect(page.getByTestId('current-user')).toBeVisible();
  const origin = new URL(page.url()).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
  });
  await uploadCertificate(page, goodName, good);
  await uploadCertificate(page, badName, bad);

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  const row = page.getByRole('row').filter({ hasText: goodName });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '预览', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: goodName });
  await expect(dialog.getByText('第 1 / 3 页')).toBeVisible();
  const canvas = dialog.getByRole('img', { name: `${goodName} 第 1 页` });
  await expect(canvas).toBeVisible();
  await expect(dialog.locator('[aria-busy="false"]')).toBeVisible();
  await expect.poll(async () => (await canvasPicture(canvas)).inked).toBeGreaterThan(10_000);
  expect((await canvasPicture(canvas)).centre).toBe('red');
  expect(downloads, 'previewing downloads nothing').toEqual([]);
  // The worker is our own asset (no CDN, no blob:), allowed by worker-src 'self'.
  expect(workers.some((url) => url.startsWith(`${origin}/assets/pdf.worker.min-`))).toBe(true);

  // Fits the width at first; 放大 / 缩小 change the drawn size.
  const widthOf = async () => (await canvas.boundingBox())?.width ?? 0;
  const fitted = await widthOf();
  const fittedLabel = await dialog.getByRole('button', { name: '实际大小' }).textContent();
  await dialog.getByRole('button', { name: '放大' }).click();
  await expect.poll(widthOf).toBeGreaterThan(fitted * 1.05);
  const zoomedIn = await widthOf();
  await expect(dialog.getByRole('button', { name: '实际大小' })).not.toHaveText(fittedLabel ?? '');
  await dialog.getByRole('button', { name: '缩小' }).click();
  await dialog.getByRole('button', { name: '缩小' }).click();
  await expect.poll(widthOf).toBeLessThan(zoomedIn * 0.9);
  await dialog.getByRole('button', { name: '适合宽度' }).click();
  await expect.poll(widthOf).toBeCloseTo(fitted, 0);

  // Pages: 下一页 shows the second page (green), 上一页 is back on the first.
  await expect(dialog.getByRole('button', { name: '上一页' })).toBeDisabled();
  await dialog.getByRole('button', { name: '下一页' }).click();
  await expect(dialog.getByText('第 2 / 3 页')).toBeVisible();
  const second = dialog.getByRole('img', { name: `${goodName} 第 2 页` });
  await expect.poll(async () => (await canvasPicture(second)).centre).toBe('green');
  await dialog.getByRole('button', { name: '下一页' }).click();
  await expect(dialog.getByText('第 3 / 3 页')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '下一页' })).toBeDisabled();
  await expect
    .poll(async () => (await canvasPicture(dialog.getByRole('img', { name: `${goodName} 第 3 页` }))).centre)
    .toBe('blue');

  // 下载 gives the very file uploaded.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(goodName);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(good)).toBe(true);
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The file name itself still downloads at once, as before.
  const direct = page.waitForEvent('download');
  await row.getByRole('button', { name: goodName }).click();
  expect((await direct).suggestedFilename()).toBe(goodName);

  // A corrupt PDF: a Chinese message instead of a page, and 下载 still there.
  await page.getByRole('row').filter({ hasText: badName }).getByRole('button', { name: '预览', exact: true }).click();
  const broken = page.getByRole('dialog', { name: badName });
  await expect(broken.getByRole('alert')).toHaveText(/无法预览：文件已损坏或不是有效的 PDF/);
  await expect(broken.getByRole('img')).toHaveCount(0);
  const brokenDownload = page.waitForEvent('download');
  await broken.getByRole('button', { name: '下载' }).click();
  expect((await brokenDownload).suggestedFilename()).toBe(badName);

  expect(cspViolations).toEqual([]);
  expect(foreignRequests).toEqual([]);
});

test('中文字体未嵌入的 PDF（电子发票常见）：预览用应用自带的 CMap 显示文字', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `中文完税证明${Date.now()}.pdf`;
  const cmaps: number[] = [];
  page.on('response', (response) => {
    if (/\/assets\/pdfjs-[^/]+\/cmaps\/UniGB-UCS2-H\.bcmap$/.test(response.url())) cmaps.push(response.status());
  });
  await loginAs(page, 'caiwu');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await uploadCertificate(page, name, await chineseTextPdf());
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '预览', exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  const canvas = dialog.getByRole('img', { name: `${name} 第 1 页` });
  await expect(canvas).toBeVisible();
  await expect(dialog.locator('[aria-busy="false"]')).toBeVisible();
  // Four 72 pt characters on an otherwise white page.
  await expect.poll(async () => (await canvasPicture(canvas)).inked).toBeGreaterThan(3_000);
  expect(cmaps).toContain(200);
});
