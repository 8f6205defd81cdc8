import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { DECODE_MSG } from '../../server/files/decoding/budgets';
import { DECODING_ROUTES, type DecodedKind } from '../../server/files/decoding/decodingRoutes';
import { BATCH_FILE_MSG } from '../../src/domain/payoutBatch';
import { csvFile, payee } from '../support/batchFiles';
import {
  jpegClaiming,
  pdfOfPages,
  pdfStreamBomb,
  pdfWithText,
  pngClaiming,
  realPng,
  xlsxHugeSheet,
  xlsxLyingSheet,
  xmlOfOpenTags,
  zipBomb,
  zipOfManyEntries,
} from '../support/decodeBombs';
import { registeredRoutes } from './support/registeredRoutes';
import { createTestApp, sha256Hex, type TestApp } from './support/testApp';

/**
 * No request can stall the server with a file (docs/security.md, 解码预算). Every route that decodes or transforms
 * a file (DECODING_ROUTES, which the server itself and tests/unit/decoderBoundary.test.ts keep whole) gets the
 * bombs of each kind it decodes, sent to a real server process over HTTP while /api/health is polled: PNG and JPEG
 * headers claiming up to 60 000 × 60 000 pixels, PDFs of 2 000 tall or 6 000 pages and one whose content stream
 * inflates to a gigabyte, zip bombs (honest and lying headers, 20 000 entries), workbooks whose sheet inflates to
 * 100 MB, and XML that made the invoice reader's patterns quadratic. For each, the worst gap between two health
 * answers stays under GAP_LIMIT_MS beyond the machine's own noise, measured in the same run (the anchors: the
 * worst gap while the same route takes an ordinary file, and while nothing is sent for as long as the bomb took;
 * a gap over the limit is measured once more, since the machine is shared), and the route answers 1040400 with the
 * budget's message, never a 500. A watermark takes a stored file: the bomb is written over a stored upload, as a
 * file stored before the budgets existed would be.
 *
 * A separate process, so that a bomb that does block the server (the code before the budgets: 30 s and more per
 * bomb) cannot block the test: each attack has a deadline, and once the server has missed a health poll for
 * HUNG_MS the remaining attacks fail at once.
 */

const GAP_LIMIT_MS = 200;
const DEADLINE_MS = 20_000;
const HUNG_MS = 5_000;
const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let server: RunningServer;
let base: string;
let merchantAuth: Record<string, string>;
let hung = false;

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function login(username: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
    body: new URLSearchParams({ username, password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  const answer = await response.json();
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.token as string;
}

function form(parts: Record<string, string | { name: string; content: Buffer }>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.set(key, value);
    else data.set(key, new Blob([new Uint8Array(value.content)]), value.name);
  }
  return data;
}

/** The worst gap between /api/health answers while `send` runs, and its answer (null past the deadline). */
async function watched(send: (signal: AbortSignal) => Promise<Response | null>) {
  expect(hung, '服务器仍被前一个炸弹文件阻塞').toBe(false);
  const deadline = AbortSignal.timeout(DEADLINE_MS);
  let answer: Answer | null = null;
  let done = false;
  const started = performance.now();
  const request = send(deadline)
    .then(async (response) => {
      if (!response) return;
      answer = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: Buffer.from(await response.arrayBuffer()).toString('latin1'),
      };
    })
    .catch(() => {})
    .finally(() => {
      done = true;
    });
  let last = started;
  let worst = 0;
  while (!done && performance.now() - started < DEADLINE_MS) {
    try {
      const left = Math.max(1, Math.ceil(DEADLINE_MS - (performance.now() - started)));
      const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(left) });
      await health.arrayBuffer();
    } catch {
      // No answer before the deadline: the gap says so.
    }
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (worst > HUNG_MS) hung = true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!done) hung = true;
  await Promise.race([request, new Promise((resolve) => setTimeout(resolve, 100))]);
  return { worst: Math.round(worst), answer: answer as Answer | null, ms: Math.round(performance.now() - started) };
}

function envelope(answer: Answer | null): { code: number; message: string; content: any } {
  expect(answer, '超过期限仍未应答').not.toBeNull();
  const { status, contentType, body } = answer as Answer;
  expect(status, body.slice(0, 200)).toBe(200);
  expect(contentType).toMatch(/^application\/json/);
  return JSON.parse(Buffer.from(body, 'latin1').toString('utf8'));
}

