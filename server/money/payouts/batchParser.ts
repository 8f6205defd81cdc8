import { BATCH_FILE_MSG, BATCH_PARSE_LIMITS, type BatchField } from '../../../src/domain/payoutBatch';
import { decode } from '../../files/decoding';
import { THREAD_LIMIT } from '../../files/decoding/pool';
import { DecodeRefusal } from '../../files/decoding/refusal';
import type { RawBatchRow } from './batchFile';
import { BatchFileError, BatchLimitError, SHEET_CONTENT } from './batchFileErrors';
import { unpackRows } from './packedRows';
import type { SheetLayoutName } from './sheetLayouts';

/**
 * Batch files are parsed off the request thread, as every decoder is: in the server's decoder threads
 * (files/decoding/), under the parser's own caps (batchFile.ts, xlsxReader.ts), the threads' heap and
 * BATCH_PARSE_LIMITS.hardTimeoutMs. A file past any of them is refused with BATCH_FILE_MSG.overLimit
 * (BatchLimitError.limit says which), a file the parser reads but refuses with its own message, and an upload
 * that finds the threads and their waiting room full with BATCH_FILE_MSG.busy.
 */

/** How a sheet reaches a decoder thread: the server's pool, or another (tests give one with other limits). */
export type SheetRunner = (
  input: { fileName: string; content: Uint8Array; layout: SheetLayoutName },
  options: { timeoutMs: number; unreadable: string },
) => ReturnType<typeof decode<'sheet'>>;

const serverThreads: SheetRunner = (input, options) => decode('sheet', input, options);

/** parseBatchFile's rows in a decoder thread, or a BatchFileError with the message for the merchant. */
export async function parseSheetIsolated<F extends string = BatchField>(
  fileName: string,
  content: Uint8Array,
  layout: SheetLayoutName,
  run: SheetRunner = serverThreads,
): Promise<RawBatchRow<F>[]> {
  try {
    const packed = await run(
      { fileName, content, layout },
      { timeoutMs: BATCH_PARSE_LIMITS.hardTimeoutMs, unreadable: BATCH_FILE_MSG.unreadable },
    );
    return unpackRows<F>(packed);
  } catch (error) {
    if (!(error instanceof DecodeRefusal)) throw error;
    if (error.limit === SHEET_CONTENT || error.limit === 'unreadable') throw new BatchFileError(error.message);
    if (error.limit === THREAD_LIMIT.busy) throw new BatchFileError(BATCH_FILE_MSG.busy);
    throw new BatchLimitError(error.limit);
  }
}

/** The payout file (the default layout) in a decoder thread. */
export function parseBatchFileIsolated(fileName: string, content: Uint8Array): Promise<RawBatchRow[]> {
  return parseSheetIsolated(fileName, content, 'payout');
}
