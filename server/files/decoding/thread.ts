import { parentPort } from 'node:worker_threads';
import { DecodeRefusal } from './refusal';
import { runTask, type TaskName } from './tasks';

/**
 * The body of one decoder thread (pool.ts): answers each { id, task, input } with the task's output, its refusal
 * (a budget, with the message for the user), or the failure of the decoder. A thread serves one job at a time;
 * its heap is capped by the pool's resourceLimits. Buffers in the output are moved back, not copied.
 */
export interface ThreadJob {
  id: number;
  task: TaskName;
  input: Record<string, unknown>;
}

export type ThreadAnswer =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: unknown }
  | { type: 'refused'; id: number; message: string; limit: string }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('解码线程只能在工作线程中运行');

port.on('message', async (job: ThreadJob) => {
  let answer: ThreadAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const output = await runTask(job.task, job.input);
    if (output instanceof Uint8Array && output.byteOffset === 0 && output.byteLength === output.buffer.byteLength) {
      transfer.push(output.buffer as ArrayBuffer);
    }
    answer = { type: 'done', id: job.id, output };
  } catch (error) {
    answer =
      error instanceof DecodeRefusal
        ? { type: 'refused', id: job.id, message: error.message, limit: error.limit }
        : { type: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, transfer);
});
port.postMessage({ type: 'ready' } satisfies ThreadAnswer);