/** How a route is called with one file (`ordinary`: the anchor's file, not a bomb). */
type Caller = (file: { name: string; content: Buffer }, signal: AbortSignal, ordinary: boolean) => Promise<Response>;

interface Bomb {
  name: string;
  build: () => Buffer;
  /** The refusal's message, or 'answered' when the file is no bomb any more (read in linear time). */
  expect: string;
}

const figures: string[] = [];

/** The anchor (an ordinary file), then each bomb, under the health watch. */
function attacks(
  route: string,
  kind: DecodedKind,
  call: Caller,
  normal: { name: string; content: () => Buffer },
  bombs: Bomb[],
) {
  let anchor = 0;
  it(`${route}（${kind}）: an ordinary file, the anchor`, async () => {
    const watch = await watched((signal) => call({ name: normal.name, content: normal.content() }, signal, true));
    expect(watch.answer, '普通文件超过期限仍未应答').not.toBeNull();
    expect((watch.answer as Answer).status).toBe(200);
    anchor = watch.worst;
    figures.push(`${route} ${kind} 普通文件: 最大间隔 ${watch.worst} ms`);
  }, 60_000);
  for (const bomb of bombs) {
    it(`${route}（${kind}）: ${bomb.name}`, async () => {
      const content = bomb.build();
      const attempt = async () => {
        const watch = await watched((signal) => call({ name: bomb.name, content }, signal, false));
        // The machine's own noise right after, for as long as the bomb took (a shared machine can stall any process).
        const calm = await watched(
          () => new Promise((resolve) => setTimeout(() => resolve(null), Math.min(3000, Math.max(500, watch.ms)))),
        );
        figures.push(
          `${route} ${kind} ${bomb.name}: 最大间隔 ${watch.worst} ms（空闲 ${calm.worst} ms）, 应答 ${watch.ms} ms`,
        );
        return { watch, calm, noise: Math.max(anchor, calm.worst) };
      };
      // A decoder on the request thread stalls the server every time; a stall of the machine seldom strikes twice
      // in a row, so a gap over the limit is measured once more before it counts.
      let { watch, calm, noise } = await attempt();
      if (!hung && watch.worst >= GAP_LIMIT_MS + noise) ({ watch, calm, noise } = await attempt());
      const answer = envelope(watch.answer);
      if (bomb.expect === 'answered') expect(answer.code, answer.message).not.toBe(500);
      else {
        expect(answer.code, answer.message).toBe(BUSINESS);
        expect(answer.message).toBe(bomb.expect);
      }
      expect(watch.worst, `健康检查最大间隔（普通文件 ${anchor} ms，空闲 ${calm.worst} ms）`).toBeLessThan(
        GAP_LIMIT_MS + noise,
      );
    }, 60_000);
  }
}

const MEMO = new Map<string, Buffer>();
const memo = (key: string, build: () => Buffer) => () => {
  if (!MEMO.has(key)) MEMO.set(key, build());
  return MEMO.get(key) as Buffer;
};

const IMAGE_BOMBS: Bomb[] = [
  { name: '2万x2万.png', build: memo('png20k', () => pngClaiming(20_000, 20_000)), expect: DECODE_MSG.imagePixels },
  {
    name: '3万x3万.png',
    build: memo('png30k', () => pngClaiming(30_000, 30_000, true)),
    expect: DECODE_MSG.imagePixels,
  },
  { name: '6万x6万.jpg', build: memo('jpg60k', () => jpegClaiming(60_000, 60_000)), expect: DECODE_MSG.imagePixels },
];
const tallPdf = memo('tall', () => pdfOfPages(2000, 200, 14_400));
const manyPagesPdf = memo('pages', () => pdfOfPages(6000));
const streamBombPdf = memo('stream', () => pdfStreamBomb(1024));
const hugeSheet = memo('sheet', () => xlsxHugeSheet(100));
const lyingSheet = memo('lying', () => xlsxLyingSheet(100));

/** Writes `content` over the stored upload whose bytes are `original` (local storage: DATA_DIR/uploads). */
function overwriteStored(original: Buffer, content: Buffer): void {
  const folder = path.join(t.config.dataDir, 'uploads');
  const stored = readdirSync(folder).filter((name) => readFileSync(path.join(folder, name)).equals(original));
  expect(stored).toHaveLength(1);
  writeFileSync(path.join(folder, stored[0]), content);
}

