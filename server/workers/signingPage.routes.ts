import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { maskMobile } from '../../src/domain/smsLog';
import { INVITE_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { chinaTime } from '../db/time';
import { esignProvider } from '../esign';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile, readGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import { inviteAnswered } from './signInvitations';
import { agreementByToken, assertSignable, markAgreementSigned, WORKER_SIGN_MSG } from './workerSigning';
import { signCodeSchema, signPageSchema, signPdfSchema, signSchema } from './workers.schemas';

/**
 * The public signing page /workerSign/<token> (no login): what the worker signs, 获取验证码, the PDF, 同意并签署
 * (workerSigning.ts holds the checks and the signing itself).
 */
const PUBLIC = { config: { access: { public: true } } };
/** 同意并签署's body: the willingness code (text; the handler words what is wrong). */
const SIGN_BODY = {
  ...PUBLIC,
  schema: {
    ...signSchema,
    body: Type.Union([
      Type.Object({ code: Type.Optional(Type.String({ maxLength: 16 })) }, { additionalProperties: true }),
      Type.Null(),
    ]),
  },
};

export async function signingPageRoutes(app: FastifyInstance, { db, config, sms, files }: AppServices): Promise<void> {
  const esign = esignProvider(config.esign.provider);
  /** The willingness check, logged like render and sign (the code is passed by a name the log masks). */
  const willingness = (enterpriseId: number | null) =>
    withCallLog(
      db,
      esign.willingness({ db, sms }),
      { service: 'esign', provider: esign.name, enterpriseId },
      {
        start: ['request'],
        confirm: ['ref', 'signer', 'smsToken'],
      },
    );
  /** The provider's render and sign, each logged as a call out about the enterprise (server/thirdparty). */
  const signingService = (enterpriseId: number | null) =>
    withCallLog(db, esign, { service: 'esign', provider: esign.name, enterpriseId }, ['render', 'sign']);

  /** The public signing page's data: who signs what (ID number masked). */
  app.get('/api/v1/open/worker_sign/:token', { ...PUBLIC, schema: signPageSchema }, async (request) => {
    const row = await agreementByToken(db, (request.params as Record<string, string>).token);
    if (Number(row.status) === SIGN_STATUS.pending) {
      await inviteAnswered(db, Number(row.worker_id), INVITE_STATUS.opened, chinaTime());
    }
    return ok({
      agreementNo: row.agreement_no,
      workerName: row.workerName,
      idMasked: row.idMasked,
      companyName: row.companyName,
      enterpriseName: row.enterprise_name,
      status: Number(row.status),
      signTime: row.sign_time,
      sha256: row.sha256,
      mobileMasked: row.workerMobile ? maskMobile(row.workerMobile) : null,
      /** esign: the page sends the worker to e签宝's signing page (POST …/esign) instead of asking for a code. */
      signVia: esign.name,
    });
  });

  /** 获取验证码: the willingness code, to the worker's mobile on record only; a new code replaces the last. */
  app.post('/api/v1/open/worker_sign/:token/code', { ...PUBLIC, schema: signCodeSchema }, async (request) => {
    const row = await agreementByToken(db, (request.params as Record<string, string>).token);
    await assertSignable(db, row);
    if (!row.workerMobile) fail(WORKER_SIGN_MSG.noMobile);
    const enterpriseId = row.enterprise_id === null ? null : Number(row.enterprise_id);
    const challenge = await willingness(enterpriseId).start({
      documentRef: row.agreement_no,
      signerName: row.workerName,
      mobile: row.workerMobile,
      ip: request.ip,
    });
    await db
      .updateTable('worker_agreements')
      .set({ willingness_ref: challenge.ref })
      .where('id', '=', row.id)
      .where('status', '=', SIGN_STATUS.pending)
      .execute();
    return ok({ mobileMasked: maskMobile(challenge.mobile), resendSeconds: 60 }, WORKER_SIGN_MSG.codeSent);
  });

  /** The agreement itself (the signed one once signed), inline for the page's viewer. */
  app.get('/api/v1/open/worker_sign/:token/pdf', { ...PUBLIC, schema: signPdfSchema }, async (request, reply) => {
    const row = await agreementByToken(db, (request.params as Record<string, string>).token);
    const fileId = row.signed_file_id ?? row.draft_file_id;
    const file = fileId === null ? null : await openGeneratedFile(db, files, Number(fileId));
    if (!file) fail('协议文件不存在');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(file.name).replace(/^attachment/, 'inline'))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  /** 同意并签署. */
  app.post('/api/v1/open/worker_sign/:token', SIGN_BODY, async (request) => {
    const row = await agreementByToken(db, (request.params as Record<string, string>).token);
    await assertSignable(db, row);
    const code = String((request.body as { code?: string } | null)?.code ?? '').trim();
    if (!code) fail(WORKER_SIGN_MSG.codeRequired);
    if (!row.willingness_ref) fail(WORKER_SIGN_MSG.codeFirst);
    if (!row.workerMobile) fail(WORKER_SIGN_MSG.noMobile);
    const enterpriseId = row.enterprise_id === null ? null : Number(row.enterprise_id);
    const proof = /^\d{6}$/.test(code)
      ? await willingness(enterpriseId).confirm(row.willingness_ref, { mobile: row.workerMobile }, code)
      : null;
    if (!proof || proof.mobile !== row.workerMobile) fail(WORKER_SIGN_MSG.codeWrong);
    const draft = row.draft_file_id === null ? null : await readGeneratedFile(db, files, Number(row.draft_file_id));
    if (!draft) fail('协议文件不存在');
    const time = chinaTime();
    const signed = await signingService(enterpriseId).sign(draft, {
      name: row.workerName,
      role: '乙方',
      operator: row.workerName,
      time,
      willingness: proof,
    });
    const fileId = await saveGeneratedFile(db, files, {
      content: signed.pdf,
      name: `自由职业者协议-${row.workerName}-${row.agreement_no}-已签署.pdf`,
      mime: 'application/pdf',
      ownerUserId: 0,
      ownerCompanyId: Number(row.company_id),
    });
    const done = await markAgreementSigned(db, {
      agreementId: Number(row.id),
      workerId: Number(row.worker_id),
      fileId,
      sha256: signed.sha256,
      originalSha256: signed.originalSha256,
      time,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      proof,
      pendingWith: ['willingness_ref', proof.ref],
    });
    if (!done) fail(WORKER_SIGN_MSG.alreadySigned);
    return ok({ status: SIGN_STATUS.signed, signTime: time, sha256: signed.sha256 }, WORKER_SIGN_MSG.signedOk);
  });
}
