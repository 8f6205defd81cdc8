import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { ZipArchive } from 'archiver';
import ExcelJS from 'exceljs';
import { AUDIT_STATUS_CHOICES, DOWNLOAD_STATUS, SIGN_STATUS, SIGN_STATUS_CHOICES } from '../../src/domain/workers';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { EXCEL_FORMATS, excelDate, zipEntryDate, zipEntryDateOf } from '../engine/excelDates';
import { createZip } from '../engine/zipArchive';
import { newStoredName } from '../files/fileStore';
import { openGeneratedFile } from '../files/generatedFiles';
import type { FileStorage } from '../files/storage/fileStorage';
import { insertUpload } from '../files/uploads.repository';
import { runExclusively } from '../system/jobLock';
import { bigBearWorker } from './bigBear';

/**
 * 大熊信息下载: a background job writes one zip per request — 人员信息.xlsx (every worker of the company
 * signed with the chosen 大熊 enterprise, or all of them, in the chosen sign status) and each worker's signed
 * agreement PDF — to a scratch file under DATA_DIR/tmp, then into the file storage (the local disk or the object
 * store). Rows are read a page at a time, the sheet is streamed to a temporary file, and each PDF is added only
 * after the previous one has been written, so memory does not grow with the number of workers or agreements. The
 * job's row (worker_downloads) carries the status the page polls.
 */

const PAGE = 1000;
const choiceName = (choices: readonly { id: number; name: string }[], id: number) =>
  choices.find((choice) => choice.id === id)?.name ?? '';

export interface DownloadSelection {
  companyId: number;
  /** null: every 大熊 enterprise. */
  enterpriseId: number | null;
  /** null: every sign status. */
  signStatus: number | null;
}

function selectWorkers(db: Db, selection: DownloadSelection) {
  let query = db
    .selectFrom('workers')
    .leftJoin('enterprises', 'enterprises.id', 'workers.enterprise_id')
    .where('workers.company_id', '=', selection.companyId)
    .where((eb) => bigBearWorker(eb));
  if (selection.enterpriseId !== null) query = query.where('workers.enterprise_id', '=', selection.enterpriseId);
  if (selection.signStatus !== null) query = query.where('workers.sign_status', '=', selection.signStatus);
  return query;
}

