import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import type { AuthContext } from '../auth/access';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { zipEntryDateOf } from '../engine/excelDates';
import { createZip } from '../engine/zipArchive';
import { signDownload } from '../files/downloadTokens';
import { downloadUrl } from '../files/downloadUrls';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { ACCESS, type Agreement, agreementOf, agreementSigning, fieldsOf } from './agreementRecords';
import { documentLinkSchema, documentSchema, documentsZipSchema } from './agreements.schemas';

/** An agreement's document (the signed paper copy for one signed on paper): itself, a download link, several as a zip. */
const MAX_ZIP = 200;

export async function agreementDocumentsRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config, files } = services;
  const { withDocument } = agreementSigning(services);

  const documentOf = (agreement: Agreement) => (agreement.signMode === 2 ? agreement.paperFileId : agreement.fileId);
  const documentFileId = async (auth: AuthContext, agreement: Agreement) =>
    documentOf(await withDocument(auth, agreement));

  app.get(
    '/api/v1/contract/:id/file',
    { ...ACCESS, config: { ...ACCESS.config, readOnly: true }, schema: documentSchema },
    async (request, reply) => {
      const auth = requireAuth(request);
      const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
      const fileId = await documentFileId(auth, agreement);
      if (fileId === null) fail('该合同没有可下载的文件');
      const file = await openGeneratedFile(db, files, fileId);
      if (!file) fail('合同文件不存在');
      const attached = (request.query as Record<string, unknown>).download === '1';
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          attached
            ? attachmentDisposition(file.name)
            : attachmentDisposition(file.name).replace(/^attachment/, 'inline'),
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/api/v1/contract/get_download_url_contract',
    { ...ACCESS, config: { ...ACCESS.config, readOnly: true }, schema: documentLinkSchema },
    async (request) => {
      const auth = requireAuth(request);
      const agreement = await agreementOf(db, auth, parseId(fieldsOf(request).id, '合同编号'));
      const fileId = await documentFileId(auth, agreement);
      if (fileId === null) fail('该合同没有可下载的文件');
      const file = await openGeneratedFile(db, files, fileId);
      if (!file) fail('合同文件不存在');
      file.stream.destroy();
      const { t, expires } = signDownload(config.jwtSecret, fileId);
      return ok({
        url: `${downloadUrl(fileId, file.name)}&t=${encodeURIComponent(t)}`,
        expireTime: chinaTime(expires * 1000),
      });
    },
  );

  app.post(
    '/api/v1/contract/downloadzip',
    { ...ACCESS, config: { ...ACCESS.config, readOnly: true }, schema: documentsZipSchema },
    async (request, reply) => {
      const auth = requireAuth(request);
      const raw = fieldsOf(request).ids;
      if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_ZIP) fail(`请选择1-${MAX_ZIP}份合同`);
      const agreements = [];
      for (const id of new Set(raw.map((value) => parseId(value, '合同编号')))) {
        agreements.push(await agreementOf(db, auth, id));
      }
      const entries = [];
      for (const agreement of agreements) {
        const fileId = await documentFileId(auth, agreement);
        const file = fileId === null ? null : await openGeneratedFile(db, files, fileId);
        if (file) entries.push({ agreement, file });
      }
      if (entries.length === 0) fail('所选合同都没有可下载的文件');
      const zip = createZip();
      for (const { agreement, file } of entries) {
        const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')) : '';
        zip.append(file.stream, {
          name: `${agreement.contractNo}-${agreement.nm}${extension}`.replace(/[\\/:*?"<>|]/g, '_'),
          date: zipEntryDateOf(agreement.signTime),
        });
      }
      void zip.finalize();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(`合同-${chinaTime().slice(0, 10)}.zip`))
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
}
