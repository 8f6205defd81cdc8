import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { companyForSigning, markCompanySigned } from '../companies/companySigning';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { enterpriseNotice, enterpriseOrFail } from '../enterprises/enterprises.service';
import { unboundReason } from '../enterprises/signingEntities';
import { attachFile, fileIdOfReference } from '../files/fileReferences';
import { openGeneratedFile, readGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { ACCESS, agreementOf, agreementSigning, assertMaySign, fieldsOf, withdrawable } from './agreementRecords';
import { consentSchema, signSchema, uploadPaperSchema } from './agreements.schemas';
import { markContractSigned } from './agreements.service';
import { CONTRACT_ESIGN_MSG, contractEsign } from './contractEsign';

/**
 * The merchant signs its agreement: what it reads and 签署 (GET/POST consent; with ESIGN_PROVIDER=esign on
 * e签宝's page, contractEsign.ts), or a signed paper copy instead (upload_paper).
 */
export async function consentRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config, files } = services;
  const { signingService, withDocument, signingState } = agreementSigning(services);
  const esignFlow = config.esign.provider === 'esign' ? contractEsign({ db, files }, config.esign) : null;

  app.get('/api/v1/consent/:id', { ...ACCESS, schema: consentSchema }, async (request) => {
    const auth = requireAuth(request);
    const found = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    const agreement = found.dataStatus === 1 ? await withDocument(auth, found) : found;
    const enterprise = agreement.enterpriseId === null ? null : await enterpriseOrFail(db, agreement.enterpriseId);
    const company = await companyForSigning(db, agreement.companyId);
    return ok({
      ...(await signingState(agreement)),
      companyName: company?.name ?? null,
      enterpriseName: enterprise?.name ?? null,
      enterpriseStatus: enterprise?.status ?? null,
      riskText: enterprise ? enterpriseNotice(enterprise).riskText : null,
      lockedText: enterprise ? enterpriseNotice(enterprise).lockedText : null,
      // Why it cannot be signed: its enterprise is not (or no longer) bound to the company; it may be withdrawn.
      notBoundText:
        enterprise && agreement.signStatus === 0
          ? ((await unboundReason(db, agreement.companyId, enterprise.id)) ?? null)
          : null,
      withdrawable: withdrawable(agreement),
      hasDocument: agreement.fileId !== null,
    });
  });

  app.post('/api/v1/consent/:id', { ...ACCESS, schema: signSchema }, async (request) => {
    const auth = requireAuth(request);
    const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    // The merchant signs as 甲方; staff may not sign on a merchant's behalf.
    if (auth.roleId !== ROLE.merchant) throw new ForbiddenError('只有商户本人可以签署协议');
    if (agreement.dataStatus !== 1) fail('该合同已作废');
    if (agreement.signStatus === 1) fail('该合同已签署');
    await assertMaySign(db, agreement.companyId, agreement.enterpriseId, fieldsOf(request).confirmRisk);
    const fileId = (await withDocument(auth, agreement)).fileId;
    if (fileId === null) fail('该合同没有可签署的文件');
    if (esignFlow && agreement.enterpriseId !== null) {
      const contract = { ...agreement, enterpriseId: agreement.enterpriseId, draftFileId: fileId };
      const page = await esignFlow.signingPage(contract, auth);
      if (page.created) {
        await recordOperation(db, request, auth, {
          action: 'esignStart',
          resource: 'contractManagement',
          recordId: agreement.id,
          changes: changesBetween(null, { signFlowId: page.flowId }),
        });
      }
      const state = await signingState(await agreementOf(db, auth, agreement.id));
      return ok({ ...state, esignUrl: page.url }, CONTRACT_ESIGN_MSG.signThere);
    }
    const draft = await readGeneratedFile(db, files, fileId);
    if (!draft) fail('合同文件不存在');
    const company = await companyForSigning(db, agreement.companyId);
    const time = chinaTime();
    const signed = await signingService(agreement.enterpriseId).sign(draft, {
      name: company?.name ?? '',
      role: '甲方',
      operator: auth.displayName,
      time,
    });
    const signedFileId = await saveGeneratedFile(db, files, {
      content: signed.pdf,
      name: `${agreement.nm}-已签署.pdf`,
      mime: 'application/pdf',
      ownerUserId: auth.userId,
      ownerCompanyId: agreement.companyId,
    });
    await db.transaction().execute(async (trx) => {
      const marked = await markContractSigned(trx, agreement, { time, fileId: signedFileId, sha256: signed.sha256 });
      if (!marked) fail('该合同已签署');
      await recordOperation(trx, request, auth, {
        action: 'consent',
        resource: 'contractManagement',
        recordId: agreement.id,
        changes: changesBetween({ signStatus: 0 }, { signStatus: 1, sha256: signed.sha256 }),
      });
    });
    return ok(await signingState(await agreementOf(db, auth, agreement.id)), '签署成功');
  });

  app.put('/api/v1/contract/upload_paper/:coid', { ...ACCESS, schema: uploadPaperSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { coid: string }).coid, '公司编号');
    const query = request.query as Record<string, unknown>;
    const agreement = await agreementOf(db, auth, parseId(query.id ?? fieldsOf(request).id, '合同编号'));
    if (agreement.companyId !== companyId) fail('该合同不属于此公司');
    // A paper copy is the merchant's signature too: staff may not sign on its behalf (as with the e-signature).
    if (auth.roleId !== ROLE.merchant) throw new ForbiddenError('只有商户本人可以签署协议');
    if (agreement.signStatus === 1) fail('该合同已签署');
    if (fileIdOfReference(query.paperUrl) === null) fail('请先上传纸质合同扫描件');
    // Only a scan the caller uploaded: any other stored file would become this contract's document.
    const paperId = (
      await attachFile(db, auth, query.paperUrl, {
        purpose: 'contract_paper',
        formatMessage: '纸质合同扫描件仅支持PDF、JPG、PNG格式',
      })
    ).upload.id;
    const paper = await openGeneratedFile(db, files, paperId);
    if (!paper) fail('纸质合同文件不存在');
    paper.stream.destroy();
    await assertMaySign(
      db,
      agreement.companyId,
      agreement.enterpriseId,
      fieldsOf(request).confirmRisk ?? query.confirmRisk === 'true',
    );
    const time = chinaTime();
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('contracts')
        .set({
          sign_status: 1,
          contract_status: 1,
          sign_mode: 2,
          sign_time: time,
          paper_file_id: paperId,
          update_time: time,
        })
        .where('id', '=', agreement.id)
        .where('sign_status', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) fail('该合同已签署');
      if (agreement.agreementType === 1) await markCompanySigned(trx, agreement.companyId);
      await recordOperation(trx, request, auth, {
        action: 'uploadPaper',
        resource: 'contractManagement',
        recordId: agreement.id,
        changes: changesBetween({ signStatus: 0 }, { signStatus: 1, paperFileId: paperId }),
      });
    });
    return ok(await signingState(await agreementOf(db, auth, agreement.id)), '纸质合同已上传');
  });
}
