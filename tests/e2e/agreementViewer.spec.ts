import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bankCard, idCard } from '../support/batchFiles';
import { DEMO_PASSWORD } from './support/login';

/**
 * What a gig worker sees on /workerSign/<token>: the agreement in Chromium's own PDF viewer. The
 * title is Chinese only, so a page whose embedded font no viewer can draw leaves that band blank (it did, while the
 * PDF's text layer parsed). The screenshot is of the frame as drawn, compared with the blank page around it.
 */
const WORKER = { name: '欧阳娜娜', serial: 880_001 };

async function merchantToken(request: APIRequestContext): Promise<string> {
  const answer = await (
    await request.post('/login', {
      headers: { platformMark: '1' },
      form: {
        username: 'merchant',
        password: createHash('sha256').update(DEMO_PASSWORD).digest('hex'),
        type: '1',
        platformMark: '1',
      },
    })
  ).json();
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.token;
}

async function signingLink(request: APIRequestContext): Promise<string> {
  const headers = { authorization: `Bearer ${await merchantToken(request)}`, platformMark: '1' };
  const added = await (
    await request.post('/api/v1/workers', {
      headers,
      data: {
        kind: 'sign',
        name: WORKER.name,
        idCard: idCard(WORKER.serial),
        mobile: `139${String(WORKER.serial).padStart(8, '0')}`,
        bankCard: bankCard(WORKER.serial),
        bankName: '中国工商银行',
      },
    })
  ).json();
  expect(added.code, added.message).toBe(1020000);
  const link = await (await request.post(`/api/v1/workers/${added.content.id}/sign_link`, { headers })).json();
  expect(link.code, link.message).toBe(1020000);
  return link.content.url;
}

/**
 * Ink in the title band of the first page the viewer shows: the white page is found in the screenshot (the toolbar
 * and the side panel are dark, so they must not count), then the band where the 20-pt title sits (6-10.5 % of an A4
 * page's height) is counted. Decoded by the browser in a blank page: the app's CSP allows no data: fetch.
 */
async function titleInk(scratch: Page, png: Buffer): Promise<number> {
  return scratch.evaluate(async (data) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.drawImage(bitmap, 0, 0);
    const { width, height } = bitmap;
    const pixels = context.getImageData(0, 0, width, height).data;
    const sum = (x: number, y: number) => {
      const at = (y * width + x) * 4;
      return pixels[at] + pixels[at + 1] + pixels[at + 2];
    };
    const white = (x: number, y: number) => sum(x, y) > 3 * 245;
    // The page: the widest run of white pixels near the frame's bottom (above its border), and its top edge.
    const probe = height - 6;
    let left = 0;
    let right = -1;
    for (let x = 0, runStart = 0; x <= width; x += 1) {
      if (x < width && white(x, probe)) continue;
      if (x - runStart > right - left) [left, right] = [runStart, x - 1];
      runStart = x + 1;
    }
    // Up the page's left margin, where nothing is printed, to its top edge.
    let top = probe;
    while (top > 0 && white(left + 3, top - 1)) top -= 1;
    const pageHeight = ((right - left + 1) * 841.89) / 595.28;
    let ink = 0;
    for (let y = Math.floor(top + pageHeight * 0.06); y < Math.min(height, top + pageHeight * 0.105); y += 1)
      for (let x = left; x <= right; x += 1) if (sum(x, y) < 3 * 110) ink += 1;
    return ink;
  }, png.toString('base64'));
}

test('the signing page shows the agreement’s Chinese text in the browser’s PDF viewer', async ({ page }) => {
  const link = await signingLink(page.request);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '自由职业者协议签署' })).toBeVisible();
  const frame = page.locator('iframe[title="协议内容"]');
  await expect(frame).toBeVisible();
  const pdf = await page.request.get(await frame.getAttribute('src').then((src) => String(src)));
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The viewer draws the page once the plugin has loaded the file: wait until the frame holds ink.
  const scratch = await page.context().newPage();
  let shot: Buffer = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        shot = await frame.screenshot();
        return titleInk(scratch, shot);
      },
      { timeout: 15_000 },
    )
    // The demo template's 19-character title leaves ~1 200 dark pixels at the viewer's 64 %; with the old broken
    // font only its Latin "V2.3" was drawn: 95.
    .toBeGreaterThan(500);
  test.info().attachments.push({ name: 'viewer', contentType: 'image/png', body: shot });
});
