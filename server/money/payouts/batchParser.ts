import { Worker } from 'node:worker_threads';
import { BATCH_FILE_MSG, BATCH_PARSE_LIMITS, type BatchField } from '../../../src/domain/payoutBatch';
import { type RawBatchRow, unpackRows } from './batchFile';
import { BatchFileError, BatchLimitError } from './batchFileErrors';
import type { ParseAnswer, ParseJob } from './batchFileWorker';
import type { SheetLayoutName } from './sheetLayouts';

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

export interface ParserOptions {
  /** Heap of each thread (maxOldGenerationSizeMb). */
  heapMb: number;
  /** A job still running after this is ended with its thread. */
  hardTimeoutMs: number;
  maxThreads: number;
  maxWaiting: number;
}

const DEFAULT_OPTIONS: ParserOptions = {
  heapMb: BATCH_PARSE_LIMITS.heapMb,
  hardTimeoutMs: BATCH_PARSE_LIMITS.hardTimeoutMs,
  maxThreads: MAX_THREADS,
  maxWaiting: MAX_WAITING,
};

class ParserThread {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private pending: PendingJob | null = null;
  dead = false;

  constructor(private readonly options: ParserOptions) {
    this.worker = new Worker(WORKER_URL, {
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.heapMb / 8))),
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

  /** One job; the thread keeps the process alive only while it has one (an idle thread is unref'd). */
  async run(job: ParseJob): Promise<RawBatchRow[]> {
    this.worker.ref();
    try {
      await this.ready;
      if (this.dead) throw new BatchLimitError(THREAD_LIMIT.exit);
      return await new Promise<RawBatchRow[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.end(THREAD_LIMIT.timeout);
          void this.worker.terminate();
        }, this.options.hardTimeoutMs);
        this.pending = { id: job.id, resolve, reject, timer };
        // A copy of its own, moved (not cloned) to the thread.
        const content = new Uint8Array(job.content);
        this.worker.postMessage({ ...job, content } satisfies ParseJob, [content.buffer]);
      });
    } finally {
      this.worker.unref();
    }
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
    if (answer.type === 'rows') pending.resolve(unpackRows(answer.rows));
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

/** Parser threads: at most `maxThreads` busy, `maxWaiting` jobs waiting for one, one idle thread kept warm. */
export class BatchParserPool {
  private readonly options: ParserOptions;
  private readonly idle: ParserThread[] = [];
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private nextJobId = 1;

  constructor(options: Partial<ParserOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Starts a thread ahead of the first job. */
  warm(): void {
    if (this.idle.length === 0 && this.running === 0) this.idle.push(new ParserThread(this.options));
  }

  /**
   * parseBatchFile in a parser thread: the raw rows, or a BatchFileError with the message for the merchant
   * (BatchLimitError when a cap, the thread's heap or its time ran out; `limit` says which).
   */
  async parse<F extends string = BatchField>(
    fileName: string,
    content: Uint8Array,
    layout: SheetLayoutName = 'payout',
  ): Promise<RawBatchRow<F>[]> {
    if (this.running >= this.options.maxThreads) {
      if (this.waiting.length >= this.options.maxWaiting) throw new BatchFileError(BATCH_FILE_MSG.busy);
      // The slot is handed over by the job that ends (running is not decremented in between).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let thread = this.idle.pop();
    while (thread?.dead) thread = this.idle.pop();
    const current = thread ?? new ParserThread(this.options);
    try {
      return (await current.run({ id: this.nextJobId++, fileName, content, layout })) as unknown as RawBatchRow<F>[];
    } finally {
      if (!current.dead && this.idle.length < MAX_IDLE) this.idle.push(current);
      else current.close();
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Ends every idle thread (a busy one ends with its job). */
  close(): void {
    for (const thread of this.idle.splice(0)) thread.close();
  }
}

/** The server's parser threads (module-wide: one pool per process, however many apps a test builds). */
const pool = new BatchParserPool();

/** Starts a thread ahead of the first upload (the server calls this once it listens). */
export function warmBatchParser(): void {
  pool.warm();
}

/** parseBatchFile in one of the server's parser threads (BatchParserPool.parse). */
export function parseBatchFileIsolated(fileName: string, content: Uint8Array): Promise<RawBatchRow[]> {
  return pool.parse(fileName, content);
}

/** Another sheet (sheetLayouts.ts, e.g. the gig worker import) in the same threads, under the same caps. */
export function parseSheetIsolated<F extends string>(
  fileName: string,
  content: Uint8Array,
  layout: SheetLayoutName,
): Promise<RawBatchRow<F>[]> {
  return pool.parse<F>(fileName, content, layout);
}
