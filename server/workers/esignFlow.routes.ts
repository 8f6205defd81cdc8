import type { FastifyInstance } from 'fastify';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { chinaTime } from '../db/time';
import { sha256Hex } from '../esign/devEsign';
import type { EsignFlowOwnerFactory } from '../esign/esignCallback.routes';
import { flowOfRecord, startSignFlow, storeSignedFile } from '../esign/esignFlows';
import type { EsignV3Settings } from '../esign/esignSettings';
import { type EsignV3Client, esignV3Client } from '../esign/esignV3Client';
import { readGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import { agreementByToken, assertSignable, markAgreementSigned, WORKER_SIGN_MSG } from './workerSigning';

/**
 * A worker's agreement signed through e签宝 (ESIGN_PROVIDER=esign), registered only then:
 * - POST /api/v1/open/worker_sign/:token/esign  (public, the signing link's holder) uploads our rendered agreement
 *   to e签宝 once, creates the sign flow for the worker's mobile on record and name, and answers e签宝's signing
 *   page URL; the willingness check (意愿认证) and the signature happen there;
 * - e签宝's completion callback (server/esign/esignCallback.routes.ts) comes to `workerAgreementFlows`: it
 *   downloads the signed file into the stored files and signs the agreement exactly as the platform's own signing
 *   does (markAgreementSigned).
 */

/** Where the worker's signature goes on the agreement's last page (points from its bottom-left corner). */
const SIGN_FIELD = { x: 420, y: 160 };

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
    await assertSignable(db, row);
    if (!row.workerMobile) fail(WORKER_SIGN_MSG.noMobile);
    const enterpriseId = row.enterprise_id === null ? null : Number(row.enterprise_id);
    const signer = { kind: 'person', mobile: row.workerMobile, name: row.workerName } as const;
    const { flowId } = await flowOfRecord(db, { table: 'worker_agreements', id: Number(row.id) }, async () => {
      const draft = row.draft_file_id === null ? null : await readGeneratedFile(db, files, Number(row.draft_file_id));
      if (!draft) fail('协议文件不存在');
      return startSignFlow(logged(enterpriseId), {
        document: draft,
        fileName: `自由职业者协议-${row.agreement_no}.pdf`,
        title: `自由职业者协议 ${row.agreement_no}`,
        signer,
        at: SIGN_FIELD,
      });
    });
    const url = await logged(enterpriseId).signUrl(flowId, signer);
    return ok({ url, signFlowId: flowId });
  });
}

/** The callback's side of a worker's agreement: its flow completed, the agreement is signed with e签宝's file. */
export const workerAgreementFlows: EsignFlowOwnerFactory = ({ db, files }, client) => ({
  async complete(flowId) {
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
    if (!row) return false;
    if (Number(row.status) !== SIGN_STATUS.pending) return true;
    const signed = await storeSignedFile({ db, files }, client, flowId, {
      name: `自由职业者协议-${row.workerName}-${row.agreement_no}-已签署.pdf`,
      ownerCompanyId: Number(row.company_id),
    });
    const draft = row.draft_file_id === null ? null : await readGeneratedFile(db, files, Number(row.draft_file_id));
    const time = chinaTime();
    await markAgreementSigned(db, {
      agreementId: Number(row.id),
      workerId: Number(row.worker_id),
      fileId: signed.fileId,
      sha256: signed.sha256,
      originalSha256: draft ? sha256Hex(draft) : '',
      time,
      ip: 'e签宝',
      userAgent: 'e签宝回调',
      proof: { method: 'esign', mobile: row.workerMobile, confirmedAt: time, ref: flowId },
      pendingWith: ['esign_flow_id', flowId],
    });
    return true;
  },
});
