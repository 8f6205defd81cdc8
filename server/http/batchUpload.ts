import type { FastifyRequest } from 'fastify';
import { BATCH_FILE_MSG } from '../../src/domain/payoutBatch';
import { fail } from './errors';

/**
 * The spreadsheet of a batch upload (payout items, workers): the multipart part named `file`, read whole. The
 * other parts are drained so the request completes; a file cut at the route's size limit is refused as too
 * large rather than read short.
 */
export async function uploadedBatchFile(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) fail(BATCH_FILE_MSG.noFile);
  let file: { name: string; content: Buffer } | null = null;
  let truncated = false;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const content = await part.toBuffer();
    if (part.fieldname === 'file') {
      file = { name: part.filename, content };
      truncated = part.file.truncated;
    }
  }
  if (!file) fail(BATCH_FILE_MSG.noFile);
  if (truncated) fail(BATCH_FILE_MSG.tooLarge);
  return file;
}
