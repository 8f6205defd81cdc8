import { Worker } from 'node:worker_threads';
import { DECODE_MSG, DECODER_THREADS } from './budgets';
import { DecodeRefusal } from './refusal';
import type { TaskInput, TaskName, TaskOutput } from './tasks';
import type { ThreadAnswer, ThreadJob } from './thread';

/**
 * The decoder threads: every decoder of user-supplied content runs here, never on the request thread (index.ts).
 *
 * Each thread has a capped heap (`resourceLimits`): a decode that still gets past its budgets (budgets.ts) can
 * only exhaust its thread, which ends with ERR_WORKER_OUT_OF_MEMORY while the server carries on. A job still
 * running after its time is ended with its thread. Pixel and inflate buffers live outside any heap, so while jobs
 * run the pool also watches the process's resident memory and ends the busy threads when it grows past
 * maxThreads × (heapMb + externalMb) over what it was when they started. Each way the request gets a
 * DecodeRefusal (1040400) and the thread is replaced.
 *
 * A thread serves one job at a time and is reused (it loads pdf-lib, pdf.js or exceljs on first use); at most
 * maxThreads run, at most maxWaiting jobs wait for one, one caller (`owner`) has at most perOwner jobs in the
 * pool, and one idle thread is kept warm.
 */

const THREAD_URL = new URL('./decoderThread.mjs', import.meta.url);
const MAX_IDLE = 1;
const MB = 1024 * 1024;
const MEMORY_WATCH_MS = 100;

/** Why a job ended without its thread's answer (DecodeRefusal.limit). */
export const THREAD_LIMIT = {
  heap: 'heap',
  timeout: 'timeout',
  exit: 'threadExit',
  memory: 'memory',
  busy: 'busy',
  ownerBusy: 'ownerBusy',
} as const;

export interface PoolOptions {
  /** Heap of each thread (maxOldGenerationSizeMb). */
  heapMb: number;
  maxThreads: number;
  maxWaiting: number;
  perOwner: number;
  /** Memory outside the heaps each running thread may add before the watch ends the busy threads. */
  externalMb: number;
}

export interface RunOptions {
  /** The job is ended with its thread after this. */
  timeoutMs: number;
  /** Who asked (a user, a company, an address): at most perOwner jobs each. */
  owner?: string;
  /** The message when the decoder fails on the file (it is damaged or not what it says). */
  unreadable: string;
}

interface PendingJob {
  id: number;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Every Uint8Array field of the input, each copied into a buffer of its own that is moved (not cloned) across. */
function transferable(input: Record<string, unknown>): { input: Record<string, unknown>; transfer: ArrayBuffer[] } {
  const copy: Record<string, unknown> = { ...input };
  const transfer: ArrayBuffer[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value instanceof Uint8Array) {
      const own = new Uint8Array(value);
      copy[key] = own;
      transfer.push(own.buffer);
    }
  }
  return { input: copy, transfer };
}

class DecoderThread {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private pending: PendingJob | null = null;
  dead = false;

  constructor(options: PoolOptions) {
    this.worker = new Worker(THREAD_URL, {
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
      this.worker.once('message', (answer: ThreadAnswer) => {
        this.worker.off('error', onStartFailure);
        if (answer.type === 'ready') resolve();
        else reject(new Error('解码线程启动异常'));
      });
    });
    this.ready.then(
      () => {
        this.worker.on('message', (answer: ThreadAnswer) => this.answer(answer));
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

  get busy(): boolean {
    return this.pending !== null;
  }

  /** One job; the thread keeps the process alive only while it has one (an idle thread is unref'd). */
  async run(id: number, task: TaskName, input: Record<string, unknown>, options: RunOptions): Promise<unknown> {
    this.worker.ref();
    try {
      await this.ready;
      if (this.dead) throw new DecodeRefusal(DECODE_MSG.tooComplex, THREAD_LIMIT.exit);
      const moved = transferable(input);
      return await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => this.stop(THREAD_LIMIT.timeout), options.timeoutMs);
        this.pending = {
          id,
          timer,
          resolve,
          reject: (error) =>
            reject(error instanceof DecodeRefusal ? error : new DecodeRefusal(options.unreadable, 'unreadable')),
        };
        this.worker.postMessage({ id, task, input: moved.input } satisfies ThreadJob, moved.transfer);
      });
    } finally {
      this.worker.unref();
    }
  }