async function uploadAnnex(file: { name: string; content: Buffer }, kind: 'image' | 'annex'): Promise<number> {
  const response = await fetch(`${base}/api/v1/common/uploadfiles`, {
    method: 'POST',
    headers: merchantAuth,
    body: form({ kind, file }),
  });
  const answer = await response.json();
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  server = await startServer({
    dataDir: t.config.dataDir,
    env: { DATABASE_URL: t.config.databaseUrl ?? '', PAYOUT_AUTO: '0', WEB_ROOT: path.join(t.config.dataDir, 'none') },
  });
  base = server.url;
  merchantAuth = { authorization: `Bearer ${await login('merchant')}`, platformmark: '1' };
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await server?.stop();
  await t?.close();
  if (figures.length > 0) console.log(`健康检查间隔（解码炸弹）：\n${figures.join('\n')}`);
});

describe('the routes that decode are the declared ones', () => {
  it('every route that accepts an upload is declared, and every declared one is served', () => {
    const uploads = DECODING_ROUTES.filter((route) => route.input === 'upload').map((route) => route.route);
    expect([...t.app.uploadRoutes].sort()).toEqual([...uploads].sort());
    const served = new Set(registeredRoutes(t.app).map((route) => `${route.method} ${route.url}`));
    for (const route of DECODING_ROUTES.filter((entry) => entry.input !== 'generated')) {
      expect(served.has(route.route), route.route).toBe(true);
    }
  });

  it('each attacked route below is a declared one with the kinds attacked', () => {
    const declared = Object.fromEntries(DECODING_ROUTES.map((route) => [route.route, [...route.kinds].sort()]));
    const attacked: Record<string, DecodedKind[]> = {
      'POST /api/v1/common/uploadfiles': ['image', 'pdf', 'archive'],
      'POST /api/v1/companies/register/upload': ['image'],
      'GET /api-v1/watermark/dl': ['image', 'pdf'],
      'POST /api/v1/invoices/ocr': ['image', 'pdf', 'archive', 'xml'],
      'POST /api/v1/remittances/batch/validate': ['sheet'],
      'POST /api/v1/workers/import/:kind': ['sheet'],
    };
    for (const [route, kinds] of Object.entries(attacked)) expect(declared[route], route).toEqual(kinds.sort());
    // The rest decode only what the server generated itself (no user file reaches them).
    const others = DECODING_ROUTES.filter((route) => !(route.route in attacked));
    expect(others.every((route) => route.input === 'generated')).toBe(true);
  });
});

