import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { ForbiddenError, fail } from '../http/errors';
import { checkImageBudget, DECODE_TIMEOUT_MS, decode } from './decoding';
import { attachmentDisposition, openStoredFile } from './fileStore';
import { watermarkSchema } from './files.schemas';
import { extensionOf } from './fileTypes';
import { findUpload } from './uploads.repository';
import { mayDownload } from './uploads.routes';

/** What the watermark takes (watermark.ts, which only the decoder threads load). */
const WATERMARKABLE_MIMES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * GET /api-v1/watermark/dl?file=<id>&rn=<name>: the file as /api-v1/dl gives it (the same `mayDownload` scope
 * check), with a visible watermark naming the downloader and the time. It needs the session itself (no signed
 * `t` link: the mark must name a person). PDFs and images (PNG, JPEG) only; an image comes back as a PDF. The
 * marking decodes the file, so it runs in a decoder thread under the file's budget (decoding/).
 */
export async function watermarkRoutes(app: FastifyInstance, { db, files }: AppServices): Promise<void> {
  app.get('/api-v1/watermark/dl', { schema: watermarkSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    const upload = await findUpload(db, Number((request.query as { file: string }).file));
    if (!upload) fail('文件不存在');
    if (!(await mayDownload(db, auth, upload))) throw new ForbiddenError('无权下载该文件');
    if (!WATERMARKABLE_MIMES.includes(upload.mime)) fail('只有 PDF 和图片文件可以加水印下载');
    const stream = await openStoredFile(files, upload.storedName);
    if (!stream) fail('文件不存在');
    const original = await readAll(stream);
    // A file stored before the upload budgets existed is measured again here; an image by its header at once.
    if (upload.mime !== 'application/pdf') checkImageBudget(original);
    const mark = `${auth.displayName || auth.username}（${auth.username}）于 ${chinaTime()} 下载`;
    const content = await decode(
      'watermark',
      { content: original, mime: upload.mime, text: mark },
      { timeoutMs: DECODE_TIMEOUT_MS.watermark, owner: `user:${auth.userId}`, unreadable: '文件已损坏，无法加水印' },
    );
    const ext = extensionOf(upload.originalName);
    const base = ext ? upload.originalName.slice(0, -(ext.length + 1)) : upload.originalName;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(`${base}（水印）.pdf`))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(content));
  });
}
