import { parentPort } from 'node:worker_threads';
import { BATCH_FILE_MSG } from '../../../src/domain/payoutBatch';
import { BatchFileError, BatchLimitError, type PackedRows, ParseBudget, packRows, parseBatchFile } from './batchFile';
import { SHEET_LAYOUTS, type SheetLayoutName } from './sheetLayouts';

/**
 * The body of one parser thread (batchParser.ts): answers each { id, fileName, content } with the raw rows
 * (packed), or the file's message. A thread serves one job at a time; its heap is capped by the parent's
 * resourceLimits.
 */
export interface ParseJob {
  id: number;
  fileName: string;
  content: Uint8Array;
  /** Which sheet (sheetLayouts.ts); the payout file when absent. */
  layout?: SheetLayoutName;
}

export type ParseAnswer =
  | { type: 'ready' }
  | { type: 'rows'; id: number; rows: PackedRows }
  | { type: 'refused'; id: number; message: string; limit: string | null };

const port = parentPort;
if (!port) throw new Error('batchFileWorker 只能在工作线程中运行');

port.on('message', async (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    const layout = SHEET_LAYOUTS[job.layout ?? 'payout'];
    const rows = await parseBatchFile(job.fileName, job.content, new ParseBudget(), layout);
    answer = { type: 'rows', id: job.id, rows: packRows(rows, layout) };
  } catch (error) {
    if (error instanceof BatchFileError) {
      answer = {
        type: 'refused',
        id: job.id,
        message: error.message,
        limit: error instanceof BatchLimitError ? error.limit : null,
      };
    } else {
      // Anything else the parsers throw means a file they cannot read, not a fault of the server.
      answer = { type: 'refused', id: job.id, message: BATCH_FILE_MSG.unreadable, limit: null };
    }
  }
  port.postMessage(answer);
});
port.postMessage({ type: 'ready' } satisfies ParseAnswer);
