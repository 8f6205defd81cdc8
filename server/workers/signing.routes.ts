import { createHash, randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { maskMobile } from '../../src/domain/smsLog';
import { INVITE_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { zipEntryDateOf } from '../engine/excelDates';
import { recordOperation } from '../engine/operationLog';
import { createZip } from '../engine/zipArchive';
import { assertBound, boundTo, isBound } from '../enterprises/signingEntities';
import { type DocumentTemplate, esignProvider } from '../esign';
import { signDownload } from '../files/downloadTokens';
import { downloadUrl } from '../files/downloadUrls';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile, readGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import { emitMerchantEvent } from '../webhooks/events';
import { inviteAnswered } from './signInvitations';
import type { WorkerTable } from './tables';
import {
  agreementFileSchema,
  agreementLinkSchema,
  agreementsZipSchema,
  signCodeSchema,
  signedAgreementSchema,
  signLinkSchema,
  signPageSchema,
  signPdfSchema,
  signSchema,
} from './workers.schemas';

/**
 * Workers sign the freelance agreement (自由职业者协议) of the company's signing enterprise:
 * the merchant asks for a signing link (the agreement is rendered through the e-sign provider with the worker's
 * details, kept as a draft file, and a random token goes into the link — only its SHA-256 is stored); the worker
 * opens /workerSign/<token> without logging in, reads the PDF and presses 同意并签署, which signs it (seal page,
 * SHA-256) and sets the worker 已签署 with the time, in one transaction. Signed PDFs download one by one through
 * the signed download link, or several as a streamed zip.
 *
 * Holding the link does not make one the signer (DESIGN §4): 同意并签署 needs the code of the e-sign provider's
 * willingness check (意愿认证), sent on the page's 获取验证码 to the worker's mobile on record — never to a number
 * from the request — and kept with this agreement; its proof (mobile, time, reference, IP, user agent) is
 * recorded with the signature, in the row and in the signed PDF.
 */

const LINK = { config: { access: { permissions: ['MER_IMPORT_EMPLOYEE', 'MER_EMPLOYEE_LIST'] } } };
const AGREEMENTS = {
  config: {
    // ADM_FREE_CONTRACT_MGR: /adLibertyAgreement lists the same agreements (within the staff's scope).
    access: {
      permissions: ['MER_BANKACCOUNT_RECHARGE', 'MER_IMPORT_EMPLOYEE', 'UI_ODD_JOB_PERSONAL', 'ADM_FREE_CONTRACT_MGR'],
    },
    readOnly: true,
  },
};
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
const LINK_DAYS = 7;
const MAX_ZIP = 1000;
/** AGREEMENT_TEMPLATE_TYPE 自由职业者协议. */
const FREELANCE_TEMPLATE = 3;

export const WORKER_AGREEMENT: DocumentTemplate = {
  title: '{{templateName}}',
  clauses: [
    '甲方{{enterpriseName}}通过灵工结算平台为{{companyName}}（以下称“用工企业”）提供灵活用工结算服务；乙方{{workerName}}（身份证号{{idCard}}）自愿以自由职业者身份承接用工企业发布的任务。',
    '乙方独立完成所承接的任务，自行安排工作时间和方式；乙方与甲方、用工企业之间均不构成劳动关系或劳务派遣关系。',
    '任务完成并经用工企业确认后，甲方按任务约定的金额向乙方结算，款项支付至乙方本人银行账户：{{bankName}} {{bankCard}}，联系手机{{mobile}}。',
    '甲方依法为乙方代征个人所得税等税费，乙方所得为税后金额；乙方保证所提供的身份及银行账户信息真实、准确。',
    '乙方同意甲方及用工企业为结算、纳税申报之目的处理其个人信息，并按照《中华人民共和国个人信息保护法》予以保护。',
    '本协议自乙方签署之日（{{createTime}}）起生效，任何一方可提前通知对方解除；解除不影响已完成任务的结算。',
    '本协议以电子签章方式签署，与纸质协议具有同等法律效力。协议编号：{{agreementNo}}。',
  ],
};

export const WORKER_SIGN_MSG = {
  noEnterprise: '贵公司尚未与服务主体签署协议，暂不能发起人员签约',
  noTemplate: '服务主体尚未配置自由职业者协议模板，请联系客服',
  rescinded: '该人员已解约，不能再发起签署',
  signed: '该人员已签署协议',
  linkInvalid: '签署链接无效或已过期，请联系用工企业重新发送',
  alreadySigned: '协议已签署，无需重复签署',
  signedOk: '签署成功',
  noMobile: '该人员未登记手机号，无法签署，请联系用工企业',
  codeSent: '验证码已发送',
  codeRequired: '请输入验证码',
  codeFirst: '请先获取短信验证码',
  codeWrong: '短信验证码错误或已失效',
  enterpriseUnbound: '该协议的服务主体已不再为用工企业提供服务，请联系用工企业重新发送签署链接',
} as const;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The enterprise the company's workers sign with, always one bound to the company (signingEntities.ts): the worker's
 * own, else the latest one the company signed with. A company whose signed enterprises are all unbound is told so.
 */
async function signingEnterprise(db: Db, companyId: number, workerEnterprise: number | null) {
  let enterpriseId =
    workerEnterprise !== null && (await isBound(db, companyId, workerEnterprise)) ? workerEnterprise : null;
  if (enterpriseId === null) {
    const signed = db
      .selectFrom('contracts')
      .select('enterprise_id')
      .where('company_id', '=', companyId)
      .where('sign_status', '=', 1)
      .where('data_status', '=', 1)
      .where('enterprise_id', 'is not', null)
      .orderBy('id', 'desc');
    const contract = await signed.where(boundTo('contracts.company_id', 'contracts.enterprise_id')).executeTakeFirst();
    enterpriseId = contract?.enterprise_id == null ? null : Number(contract.enterprise_id);
    if (enterpriseId === null) {
      const unbound = await signed.executeTakeFirst();
      if (unbound?.enterprise_id != null) await assertBound(db, companyId, Number(unbound.enterprise_id));
    }
  }
  if (enterpriseId === null) fail(WORKER_SIGN_MSG.noEnterprise);
  const enterprise = await db
    .selectFrom('enterprises')
    .select(['id', 'name'])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!enterprise) fail(WORKER_SIGN_MSG.noEnterprise);
  const template = await db
    .selectFrom('agreement_templates')
    .select(['id', 'nm'])
    .where('entid', '=', enterpriseId)
    .where('type', '=', FREELANCE_TEMPLATE)
    .orderBy('use_status', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
  if (!template) fail(WORKER_SIGN_MSG.noTemplate);
  return {
    id: Number(enterprise.id),
    name: enterprise.name,
    templateId: Number(template.id),
    templateName: template.nm,
  };
}

export async function agreementByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) fail(WORKER_SIGN_MSG.linkInvalid);
  const row = await db
    .selectFrom('worker_agreements')
    .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
    .innerJoin('companies', 'companies.id', 'worker_agreements.company_id')
    .select([
      'worker_agreements.id',
      'worker_agreements.agreement_no',
      'worker_agreements.worker_id',
      'worker_agreements.company_id',
      'worker_agreements.enterprise_id',
      'worker_agreements.enterprise_name',
      'worker_agreements.status',
      'worker_agreements.token_expires',
      'worker_agreements.draft_file_id',
      'worker_agreements.signed_file_id',
      'worker_agreements.sha256',
      'worker_agreements.sign_time',
      'workers.name as workerName',
      'workers.id_masked as idMasked',
      'workers.sign_status as workerStatus',
      'workers.mobile as workerMobile',
      'worker_agreements.willingness_ref',
      'companies.name as companyName',
    ])
    .where('worker_agreements.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.token_expires === null || row.token_expires < chinaTime()) fail(WORKER_SIGN_MSG.linkInvalid);
  return row;
}

function bodyIds(request: FastifyRequest): unknown {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).ids : undefined;
}