  /** Ends the thread now, its job (if any) refused with `limit`. */
  stop(limit: string): void {
    this.end(limit);
    void this.worker.terminate();
  }

  close(): void {
    this.dead = true;
    void this.worker.terminate();
  }

  private answer(answer: ThreadAnswer): void {
    const pending = this.pending;
    if (!pending || answer.type === 'ready' || answer.id !== pending.id) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (answer.type === 'done') pending.resolve(answer.output);
    else if (answer.type === 'refused') pending.reject(new DecodeRefusal(answer.message, answer.limit));
    else pending.reject(new Error(answer.message));
  }

  /** The thread is gone or going: its job (if any) is refused with the reason. */
  private end(limit: string): void {
    this.dead = true;
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.reject(new DecodeRefusal(DECODE_MSG.tooComplex, limit));
  }
}

export class DecoderPool {
  private readonly options: PoolOptions;
  private readonly idle: DecoderThread[] = [];
  private readonly busy = new Set<DecoderThread>();
  private readonly waiting: (() => void)[] = [];
  private readonly owners = new Map<string, number>();
  private running = 0;
  private nextJobId = 1;
  private watch: NodeJS.Timeout | null = null;
  private memoryCeiling = 0;

  constructor(options: Partial<PoolOptions> = {}) {
    this.options = { ...DECODER_THREADS, ...options };
  }

  /** Starts a thread ahead of the first job. */
  warm(): void {
    if (this.idle.length === 0 && this.running === 0) this.idle.push(new DecoderThread(this.options));
  }

  /**
   * Runs `task` on `input` in a decoder thread: its answer, or a DecodeRefusal (1040400) with the message for the
   * user — the task's own (a budget), `unreadable` (the decoder failed on the file), or the pool's (busy, out of
   * time, heap or memory; `limit` says which).
   */
  async run<T extends TaskName>(task: T, input: TaskInput<T>, options: RunOptions): Promise<TaskOutput<T>> {
    const owner = options.owner;
    if (owner !== undefined) {
      const held = this.owners.get(owner) ?? 0;
      if (held >= this.options.perOwner) throw new DecodeRefusal(DECODE_MSG.ownerBusy, THREAD_LIMIT.ownerBusy);
      this.owners.set(owner, held + 1);
    }
    try {
      return (await this.inThread(task, input as Record<string, unknown>, options)) as TaskOutput<T>;
    } finally {
      if (owner !== undefined) {
        const held = (this.owners.get(owner) ?? 1) - 1;
        if (held > 0) this.owners.set(owner, held);
        else this.owners.delete(owner);
      }
    }
  }

  private async inThread(task: TaskName, input: Record<string, unknown>, options: RunOptions): Promise<unknown> {
    if (this.running >= this.options.maxThreads) {
      if (this.waiting.length >= this.options.maxWaiting) throw new DecodeRefusal(DECODE_MSG.busy, THREAD_LIMIT.busy);
      // The slot is handed over by the job that ends (running is not decremented in between).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      if (this.running === 0) this.startWatch();
      this.running += 1;
    }
    let thread = this.idle.pop();
    while (thread?.dead) thread = this.idle.pop();
    const current = thread ?? new DecoderThread(this.options);
    this.busy.add(current);
    try {
      return await current.run(this.nextJobId++, task, input, options);
    } finally {
      this.busy.delete(current);
      if (!current.dead && this.idle.length < MAX_IDLE) this.idle.push(current);
      else current.close();
      const next = this.waiting.shift();
      if (next) next();
      else {
        this.running -= 1;
        if (this.running === 0) this.stopWatch();
      }
    }
  }

  /** The memory watch: the ceiling is set from the process's memory as the first job of a busy spell starts. */
  private startWatch(): void {
    const perThread = (this.options.heapMb + this.options.externalMb) * MB;
    this.memoryCeiling = process.memoryUsage.rss() + this.options.maxThreads * perThread;
    this.watch = setInterval(() => {
      if (process.memoryUsage.rss() <= this.memoryCeiling) return;
      for (const thread of this.busy) if (thread.busy) thread.stop(THREAD_LIMIT.memory);
    }, MEMORY_WATCH_MS);
    this.watch.unref();
  }

  private stopWatch(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  /** Ends every idle thread (a busy one ends with its job). */
  close(): void {
    for (const thread of this.idle.splice(0)) thread.close();
  }
}
