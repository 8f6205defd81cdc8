import { Worker } from 'node:worker_threads';
import { BATCH_FILE_MSG, BATCH_PARSE_LIMITS } from '../../../src/domain/payoutBatch';
import type { RawBatchRow } from './batchFile';
import { BatchFileError, BatchLimitError } from './batchFileErrors';
import type { ParseAnswer, ParseJob } from './batchFileWorker';

/**
 * Batch files are parsed off the request thread (issue 19), in worker threads with a capped heap
 * (`resourceLimits`): a file that still gets past the parser's own caps (batchFile.ts, xlsxReader.ts) can only
 * exhaust its thread, which then ends with ERR_WORKER_OUT_OF_MEMORY while the server carries on, and a thread
 * still busy after BATCH_PARSE_LIMITS.hardTimeoutMs is terminated. Either way the upload is refused with
 * BATCH_FILE_MSG.overLimit and the thread replaced.
 *
 * A thread serves one job at a time and is reused (starting one and loading exceljs takes about half a second);
 * at most MAX_THREADS run at once, at most MAX_WAITING uploads wait for one, and one idle thread is kept warm.
 */

const WORKER_URL = new URL('./batchFileWorker.mjs', import.meta.url);
const MAX_THREADS = 2;
const MAX_WAITING = 8;
const MAX_IDLE = 1;

/** Why a parse ended without an answer from its thread: BatchLimitError.limit of the refusal. */
export const THREAD_LIMIT = {
  heap: 'heap',
  timeout: 'timeout',
  exit: 'threadExit',
} as const;

interface PendingJob {
  id: number;
  resolve: (rows: RawBatchRow[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

class ParserThread {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private pending: PendingJob | null = null;
  dead = false;

  constructor() {
    this.worker = new Worker(WORKER_URL, {
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: BATCH_PARSE_LIMITS.heapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      const onStartFailure = (error: Error) => reject(error);
      this.worker.once('error', onStartFailure);
      this.worker.once('message', (answer: ParseAnswer) => {
        this.worker.off('error', onStartFailure);
        if (answer.type === 'ready') resolve();
        else reject(new Error('解析线程启动异常'));
      });
    });
    this.ready.then(
      () => {
        this.worker.on('message', (answer: ParseAnswer) => this.answer(answer));
        this.worker.on('error', (error: Error & { code?: string }) =>
          this.end(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? THREAD_LIMIT.heap : THREAD_LIMIT.exit),
        );
      },
      () => {
        this.dead = true;
      },
    );
    this.worker.once('exit', () => this.end(THREAD_LIMIT.exit));
  }

  async run(job: ParseJob): Promise<RawBatchRow[]> {
    await this.ready;
    if (this.dead) throw new BatchLimitError(THREAD_LIMIT.exit);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.end(THREAD_LIMIT.timeout);
        void this.worker.terminate();
      }, BATCH_PARSE_LIMITS.hardTimeoutMs);
      this.pending = { id: job.id, resolve, reject, timer };
      // A copy of its own, moved (not cloned) to the thread.
      const content = new Uint8Array(job.content);
      this.worker.postMessage({ ...job, content } satisfies ParseJob, [content.buffer]);
    });
  }

  close(): void {
    this.dead = true;
    void this.worker.terminate();
  }

  private answer(answer: ParseAnswer): void {
    const pending = this.pending;
    if (!pending || answer.type === 'ready' || answer.id !== pending.id) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (answer.type === 'rows') pending.resolve(answer.rows);
    else if (answer.limit !== null) pending.reject(new BatchLimitError(answer.limit));
    else pending.reject(new BatchFileError(answer.message));
  }

  /** The thread is gone or going: its job (if any) is refused with the reason. */
  private end(limit: string): void {
    this.dead = true;
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.reject(new BatchLimitError(limit));
  }
}

const idle: ParserThread[] = [];
const waiting: (() => void)[] = [];
let running = 0;
let nextJobId = 1;

/** Starts a thread ahead of the first upload (the server calls this once it listens). */
export function warmBatchParser(): void {
  if (idle.length === 0 && running === 0) idle.push(new ParserThread());
}

/**
 * parseBatchFile in a parser thread: the raw rows, or a BatchFileError with the message for the merchant
 * (BatchLimitError when a cap, the thread's heap or its time ran out; `limit` says which).
 */
export async function parseBatchFileIsolated(fileName: string, content: Uint8Array): Promise<RawBatchRow[]> {
  if (running >= MAX_THREADS) {
    if (waiting.length >= MAX_WAITING) throw new BatchFileError(BATCH_FILE_MSG.busy);
    // The slot is handed over by the job that ends (running is not decremented in between).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  let thread = idle.pop();
  while (thread?.dead) thread = idle.pop();
  const current = thread ?? new ParserThread();
  try {
    return await current.run({ id: nextJobId++, fileName, content });
  } finally {
    if (!current.dead && idle.length < MAX_IDLE) idle.push(current);
    else current.close();
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
