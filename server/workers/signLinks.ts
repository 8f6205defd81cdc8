import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { assertBound, boundTo, isBound } from '../enterprises/signingEntities';
import { esignProvider } from '../esign';
import { saveGeneratedFile } from '../files/generatedFiles';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import type { WorkerTable } from './tables';
import { tokenHash, WORKER_AGREEMENT, WORKER_SIGN_MSG } from './workerSigning';

const LINK_DAYS = 7;
/** AGREEMENT_TEMPLATE_TYPE 自由职业者协议. */
const FREELANCE_TEMPLATE = 3;

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
