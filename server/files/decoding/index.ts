import { DECODE_MSG, DECODE_TIMEOUT_MS } from './budgets';
import { checkImageBudget } from './imageHeader';
import { DecoderPool, type RunOptions } from './pool';
import type { TaskInput, TaskName, TaskOutput } from './tasks';

/**
 * The one way the server decodes user-supplied content (images, PDFs, spreadsheets, archives): `decode(task, …)`
 * runs a task of tasks.ts in a capped decoder thread (pool.ts) and answers its output, or throws a DecodeRefusal
 * (a BusinessError: 1040400 with a Chinese message, never a 500). Each task checks its budget (budgets.ts) before
 * it decodes; an image's header is checked on the request thread (imageHeader.ts) because reading it is not
 * decoding. The routes that decode are declared in decodingRoutes.ts, which tests/api/decodingBombs.test.ts
 * attacks with bombs while it polls /api/health.
 */

/** The server's decoder threads (module-wide: one pool per process, however many apps a test builds). */
const pool = new DecoderPool();

export function decode<T extends TaskName>(task: T, input: TaskInput<T>, options: RunOptions): Promise<TaskOutput<T>> {
  return pool.run(task, input, options);
}

/** Starts a decoder thread ahead of the first job (the server calls this once it listens). */
export function warmDecoders(): void {
  pool.warm();
}

export { DECODE_BUDGETS, DECODE_MSG, DECODE_TIMEOUT_MS } from './budgets';
export { checkImageBudget, imageSize } from './imageHeader';
export { DecodeRefusal } from './refusal';

/** The stored types a decoder later reads as archives. */
const ARCHIVE_MIMES: ReadonlySet<string> = new Set([
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/**
 * Refuses (DecodeRefusal) an upload over its budget before it is stored, so that a stored file is one every
 * decoder can take (each checks again at use): an image by its header, here; a PDF (objects, streams, pages) and
 * a zip (entries, what they really inflate to) in a decoder thread. Other types (.doc, .xls) are never decoded.
 */
export async function checkUploadBudget(mime: string, content: Uint8Array, owner: string): Promise<void> {
  const options = { timeoutMs: DECODE_TIMEOUT_MS.inspect, owner, unreadable: DECODE_MSG.tooComplex };
  if (mime === 'image/png' || mime === 'image/jpeg') checkImageBudget(content);
  else if (mime === 'application/pdf') await decode('inspectPdf', { content }, options);
  else if (ARCHIVE_MIMES.has(mime)) await decode('inspectArchive', { content }, options);
}
