import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { zipEntryDateOf } from '../engine/excelDates';
import { createZip } from '../engine/zipArchive';
import { signDownload } from '../files/downloadTokens';
import { downloadUrl } from '../files/downloadUrls';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import {
  agreementFileSchema,
  agreementLinkSchema,
  agreementsZipSchema,
  signedAgreementSchema,
} from './workers.schemas';

/** The signed worker agreements: a download link, the PDF, a worker's latest, several as a zip. */
const AGREEMENTS = {
  config: {
    // ADM_FREE_CONTRACT_MGR: /adLibertyAgreement lists the same agreements (within the staff's scope).
    access: {
      permissions: ['MER_BANKACCOUNT_RECHARGE', 'MER_IMPORT_EMPLOYEE', 'UI_ODD_JOB_PERSONAL', 'ADM_FREE_CONTRACT_MGR'],
    },
    readOnly: true,
  },
};
const MAX_ZIP = 1000;

function bodyIds(request: FastifyRequest): unknown {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).ids : undefined;
}

export async function workerAgreementsRoutes(app: FastifyInstance, { db, config, files }: AppServices): Promise<void> {
  const visibleAgreement = async (request: FastifyRequest, id: number) => {
    const auth = requireAuth(request);
    const row = await db
      .selectFrom('worker_agreements')
      .select(['id', 'company_id', 'signed_file_id', 'agreement_no', 'sign_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) fail('协议不存在');
    await assertCompanyVisible(db, auth, Number(row.company_id));
    return row;
  };

  /** A signed agreement's download link (signed, short-lived). */
  app.get(
    '/api/v1/workers/agreements/:id/download',
    { ...AGREEMENTS, schema: agreementLinkSchema },
    async (request) => {
      const row = await visibleAgreement(request, parseId((request.params as Record<string, string>).id, '协议编号'));
      if (row.signed_file_id === null) fail('该协议尚未签署，没有可下载的文件');
      const file = await openGeneratedFile(db, files, Number(row.signed_file_id));
      if (!file) fail('协议文件不存在');
      file.stream.destroy();
      const { t, expires } = signDownload(config.jwtSecret, Number(row.signed_file_id));
      return ok({
        url: `${downloadUrl(Number(row.signed_file_id), file.name)}&t=${encodeURIComponent(t)}`,
        expireTime: chinaTime(expires * 1000),
      });
    },
  );

  /** A signed agreement's PDF itself: inline to preview, `?download=1` attached (灵工合同管理, 自由职业者协议管理). */
  app.get(
    '/api/v1/workers/agreements/:id/file',
    { ...AGREEMENTS, schema: agreementFileSchema },
    async (request, reply) => {
      const row = await visibleAgreement(request, parseId((request.params as Record<string, string>).id, '协议编号'));
      if (row.signed_file_id === null) fail('该协议尚未签署，没有可下载的文件');
      const file = await openGeneratedFile(db, files, Number(row.signed_file_id));
      if (!file) fail('协议文件不存在');
      const disposition = attachmentDisposition(file.name);
      const attached = (request.query as Record<string, unknown>).download === '1';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attached ? disposition : disposition.replace(/^attachment/, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  /** A worker's latest signed agreement as a file (大熊人员概览's 下载协议), for the worker's own company. */
  app.get(
    '/api/v1/workers/:id/signed_agreement',
    { ...AGREEMENTS, schema: signedAgreementSchema },
    async (request, reply) => {
      const auth = requireAuth(request);
      const workerId = parseId((request.params as Record<string, string>).id, '人员编号');
      const worker = await db.selectFrom('workers').select('company_id').where('id', '=', workerId).executeTakeFirst();
      if (!worker) fail('人员不存在');
      await assertCompanyVisible(db, auth, Number(worker.company_id));
      const row = await db
        .selectFrom('worker_agreements')
        .select('signed_file_id')
        .where('worker_id', '=', workerId)
        .where('signed_file_id', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row) fail('该人员没有电子签署的协议文件');
      const file = await openGeneratedFile(db, files, Number(row.signed_file_id));
      if (!file) fail('协议文件不存在');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  /** Several signed agreements as one zip, streamed file by file (never all in memory). */
  app.post(
    '/api/v1/workers/agreements/downloadzip',
    { ...AGREEMENTS, schema: agreementsZipSchema },
    async (request, reply) => {
      const raw = bodyIds(request);
      if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_ZIP) fail(`请选择1-${MAX_ZIP}份协议`);
      const rows = [];
      for (const id of new Set(raw.map((value) => parseId(value, '协议编号')))) {
        const row = await visibleAgreement(request, id);
        if (row.signed_file_id !== null) rows.push(row);
      }
      if (rows.length === 0) fail('所选协议都尚未签署');
      const zip = createZip();
      void (async () => {
        for (const row of rows) {
          const file = await openGeneratedFile(db, files, Number(row.signed_file_id));
          if (file) {
            const name = file.name.replace(/[\\/:*?"<>|]/g, '_');
            zip.append(file.stream, { name, date: zipEntryDateOf(row.sign_time) });
          }
        }
        await zip.finalize();
      })().catch((error: unknown) => zip.destroy(error as Error));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(`灵工协议-${chinaTime().slice(0, 10)}.zip`))
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
}