/**
 * Only a pending agreement of a worker not rescinded can be signed (or have a code sent for it), and only while its
 * enterprise is bound to the company (signingEntities.ts): an agreement drawn up with an enterprise unbound since
 * waits for the company to send a new link, which draws it up with a bound one.
 */
export async function assertSignable(
  db: Db,
  row: {
    status: number | string;
    workerStatus: number | string;
    company_id: number | string;
    enterprise_id: number | string | null;
  },
): Promise<void> {
  if (Number(row.status) === SIGN_STATUS.signed) fail(WORKER_SIGN_MSG.alreadySigned);
  if (Number(row.status) !== SIGN_STATUS.pending || Number(row.workerStatus) === SIGN_STATUS.rescinded) {
    fail(WORKER_SIGN_MSG.linkInvalid);
  }
  if (row.enterprise_id === null || !(await isBound(db, Number(row.company_id), Number(row.enterprise_id)))) {
    fail(WORKER_SIGN_MSG.enterpriseUnbound);
  }
}

/**
 * Sets a pending agreement signed with its signed file and proof, and its worker 已签署, in one transaction;
 * false when it was no longer pending (signed already: the same signature arriving twice signs once).
 */
export async function markAgreementSigned(
  db: Db,
  input: {
    agreementId: number;
    workerId: number;
    fileId: number;
    sha256: string;
    originalSha256: string;
    time: string;
    ip: string;
    userAgent: string;
    proof: { method: string; mobile: string; confirmedAt: string; ref: string };
    /** What the pending row must still hold: the willingness check answered, or the e签宝 flow completed. */
    pendingWith: ['willingness_ref' | 'esign_flow_id', string];
  },
): Promise<boolean> {
  const { proof, time } = input;
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('worker_agreements')
      .set({
        status: SIGN_STATUS.signed,
        signed_file_id: input.fileId,
        sha256: input.sha256,
        original_sha256: input.originalSha256,
        sign_time: time,
        sign_ip: input.ip.slice(0, 64),
        sign_user_agent: input.userAgent.slice(0, 255) || null,
        willingness_method: proof.method,
        willingness_mobile: proof.mobile,
        willingness_time: proof.confirmedAt,
        willingness_ref: proof.ref,
      })
      .where('id', '=', input.agreementId)
      .where('status', '=', SIGN_STATUS.pending)
      .where(input.pendingWith[0], '=', input.pendingWith[1])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await tx
      .updateTable('workers')
      .set({ sign_status: SIGN_STATUS.signed, sign_time: time, update_time: time })
      .where('id', '=', input.workerId)
      .where('sign_status', '=', SIGN_STATUS.pending)
      .execute();
    await inviteAnswered(tx, input.workerId, INVITE_STATUS.signed, time);
    await emitMerchantEvent(tx, { workerAgreement: input.agreementId });
    return true;
  });
}

