import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { ForbiddenError, fail } from '../http/errors';
import { attachmentDisposition, openStoredFile } from './fileStore';
import { extensionOf } from './fileTypes';
import { findUpload } from './uploads.repository';
import { mayDownload } from './uploads.routes';
import { WATERMARKABLE_MIMES, watermarked } from './watermark';

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * GET /api-v1/watermark/dl?file=<id>&rn=<name>: the file as /api-v1/dl gives it (the same `mayDownload` scope
 * check), with a visible watermark naming the downloader and the time. It needs the session itself (no signed
 * `t` link: the mark must name a person). PDFs and images (PNG, JPEG) only; an image comes back as a PDF.
 */
export async function watermarkRoutes(app: FastifyInstance, { db, files }: AppServices): Promise<void> {
  app.get(
    '/api-v1/watermark/dl',
    {
      schema: {
        querystring: Type.Object({
          file: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }),
          rn: Type.Optional(Type.String({ maxLength: 255 })),
        }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await findUpload(db, Number((request.query as { file: string }).file));
      if (!upload) fail('文件不存在');
      if (!(await mayDownload(db, auth, upload))) throw new ForbiddenError('无权下载该文件');
      if (!(WATERMARKABLE_MIMES as readonly string[]).includes(upload.mime)) fail('只有 PDF 和图片文件可以加水印下载');
      const stream = await openStoredFile(files, upload.storedName);
      if (!stream) fail('文件不存在');
      const original = await readAll(stream);
      const mark = `${auth.displayName || auth.username}（${auth.username}）于 ${chinaTime()} 下载`;
      let content: Uint8Array;
      try {
        content = await watermarked(original, upload.mime, mark);
      } catch {
        fail('文件已损坏，无法加水印');
      }
      const ext = extensionOf(upload.originalName);
      const base = ext ? upload.originalName.slice(0, -(ext.length + 1)) : upload.originalName;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(`${base}（水印）.pdf`))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(content));
    },
  );
}