describe('bombs while /api/health is polled', () => {
  const upload =
    (kind: 'image' | 'annex'): Caller =>
    (file, signal) =>
      fetch(`${base}/api/v1/common/uploadfiles`, {
        method: 'POST',
        headers: merchantAuth,
        body: form({ kind, file }),
        signal,
      });
  attacks(
    'POST /api/v1/common/uploadfiles',
    'image',
    upload('image'),
    { name: '普通.png', content: () => realPng(8, 8) },
    IMAGE_BOMBS,
  );
  attacks(
    'POST /api/v1/common/uploadfiles',
    'pdf',
    upload('annex'),
    { name: '普通.pdf', content: () => pdfWithText('hello') },
    [
      { name: '2000页高页面.pdf', build: tallPdf, expect: DECODE_MSG.pdfPages },
      { name: '6000页.pdf', build: manyPagesPdf, expect: DECODE_MSG.pdfPages },
      { name: '内容流炸弹.pdf', build: streamBombPdf, expect: DECODE_MSG.pdfTooComplex },
    ],
  );
  attacks(
    'POST /api/v1/common/uploadfiles',
    'archive',
    upload('annex'),
    { name: '普通.zip', content: () => zipBomb(1) },
    [
      { name: '解压1GB.zip', build: memo('zip', () => zipBomb(1024)), expect: DECODE_MSG.archiveTooLarge },
      {
        name: '谎报大小.docx',
        build: memo('lyingZip', () => zipBomb(1024, { lying: true })),
        expect: DECODE_MSG.archiveTooLarge,
      },
      {
        name: '两万个文件.zip',
        build: memo('entries', () => zipOfManyEntries(20_000)),
        expect: DECODE_MSG.archiveTooLarge,
      },
    ],
  );

  const register: Caller = (file, signal) =>
    fetch(`${base}/api/v1/companies/register/upload`, { method: 'POST', body: form({ file }), signal });
  attacks(
    'POST /api/v1/companies/register/upload',
    'image',
    register,
    { name: '执照.png', content: () => realPng(8, 8) },
    IMAGE_BOMBS,
  );

  // The watermark reads a stored upload: an ordinary one is uploaded, then a bomb is written over its bytes.
  const watermark =
    (kind: 'image' | 'annex', original: () => { name: string; content: Buffer }): Caller =>
    async (file, signal, ordinary) => {
      const stored = ordinary ? file : original();
      const id = await uploadAnnex(stored, kind);
      if (!ordinary) overwriteStored(stored.content, file.content);
      return fetch(`${base}/api-v1/watermark/dl?file=${id}`, { headers: merchantAuth, signal });
    };
  const uniquePng = () => ({ name: '水印.png', content: Buffer.concat([realPng(8, 8), randomBytes(16)]) });
  const uniquePdf = () => ({ name: '水印.pdf', content: pdfWithText(`wm ${randomBytes(8).toString('hex')}`) });
  attacks(
    'GET /api-v1/watermark/dl',
    'image',
    watermark('image', uniquePng),
    { name: '普通.png', content: () => uniquePng().content },
    IMAGE_BOMBS,
  );
  attacks(
    'GET /api-v1/watermark/dl',
    'pdf',
    watermark('annex', uniquePdf),
    { name: '普通.pdf', content: () => uniquePdf().content },
    [
      { name: '2000页高页面.pdf', build: tallPdf, expect: DECODE_MSG.pdfPages },
      { name: '内容流炸弹.pdf', build: streamBombPdf, expect: DECODE_MSG.pdfTooComplex },
    ],
  );

  const ocr: Caller = (file, signal) =>
    fetch(`${base}/api/v1/invoices/ocr`, { method: 'POST', headers: merchantAuth, body: form({ file }), signal });
  attacks('POST /api/v1/invoices/ocr', 'image', ocr, { name: '发票.png', content: () => realPng(8, 8) }, IMAGE_BOMBS);
  attacks('POST /api/v1/invoices/ocr', 'pdf', ocr, { name: '发票.pdf', content: () => pdfWithText('No. 12345678') }, [
    { name: '6000页.pdf', build: manyPagesPdf, expect: DECODE_MSG.invoicePages },
    { name: '2000页高页面.pdf', build: tallPdf, expect: DECODE_MSG.invoicePages },
    { name: '内容流炸弹.pdf', build: streamBombPdf, expect: DECODE_MSG.pdfTooComplex },
  ]);
  attacks('POST /api/v1/invoices/ocr', 'archive', ocr, { name: '发票.ofd', content: () => zipBomb(1) }, [
    { name: '解压1GB.ofd', build: memo('zip', () => zipBomb(1024)), expect: DECODE_MSG.ofdTooLarge },
    {
      name: '谎报大小.ofd',
      build: memo('lyingZip', () => zipBomb(1024, { lying: true })),
      expect: DECODE_MSG.ofdTooLarge,
    },
  ]);
  attacks(
    'POST /api/v1/invoices/ocr',
    'xml',
    ocr,
    { name: '发票.xml', content: () => Buffer.from('<Invoice><EIid>1</EIid></Invoice>') },
    [{ name: '二十万个未闭合标签.xml', build: memo('xml', () => xmlOfOpenTags(200_000)), expect: 'answered' }],
  );

  const validate: Caller = (file, signal) =>
    fetch(`${base}/api/v1/remittances/batch/validate`, {
      method: 'POST',
      headers: merchantAuth,
      body: form({ file }),
      signal,
    });
  const sheetBombs: Bomb[] = [
    { name: '解压100MB.xlsx', build: hugeSheet, expect: BATCH_FILE_MSG.overLimit },
    { name: '谎报大小.xlsx', build: lyingSheet, expect: BATCH_FILE_MSG.overLimit },
  ];
  attacks(
    'POST /api/v1/remittances/batch/validate',
    'sheet',
    validate,
    { name: '打款.csv', content: () => csvFile([payee(1)]) },
    sheetBombs,
  );
  const workers: Caller = (file, signal) =>
    fetch(`${base}/api/v1/workers/import/sign`, {
      method: 'POST',
      headers: merchantAuth,
      body: form({ file }),
      signal,
    });
  attacks(
    'POST /api/v1/workers/import/:kind',
    'sheet',
    workers,
    { name: '人员.csv', content: () => Buffer.from('姓名,身份证号,手机号\n') },
    sheetBombs,
  );
});