/** The worker's row as the signing link draws it up (all of `workers`). */
export type SigningWorker = Selectable<WorkerTable>;

/**
 * A signing link for a worker the caller may see, not signed nor rescinded (the caller checks): a new token each
 * time; the agreement's draft is drawn up once, and again when the enterprise it named is no longer bound to the
 * company. Used by 签署链接 and by 发送签署邀请 (signInvitations.routes.ts).
 */
export function signLinkIssuer({ db, config, files }: Pick<AppServices, 'db' | 'config' | 'files'>) {
  const esign = esignProvider(config.esign.provider);
  const signingService = (enterpriseId: number | null) =>
    withCallLog(db, esign, { service: 'esign', provider: esign.name, enterpriseId }, ['render', 'sign']);
  return async (
    request: FastifyRequest,
    auth: AuthContext,
    worker: SigningWorker,
  ): Promise<{ url: string; expiresAt: string; agreementNo: string }> => {
    const workerId = Number(worker.id);
    const token = randomBytes(24).toString('base64url');
    const expires = chinaTime(Date.now() + LINK_DAYS * 86_400_000);
    const pending = await db
      .selectFrom('worker_agreements')
      .select(['id', 'agreement_no', 'enterprise_id', 'enterprise_name'])
      .where('worker_id', '=', workerId)
      .where('status', '=', SIGN_STATUS.pending)
      .where('draft_file_id', 'is not', null)
      .executeTakeFirst();
    // A draft drawn up with an enterprise no longer bound to the company is drawn up again with a bound one.
    const reusable =
      pending?.enterprise_id != null && (await isBound(db, Number(worker.company_id), Number(pending.enterprise_id)));
    let agreementNo: string;
    if (pending && reusable) {
      agreementNo = pending.agreement_no;
      await db
        .updateTable('worker_agreements')
        .set({ token_hash: tokenHash(token), token_expires: expires })
        .where('id', '=', pending.id)
        .execute();
    } else {
      const companyId = Number(worker.company_id);
      const enterprise = await signingEnterprise(
        db,
        companyId,
        worker.enterprise_id === null ? null : Number(worker.enterprise_id),
      );
      const redone = pending ?? null;
      const company = await db
        .selectFrom('companies')
        .select('name')
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
      const createTime = chinaTime();
      agreementNo =
        redone?.agreement_no ?? `LG${createTime.slice(0, 10).replace(/-/g, '')}${String(workerId).padStart(10, '0')}`;
      const pdf = await signingService(enterprise.id).render(
        WORKER_AGREEMENT,
        [
          { role: '甲方', name: enterprise.name },
          { role: '乙方', name: worker.name, idNumber: worker.id_card },
        ],
        {
          templateName: enterprise.templateName,
          enterpriseName: enterprise.name,
          companyName: company.name,
          workerName: worker.name,
          idCard: worker.id_card,
          mobile: worker.mobile,
          bankName: worker.bank_name,
          bankCard: worker.bank_card,
          agreementNo,
          contractNo: agreementNo,
          createTime,
        },
      );
      const fileId = await saveGeneratedFile(db, files, {
        content: pdf,
        name: `${enterprise.templateName}-${worker.name}-${agreementNo}.pdf`,
        mime: 'application/pdf',
        ownerUserId: auth.userId,
        ownerCompanyId: companyId,
      });
      await db.transaction().execute(async (tx) => {
        const drawn = {
          enterprise_id: enterprise.id,
          enterprise_name: enterprise.name,
          template_id: enterprise.templateId,
          token_hash: tokenHash(token),
          token_expires: expires,
          draft_file_id: fileId,
        };
        const row = redone
          ? await tx
              .updateTable('worker_agreements')
              // The code and any e签宝 flow were for the old document: the worker starts again with this one.
              .set({ ...drawn, willingness_ref: null, esign_flow_id: null })
              .where('id', '=', redone.id)
              .where('status', '=', SIGN_STATUS.pending)
              .returning('id')
              .executeTakeFirstOrThrow()
          : await tx
              .insertInto('worker_agreements')
              .values({
                ...drawn,
                agreement_no: agreementNo,
                worker_id: workerId,
                company_id: companyId,
                platform_mark: Number(worker.platform_mark),
                status: SIGN_STATUS.pending,
                create_time: createTime,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
        await tx
          .updateTable('workers')
          .set({ enterprise_id: enterprise.id, update_time: createTime })
          .where('id', '=', workerId)
          .execute();
        await recordOperation(tx, request, auth, {
          action: 'signLink',
          resource: 'contractOddJobManagement',
          recordId: Number(row.id),
          changes: {
            workerId: [null, workerId],
            enterpriseId: [redone?.enterprise_id ?? null, enterprise.id],
            enterpriseName: [redone?.enterprise_name ?? null, enterprise.name],
          },
        });
      });
    }
    return { url: `/workerSign/${token}`, expiresAt: expires, agreementNo };
  };
}

export async function workerSigningRoutes(
  app: FastifyInstance,
  { db, config, sms, files }: AppServices,
): Promise<void> {
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

  const issueSignLink = signLinkIssuer({ db, config, files });

  /** A signing link for a worker of the caller's company (a new token each time; the draft is made once). */
  app.post('/api/v1/workers/:id/sign_link', { ...LINK, schema: signLinkSchema }, async (request) => {
    const auth = requireAuth(request);
    const workerId = parseId((request.params as Record<string, string>).id, '人员编号');
    const worker = await db.selectFrom('workers').selectAll().where('id', '=', workerId).executeTakeFirst();
    if (!worker) fail('人员不存在');
    await assertCompanyVisible(db, auth, Number(worker.company_id));
    if (worker.sign_status === SIGN_STATUS.rescinded) fail(WORKER_SIGN_MSG.rescinded);
    if (worker.sign_status === SIGN_STATUS.signed) fail(WORKER_SIGN_MSG.signed);
    const link = await issueSignLink(request, auth, worker);
    return ok(link, '签署链接已生成');
  });

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