async function* workerPages(db: Db, selection: DownloadSelection) {
  let after = 0;
  for (;;) {
    const rows = await selectWorkers(db, selection)
      .select([
        'workers.id',
        'workers.name',
        'workers.id_card',
        'workers.mobile',
        'workers.bank_card',
        'workers.bank_name',
        'workers.referrer',
        'workers.sign_status',
        'workers.sign_time',
        'workers.audit_status',
        'workers.create_time',
        'enterprises.name as enterpriseName',
      ])
      .where('workers.id', '>', after)
      .orderBy('workers.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1].id);
  }
}

/** The signed agreements of the selected workers, a page at a time (keyset on the agreement id). */
async function* agreementPages(db: Db, selection: DownloadSelection) {
  let after = 0;
  for (;;) {
    const rows = await selectWorkers(db, selection)
      .innerJoin('worker_agreements', 'worker_agreements.worker_id', 'workers.id')
      .select([
        'worker_agreements.id',
        'worker_agreements.signed_file_id',
        'worker_agreements.agreement_no',
        'worker_agreements.sign_time',
      ])
      .where('worker_agreements.status', '=', SIGN_STATUS.signed)
      .where('worker_agreements.signed_file_id', 'is not', null)
      .where('worker_agreements.id', '>', after)
      .orderBy('worker_agreements.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1].id);
  }
}

/** Columns holding China-time texts, written as date cells. */
const TIME_HEADERS = new Set(['签约时间', '导入时间']);

const HEADERS = [
  '姓名',
  '身份证号',
  '手机号',
  '银行卡号',
  '开户银行',
  '推荐人',
  '服务主体',
  '签约状态',
  '签约时间',
  '审核状态',
  '导入时间',
];

/** 人员信息.xlsx written to `file` row by row (exceljs streaming writer); answers the number of workers. */
export async function writeWorkerSheet(db: Db, selection: DownloadSelection, file: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('人员信息', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS.map((header) => ({
    header,
    width: header === '身份证号' || header === '银行卡号' ? 24 : TIME_HEADERS.has(header) ? 20 : 16,
    style: TIME_HEADERS.has(header) ? { numFmt: EXCEL_FORMATS.datetime } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for await (const rows of workerPages(db, selection)) {
    for (const row of rows) {
      sheet
        .addRow([
          row.name,
          row.id_card,
          row.mobile,
          row.bank_card,
          row.bank_name,
          row.referrer ?? '',
          row.enterpriseName ?? '',
          choiceName(SIGN_STATUS_CHOICES, Number(row.sign_status)),
          excelDate(row.sign_time) ?? row.sign_time ?? '',
          choiceName(AUDIT_STATUS_CHOICES, Number(row.audit_status)),
          excelDate(row.create_time) ?? row.create_time,
        ])
        .commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** Appends one entry and waits until archiver has written it (so at most one source stream is open). */
function appendOne(zip: ZipArchive, source: NodeJS.ReadableStream | Buffer, name: string, date: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = () => {
      zip.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      zip.off('entry', onEntry);
      reject(error);
    };
    zip.once('entry', onEntry);
    zip.once('error', onError);
    zip.append(source as never, { name, date });
  });
}

const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/**
 * Writes the zip of `selection` to `target` (the sheet, then every signed PDF) and answers the counts.
 * Shared by the job and the bench.
 */
export async function writeWorkerZip(
  db: Db,
  files: FileStorage,
  scratch: string,
  selection: DownloadSelection,
  target: string,
): Promise<{ workers: number; agreements: number }> {
  await mkdir(scratch, { recursive: true });
  const sheetFile = path.join(scratch, `${randomBytes(12).toString('hex')}.xlsx`);
  try {
    const workers = await writeWorkerSheet(db, selection, sheetFile);
    const output = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    const zip = createZip();
    zip.pipe(output);
    await appendOne(zip, createReadStream(sheetFile), '人员信息.xlsx', zipEntryDate());
    let agreements = 0;
    const names = new Set<string>();
    for await (const rows of agreementPages(db, selection)) {
      for (const row of rows) {
        const file = await openGeneratedFile(db, files, Number(row.signed_file_id));
        if (!file) continue;
        let name = `协议/${safeName(file.name)}`;
        if (names.has(name)) name = `协议/${row.agreement_no}-${row.id}.pdf`;
        names.add(name);
        await appendOne(zip, file.stream, name, zipEntryDateOf(row.sign_time));
        agreements += 1;
      }
    }
    await zip.finalize();
    await finished(output);
    return { workers, agreements };
  } finally {
    await rm(sheetFile, { force: true });
  }
}

export interface DownloadWorkplace {
  files: FileStorage;
  /** A local folder for the sheet and the zip while they are written (DATA_DIR/tmp). */
  scratch: string;
}

/**
 * Runs one queued job to its end (done with the zip stored as an upload, or failed with the reason). On PostgreSQL
 * the job's advisory lock is held while it runs (system/jobLock.ts): a job another host is building is left to it,
 * and a job whose host died (its connection, and so its lock, gone) is taken over by the next one to look.
 */
export async function runDownloadJob(db: Db, place: DownloadWorkplace, jobId: number): Promise<void> {
  await runExclusively(db, `download:${jobId}`, () => buildDownload(db, place, jobId));
}

async function buildDownload(db: Db, { files, scratch }: DownloadWorkplace, jobId: number): Promise<void> {
  const claimed = await db
    .updateTable('worker_downloads')
    .set({ status: DOWNLOAD_STATUS.running })
    .where('id', '=', jobId)
    .where('status', 'in', [DOWNLOAD_STATUS.queued, DOWNLOAD_STATUS.running])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const job = await db.selectFrom('worker_downloads').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('name').where('id', '=', job.company_id).executeTakeFirst();
  const storedName = newStoredName('.zip');
  const target = path.join(scratch, storedName);
  try {
    const counts = await writeWorkerZip(
      db,
      files,
      scratch,
      {
        companyId: Number(job.company_id),
        enterpriseId: job.enterprise_id === null ? null : Number(job.enterprise_id),
        signStatus: job.sign_status === null ? null : Number(job.sign_status),
      },
      target,
    );
    const size = (await stat(target)).size;
    await files.put(storedName, createReadStream(target), size);
    const time = chinaTime();
    const fileId = await insertUpload(db, {
      storedName,
      originalName: `大熊人员信息-${company?.name ?? job.company_id}-${time.slice(0, 10)}.zip`,
      mime: 'application/zip',
      size,
      ownerUserId: 0,
      ownerCompanyId: Number(job.company_id),
      createTime: time,
    });
    await db
      .updateTable('worker_downloads')
      .set({
        status: DOWNLOAD_STATUS.done,
        file_id: fileId,
        worker_count: counts.workers,
        agreement_count: counts.agreements,
        message: counts.workers === 0 ? '没有符合条件的人员，压缩包内只有表头' : null,
        finish_time: time,
      })
      .where('id', '=', jobId)
      .execute();
  } catch (error) {
    await files.remove(storedName).catch(() => undefined);
    await db
      .updateTable('worker_downloads')
      .set({
        status: DOWNLOAD_STATUS.failed,
        message: `生成失败：${error instanceof Error ? error.message.slice(0, 200) : '未知错误'}`,
        finish_time: chinaTime(),
      })
      .where('id', '=', jobId)
      .execute();
  } finally {
    await rm(target, { force: true });
  }
}

/**
 * Jobs run one at a time in this process, in the order they were asked for; jobs a stopped server left queued or
 * running are picked up again when it starts (`resume`).
 */
export function downloadQueue(db: Db, place: DownloadWorkplace) {
  let tail: Promise<void> = Promise.resolve();
  const enqueue = (jobId: number): Promise<void> => {
    tail = tail.then(() => runDownloadJob(db, place, jobId)).catch(() => undefined);
    return tail;
  };
  return {
    enqueue,
    async resume(): Promise<void> {
      const open = await db
        .selectFrom('worker_downloads')
        .select('id')
        .where('status', 'in', [DOWNLOAD_STATUS.queued, DOWNLOAD_STATUS.running])
        .orderBy('id')
        .execute();
      for (const row of open) void enqueue(Number(row.id));
    },
    /** Resolves once every job asked for so far has ended (tests). */
    idle: () => tail,
  };
}
