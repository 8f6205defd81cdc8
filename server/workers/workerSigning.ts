import { createHash } from 'node:crypto';
import { INVITE_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { isBound } from '../enterprises/signingEntities';
import type { DocumentTemplate } from '../esign';
import { fail } from '../http/errors';
import { emitMerchantEvent } from '../webhooks/events';
import { inviteAnswered } from './signInvitations';

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
