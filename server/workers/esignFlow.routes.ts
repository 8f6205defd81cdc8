import type { FastifyInstance } from 'fastify';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { chinaTime } from '../db/time';
import { sha256Hex } from '../esign/devEsign';
import type { EsignV3Settings } from '../esign/esignSettings';
import { callbackIsGenuine, type EsignV3Client, esignV3Client } from '../esign/esignV3Client';
import { readGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { pdfPageCount } from '../pdf/pageCount';
import { withCallLog } from '../thirdparty/outboundCalls';
import { agreementByToken, assertSignable, markAgreementSigned, WORKER_SIGN_MSG } from './signing.routes';

/**
 * A worker's agreement signed through e签宝 (ESIGN_PROVIDER=esign), registered only then:
 * - POST /api/v1/open/worker_sign/:token/esign  (public, the signing link's holder) uploads our rendered agreement
 *   to e签宝 once, creates the sign flow for the worker's mobile on record and name, and answers e签宝's signing
 *   page URL; the willingness check (意愿认证) and the signature happen there;
 * - POST /api/v1/open/esign/callback  e签宝's flow events, refused unless signed with the app secret and fresh
 *   (esignV3Client.callbackIsGenuine); SIGN_FLOW_COMPLETE downloads the signed file into the stored files and
 *   signs the agreement exactly as the platform's own signing does (markAgreementSigned). A repeated callback of a
 *   signed flow changes nothing.
 */

/** Where the worker's signature goes on the agreement's last page (points from its bottom-left corner). */
const SIGN_FIELD = { x: 420, y: 160 };
/** The flow completed (signFlowStatus 2 in e签宝's SIGN_FLOW_COMPLETE event). */
const FLOW_COMPLETED = 2;
export const ESIGN_CALLBACK_MSG = { refused: '签名校验失败', ok: 'success' } as const;

export async function esignFlowRoutes(
  app: FastifyInstance,
  { db, files }: AppServices,
  settings: EsignV3Settings,
  client: EsignV3Client = esignV3Client(settings),
): Promise<void> {
  const logged = (enterpriseId: number | null) =>
    withCallLog(db, client, { service: 'esign', provider: 'esign', enterpriseId }, ['createFlow', 'signUrl']);

  app.post('/api/v1/open/worker_sign/:token/esign', { config: { access: { public: true } } }, async (request) => {
    const row = await agreementByToken(db, (request.params as Record<string, string>).token);
    assertSignable(row);
    if (!row.workerMobile) fail(WORKER_SIGN_MSG.noMobile);
    const enterpriseId = row.enterprise_id === null ? null : Number(row.enterprise_id);
    const current = await db
      .selectFrom('worker_agreements')
      .select('esign_flow_id')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    let flowId = current.esign_flow_id;
    if (!flowId) {
      const draft = row.draft_file_id === null ? null : await readGeneratedFile(db, files, Number(row.draft_file_id));
      if (!draft) fail('协议文件不存在');
      const fileName = `自由职业者协议-${row.agreement_no}.pdf`;
      const pages = await pdfPageCount(draft);
      const fileId = await client.uploadFile(draft, fileName);
      flowId = await logged(enterpriseId).createFlow({
        title: `自由职业者协议 ${row.agreement_no}`,
        fileId,
        fileName,
        signer: { mobile: row.workerMobile, name: row.workerName },
        position: { page: pages, ...SIGN_FIELD },
      });
      // Two presses at once make one flow that counts: the second keeps the first one's.
      await db
        .updateTable('worker_agreements')
        .set({ esign_flow_id: flowId })
        .where('id', '=', row.id)
        .where('esign_flow_id', 'is', null)
        .execute();
      const stored = await db
        .selectFrom('worker_agreements')
        .select('esign_flow_id')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      flowId = stored.esign_flow_id ?? flowId;
    }
    const url = await logged(enterpriseId).signUrl(flowId, row.workerMobile);
    return ok({ url, signFlowId: flowId });
  });

  await app.register(async (open) => {
    // The signature covers the raw body, so it is read as the text e签宝 sent.
    open.removeAllContentTypeParsers();
    open.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    open.post('/api/v1/open/esign/callback', { config: { access: { public: true } } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const genuine = callbackIsGenuine(
        settings.appSecret,
        { signature: header('x-tsign-open-signature'), timestamp: header('x-tsign-open-timestamp') },
        raw,
      );
      if (!genuine) return reply.status(401).send({ code: '401', msg: ESIGN_CALLBACK_MSG.refused });
      let event: { action?: unknown; signFlowId?: unknown; signFlowStatus?: unknown };
      try {
        event = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ code: '400', msg: '回调内容不是 JSON' });
      }
      const flowId = typeof event?.signFlowId === 'string' ? event.signFlowId : '';
      if (event?.action === 'SIGN_FLOW_COMPLETE' && Number(event.signFlowStatus) === FLOW_COMPLETED && flowId) {
        await completeFlow(flowId);
      }
      return { code: '200', msg: ESIGN_CALLBACK_MSG.ok };
    });
  });

  async function completeFlow(flowId: string) {
    const row = await db
      .selectFrom('worker_agreements')
      .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
      .select([
        'worker_agreements.id',
        'worker_agreements.worker_id',
        'worker_agreements.company_id',
        'worker_agreements.agreement_no',
        'worker_agreements.status',
        'worker_agreements.draft_file_id',
        'workers.name as workerName',
        'workers.mobile as workerMobile',
      ])
      .where('worker_agreements.esign_flow_id', '=', flowId)
      .executeTakeFirst();
    if (!row || Number(row.status) !== SIGN_STATUS.pending) return;
    const [signed] = await client.signedFiles(flowId);
    if (!signed) fail('e签宝未返回签署文件');
    const draft = row.draft_file_id === null ? null : await readGeneratedFile(db, files, Number(row.draft_file_id));
    const time = chinaTime();
    const fileId = await saveGeneratedFile(db, files, {
      content: signed.content,
      name: `自由职业者协议-${row.workerName}-${row.agreement_no}-已签署.pdf`,
      mime: 'application/pdf',
      ownerUserId: 0,
      ownerCompanyId: Number(row.company_id),
    });
    await markAgreementSigned(db, {
      agreementId: Number(row.id),
      workerId: Number(row.worker_id),
      fileId,
      sha256: sha256Hex(signed.content),
      originalSha256: draft ? sha256Hex(draft) : '',
      time,
      ip: 'e签宝',
      userAgent: 'e签宝回调',
      proof: { method: 'esign', mobile: row.workerMobile, confirmedAt: time, ref: flowId },
      pendingWith: ['esign_flow_id', flowId],
    });
  }
}
