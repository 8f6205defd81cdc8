import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources';
import { chinaTime } from '../../server/db/time';
import { EXPORT_MSG } from '../../server/engine/listExport';
import { saveGeneratedFile } from '../../server/files/generatedFiles';
import { findRoute } from '../../src/domain/routes';
import { REPORTS, reportEditions, reportPath } from '../../src/domain/statistics/reports';
import { DOWNLOAD_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import { zipEntries } from '../support/zipEntries';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Dates in files are dates: every statistics export writes its days and months as date cells, the
 * 大熊 zip's 人员信息.xlsx its 签约时间 and 导入时间, and the zip's entry times are the China wall-clock whatever the
 * server's TZ (run this file with TZ=UTC to see the difference: `TZ=UTC npx vitest run --project api …`).
 * Each file is also read by a second, independent reader: openpyxl (`scripts/checkXlsxDates.py`; Debian package
 * python3-openpyxl, installed by .ci/run). With XLSX_DUMP_DIR set, the files are kept there.
 */
let t: TestApp;
let admin: AuthedClient;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** '2026-11-27 07:54:00' → the instant whose UTC fields are those of the text: what a date cell must hold. */
function wallClock(text: string): Date {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = text.split(/[- :]/).map(Number);
  return new Date(Date.UTC(y, m - 1, d ?? 1, hh, mm, ss));
}

function isDateFormat(format: string | undefined): boolean {
  return !!format && /y/i.test(format) && /m/i.test(format) && !/[#0]/.test(format);
}

function dump(name: string, bytes: Buffer): void {
  const dir = process.env.XLSX_DUMP_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
}

/** openpyxl reads every data cell under each of `labels` as a date (exit 0), or the test fails with its report. */
function expectOpenpyxlDates(bytes: Buffer, labels: string[]): void {
  expectOpenpyxlDatesIn([{ bytes, labels }]);
}

/** The same for several files in one run of the script (a Python start with openpyxl costs ~0.5 s). */
function expectOpenpyxlDatesIn(files: readonly { bytes: Buffer; labels: readonly string[] }[]): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-xlsx-'));
  try {
    const args = files.flatMap(({ bytes, labels }, index) => {
      const file = path.join(dir, `export-${index}.xlsx`);
      fs.writeFileSync(file, bytes);
      return [...(index > 0 ? ['--'] : []), file, ...labels];
    });
    const result = spawnSync('python3', ['scripts/checkXlsxDates.py', ...args], { encoding: 'utf8' });
    expect(result.error, 'python3 未安装').toBeUndefined();
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function workbookOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

function headerRowOf(sheet: ExcelJS.Worksheet, label: string): number {
  for (let index = 1; index <= sheet.rowCount; index += 1) {
    if ((sheet.getRow(index).values as unknown[]).includes(label)) return index;
  }
  throw new Error(`no header row with ${label}`);
}

/** The DOS date and time fields as 'YYYY-MM-DD HH:mm:ss' (the zip format's own layout, decoded here). */
function dosText(date: number, time: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${(date >> 9) + 1980}-${pad((date >> 5) & 0x0f)}-${pad(date & 0x1f)}`;
  return `${day} ${pad(time >> 11)}:${pad((time >> 5) & 0x3f)}:${pad((time & 0x1f) * 2)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
}, 120_000);
afterAll(async () => t?.close());

describe('statistics exports write days and months as dates', () => {
  /** Every report, every edition, a short range (day buckets) and a long one (month buckets). */
  const cases = REPORTS.flatMap((declaration) =>
    reportEditions(declaration).flatMap((mark) =>
      (['days', 'months'] as const).map((span) => ({ declaration, mark, span })),
    ),
  );

  it.each(cases)('$declaration.route edition $mark over $span', async ({ declaration, mark, span }) => {
    const last = await t.db
      .selectFrom('stat_company_day')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('platform_mark', '=', mark)
      .executeTakeFirst();
    const to = String(last?.day ?? chinaTime().slice(0, 10));
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - (span === 'days' ? 20 : 200) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const query = `platformmark=${mark}&period=range&from=${from}&to=${to}`;
    const api = reportPath(declaration);
    const page = envelopeOf(await admin.get(`${api}?${query}&page=0&size=1000`));
    expect(page.code, page.message).toBe(1020000);
    const file = await admin.get(`${api}/export?${query}`);
    expect(file.statusCode).toBe(200);
    dump(`${declaration.route.slice(1)}-${mark}-${span}.xlsx`, file.rawPayload);
    const sheet = await workbookOf(file.rawPayload);
    const header = headerRowOf(sheet, declaration.columns[0].label);
    const rows: Record<string, unknown>[] = page.content.content;
    let dates = 0;
    rows.forEach((row, index) => {
      declaration.columns.forEach((column, position) => {
        const text = row[column.key];
        const cell = sheet.getRow(header + 1 + index).getCell(position + 1);
        if (typeof text === 'string' && (DAY.test(text) || MONTH.test(text) || DATETIME.test(text))) {
          expect(cell.type, `${column.label} ${text}`).toBe(ExcelJS.ValueType.Date);
          expect(isDateFormat(cell.numFmt), `${column.label} numFmt ${cell.numFmt}`).toBe(true);
          expect((cell.value as Date).toISOString()).toBe(wallClock(text).toISOString());
          // The cell shows the page's own precision: a month as a month, a day as a day.
          expect(/d/i.test(cell.numFmt)).toBe(!MONTH.test(text));
          dates += 1;
        }
      });
    });
    const hasDateColumn = declaration.columns.some((column) => column.label === '日期');
    if (hasDateColumn) expect(rows.length, 'the demo data covers this period').toBeGreaterThan(0);
    if (hasDateColumn) expectOpenpyxlDates(file.rawPayload, ['日期']);
    expect(dates > 0).toBe(hasDateColumn && rows.length > 0);
  });
});

describe('大熊 zip', () => {
  const SIGNED = '2026-11-27 07:54:00';
  const IMPORTED = '2026-11-26 23:30:06';
  let agreementId = 0;

  it('人员信息.xlsx has 签约时间 and 导入时间 as dates; entries carry China wall-clock times', async () => {
    const enterprise = await t.db.selectFrom('enterprises').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('enterprises').set({ upload_enabled: 1 }).where('id', '=', enterprise.id).execute();
    const worker = await t.db
      .insertInto('workers')
      .values({
        company_id: 1,
        platform_mark: 1,
        name: '时区测试',
        id_card: '11010519491231002X',
        id_key: 'export-dates-test-key',
        id_masked: '110105********002X',
        mobile: '13500009977',
        bank_card: '6222020200112233446',
        bank_name: '中国银行',
        referrer: null,
        source: 1,
        sign_status: SIGN_STATUS.signed,
        sign_time: SIGNED,
        enterprise_id: Number(enterprise.id),
        create_user: 'test',
        create_time: IMPORTED,
        update_time: IMPORTED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pdf = await saveGeneratedFile(t.db, t.app.files, {
      content: Buffer.from('%PDF-1.4\n%%EOF\n'),
      name: '时区测试-协议.pdf',
      mime: 'application/pdf',
      ownerUserId: 0,
      ownerCompanyId: 1,
    });
    const agreementRow = await t.db
      .insertInto('worker_agreements')
      .values({
        agreement_no: 'TZ-TEST-1',
        worker_id: Number(worker.id),
        company_id: 1,
        platform_mark: 1,
        enterprise_id: Number(enterprise.id),
        enterprise_name: '测试主体',
        template_id: null,
        status: SIGN_STATUS.signed,
        token_hash: null,
        token_expires: null,
        draft_file_id: null,
        signed_file_id: pdf,
        sha256: null,
        original_sha256: null,
        sign_time: SIGNED,
        sign_ip: null,
        rescind_time: null,
        rescind_reason: null,
        create_time: IMPORTED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agreementId = Number(agreementRow.id);

    const before = chinaTime(Date.now() - 2000);
    const started = envelopeOf(
      await admin({
        method: 'POST',
        url: `/api/v1/enterprises/download/${enterprise.id}/all`,
        payload: { companyId: 1 },
      }),
    );
    expect(started.code, started.message).toBe(1020000);
    let job = started.content;
    for (let round = 0; round < 100 && job.status !== DOWNLOAD_STATUS.done; round += 1) {
      expect(job.status, job.message).not.toBe(DOWNLOAD_STATUS.failed);
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = envelopeOf(await admin.get(`/api/v1/enterprises/downloadstatus/${job.id}`)).content;
    }
    expect(job.status).toBe(DOWNLOAD_STATUS.done);
    const after = chinaTime(Date.now() + 2000);
    const zipFile = (await admin.get(job.url)).rawPayload;
    dump('bigBear.zip', zipFile);
    const entries = await zipEntries(zipFile);

    // The signed agreement's entry shows the signing's China time (07:54, not 23:54 the day before under TZ=UTC).
    const agreement = [...entries.entries()].find(([name]) => name.includes('时区测试'));
    expect(agreement).toBeDefined();
    expect(dosText(agreement?.[1].dosDate ?? 0, agreement?.[1].dosTime ?? 0)).toBe(SIGNED);
    // The sheet's entry shows when the job wrote it, in China time.
    const sheetEntry = entries.get('人员信息.xlsx');
    const written = dosText(sheetEntry?.dosDate ?? 0, sheetEntry?.dosTime ?? 0);
    expect(written >= before && written <= after, `${written} within ${before} … ${after}`).toBe(true);

    dump('bigBear-人员信息.xlsx', sheetEntry?.bytes as Buffer);
    expectOpenpyxlDates(sheetEntry?.bytes as Buffer, ['签约时间', '导入时间']);
    const sheet = await workbookOf(sheetEntry?.bytes as Buffer);
    const labels = sheet.getRow(1).values as unknown[];
    const signedColumn = labels.indexOf('签约时间');
    const importedColumn = labels.indexOf('导入时间');
    expect(signedColumn).toBeGreaterThan(0);
    expect(importedColumn).toBeGreaterThan(0);
    let ours = 0;
    for (let index = 2; index <= sheet.rowCount; index += 1) {
      const row = sheet.getRow(index);
      for (const column of [signedColumn, importedColumn]) {
        const cell = row.getCell(column);
        if (cell.value === null || cell.value === '') continue;
        expect(cell.type, `row ${index} column ${labels[column]}`).toBe(ExcelJS.ValueType.Date);
        expect(isDateFormat(cell.numFmt)).toBe(true);
      }
      if (row.getCell(labels.indexOf('姓名')).value === '时区测试') {
        ours += 1;
        expect((row.getCell(signedColumn).value as Date).toISOString()).toBe(wallClock(SIGNED).toISOString());
        expect((row.getCell(importedColumn).value as Date).toISOString()).toBe(wallClock(IMPORTED).toISOString());
      }
    }
    expect(ours).toBe(1);
  });

  it('the signed agreements zip (POST /api/v1/workers/agreements/downloadzip) dates each entry at its signing', async () => {
    expect(agreementId).toBeGreaterThan(0);
    const response = await admin({
      method: 'POST',
      url: '/api/v1/workers/agreements/downloadzip',
      payload: { ids: [agreementId] },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const entries = [...(await zipEntries(response.rawPayload)).values()];
    expect(entries).toHaveLength(1);
    expect(dosText(entries[0].dosDate, entries[0].dosTime)).toBe(SIGNED);
  });
});

describe('every list export writes its dates as dates (GET /api/v1/exports/:name, every declared list)', () => {
  /** Who may see a list: the first of these whose export is answered (a page for merchants refuses the admin). */
  const USERS = [
    { username: 'admin', mark: 1 },
    { username: 'caiwu', mark: 1 },
    { username: 'merchant', mark: 1 },
    { username: 'xgm', mark: 3 },
  ] as const;
  let clients: { username: string; client: AuthedClient }[] = [];

  beforeAll(async () => {
    clients = await Promise.all(
      USERS.map(async ({ username, mark }) => ({
        username,
        client: authed(t.app, await tokenOf(t.app, username, mark), mark),
      })),
    );
  });

  /**
   * Every cell that reads as a day, a month or a time must be a date cell, whatever its field is declared as (a
   * date held in a text field would be written as text): exceljs reads each file, and openpyxl too for the
   * columns that hold dates.
   */
  it('no cell of any list export is a date written as text; openpyxl reads the date columns as dates', async () => {
    const lists = RESOURCES.filter((declaration) => declaration.api.list);
    const exported: string[] = [];
    const refused: string[] = [];
    const textDates: string[] = [];
    const forOpenpyxl: { bytes: Buffer; labels: string[] }[] = [];
    let dateCells = 0;
    for (const declaration of lists) {
      // The list's own fixed query (an edition's page of a shared list), else its route's edition.
      const edition = findRoute(`/${declaration.name}`)?.edition;
      const query = new URLSearchParams({
        format: 'xlsx',
        ...(edition ? { platformmark: String(edition) } : {}),
        ...Object.fromEntries(
          Object.entries(declaration.api.listQuery ?? {}).map(([key, value]) => [key, String(value)]),
        ),
      });
      let file: Buffer | null = null;
      let answers = '';
      for (const { username, client } of clients) {
        const response = await client.get(`/api/v1/exports/${declaration.name}?${query}`);
        if (response.statusCode === 200 && String(response.headers['content-type']).includes('spreadsheetml')) {
          file = response.rawPayload;
          break;
        }
        expect(response.statusCode, `${declaration.name} as ${username}: ${response.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
        answers += ` ${username}: ${envelopeOf(response).message}`;
      }
      // A binding with `export: false` (help articles) has no export, for anyone.
      if (!file && answers.split(`: ${EXPORT_MSG.unknown}`).length === clients.length + 1) continue;
      if (!file) {
        refused.push(`${declaration.name}:${answers}`);
        continue;
      }
      exported.push(declaration.name);
      dump(`list-${declaration.name}.xlsx`, file);
      const sheet = await workbookOf(file);
      const labels = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const dateColumns = new Set<string>();
      for (let index = 2; index <= sheet.rowCount; index += 1) {
        sheet.getRow(index).eachCell((cell, column) => {
          const label = labels[column - 1];
          if (cell.type === ExcelJS.ValueType.Date) {
            expect(isDateFormat(cell.numFmt), `${declaration.name} ${label} numFmt ${cell.numFmt}`).toBe(true);
            dateColumns.add(label);
            dateCells += 1;
          } else if (
            typeof cell.value === 'string' &&
            /^\d{4}[-/]\d{1,2}([-/]\d{1,2})?( \d{1,2}:\d{2}(:\d{2})?)?$/.test(cell.value.trim())
          ) {
            textDates.push(`${declaration.name} ${label} ${cell.address}: '${cell.value}'`);
          }
        });
      }
      if (dateColumns.size > 0) forOpenpyxl.push({ bytes: file, labels: [...dateColumns] });
    }
    expect(textDates).toEqual([]);
    expectOpenpyxlDatesIn(forOpenpyxl);
    // The walk reached the lists: those nobody here may export are named (a list of another kind of user only).
    expect(refused, refused.join('\n')).toEqual([]);
    expect(dateCells).toBeGreaterThan(exported.length);
  }, 300_000);
});
