import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecoderPool, type PoolOptions, THREAD_LIMIT } from '../../server/files/decoding/pool';
import { BatchFileError, BatchLimitError } from '../../server/money/payouts/batchFileErrors';
import { parseSheetIsolated } from '../../server/money/payouts/batchParser';
import { BATCH_FILE_MSG } from '../../src/domain/payoutBatch';
import { csvFile, HEADERS, payee, xlsxFile } from '../support/batchFiles';

/**
 * The parser threads behind /batch/validate, the server's decoder threads: whatever gets past the
 * parser's own caps can only exhaust its thread. Here the threads get a heap or a time far too small for a
 * 10 000-row file: the parse is refused with the cap's reason, this process carries on, and the pool replaces the
 * thread.
 */

let bigCsv: Buffer;
let bigXlsx: Buffer;
const pools: DecoderPool[] = [];

/** A pool with these limits, and the payout parse through it (timeoutMs: the parse's time in its thread). */
function poolOf(options: Partial<PoolOptions> & { timeoutMs?: number }) {
  const pool = new DecoderPool(options);
  pools.push(pool);
  return {
    parse: (fileName: string, content: Buffer) =>
      parseSheetIsolated(fileName, content, 'payout', (input, run) =>
        pool.run('sheet', input, { ...run, timeoutMs: options.timeoutMs ?? run.timeoutMs }),
      ),
  };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('解析应当被拒绝');
}

beforeAll(async () => {
  const rows = Array.from({ length: 10_000 }, (_, index) => payee(index, { 备注: '劳务报酬'.repeat(10) }));
  bigCsv = csvFile(rows);
  bigXlsx = await xlsxFile([[...HEADERS], ...rows]);
});
afterAll(() => {
  for (const pool of pools) pool.close();
});

describe('parser threads', () => {
  it('a thread that runs out of heap refuses the file with the heap cap, and the next file is read', async () => {
    const pool = poolOf({ heapMb: 16 });
    const error = await refusal(pool.parse('大文件.csv', bigCsv));
    expect(error).toBeInstanceOf(BatchLimitError);
    expect((error as BatchLimitError).limit).toBe(THREAD_LIMIT.heap);
    expect(error.message).toBe(BATCH_FILE_MSG.overLimit);

    const rows = await pool.parse('小文件.csv', csvFile([payee(1), payee(2)]));
    expect(rows.map((row) => row.values.name)).toEqual([payee(1)[0], payee(2)[0]]);
  }, 60_000);

  it('a thread still parsing after its time is ended and the file refused with the time cap', async () => {
    const pool = poolOf({ timeoutMs: 20 });
    const error = await refusal(pool.parse('大文件.xlsx', bigXlsx));
    expect(error).toBeInstanceOf(BatchLimitError);
    expect((error as BatchLimitError).limit).toBe(THREAD_LIMIT.timeout);
  }, 60_000);

  it('past the threads and the waiting room, an upload is told to come back later', async () => {
    const pool = poolOf({ maxThreads: 1, maxWaiting: 1 });
    const [first, second, third] = await Promise.allSettled([
      pool.parse('a.csv', bigCsv),
      pool.parse('b.csv', bigCsv),
      pool.parse('c.csv', bigCsv),
    ]);
    expect(first.status === 'fulfilled' && first.value.length).toBe(10_000);
    expect(second.status === 'fulfilled' && second.value.length).toBe(10_000);
    expect(third.status).toBe('rejected');
    const reason = (third as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(BatchFileError);
    expect(reason.message).toBe(BATCH_FILE_MSG.busy);
  }, 60_000);
});
