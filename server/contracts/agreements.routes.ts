import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatRate } from '../../src/domain/rates';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import { companyForSigning, markCompanySigned } from '../companies/companySigning';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { zipEntryDateOf } from '../engine/excelDates';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { createZip } from '../engine/zipArchive';
import { AGREEMENT_TEXT } from '../enterprises/agreementText';
import {
  assertAcceptsNewWork,
  assertRiskConfirmed,
  enterpriseNotice,
  enterpriseOrFail,
  levelRates,
} from '../enterprises/enterprises.service';
import { assertBound, unboundReason } from '../enterprises/signingEntities';
import { esignProvider } from '../esign';
import { signDownload } from '../files/downloadTokens';
import { downloadUrl } from '../files/downloadUrls';
import { attachFile, fileIdOfReference } from '../files/fileReferences';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile, readGeneratedFile, saveGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import {
  consentSchema,
  documentLinkSchema,
  documentSchema,
  documentsZipSchema,
  signingLinkSchema,
  signingStateSchema,
  signSchema,
  startSigningSchema,
  uploadPaperSchema,
  withdrawSchema,
} from './agreements.schemas';
import { markContractSigned } from './agreements.service';
import { enabledAgreementType } from './agreementTypes.routes';
import { contractDocumentId, GENERAL_AGREEMENT } from './contractDocument';
import { CONTRACT_ESIGN_MSG, contractEsign } from './contractEsign';

/**
 * Agreements between a merchant and an enterprise: contracts with an agreement kind, signed through the
 * e-sign provider (server/esign).
 * - POST /api/v1/companies/service_sign/:coid/:enterpriseId  { type?, confirmRisk? }  draws up the agreement (or
 *   answers the open one), rendered to PDF from the enterprise's template; a locked enterprise refuses, a risky
 *   one needs confirmRisk;
 * - GET  /api/v1/companies/service_sign/:id, GET service_signurl/:coid?id=   its state, its signing link;
 * - GET  /api/v1/consent/:id  what the signer reads; POST /api/v1/consent/:id { confirmRisk? }  signs it (once);
 *   with ESIGN_PROVIDER=esign it answers `esignUrl`, e签宝's signing page, instead (contractEsign.ts), and the
 *   contract is signed when e签宝's callback reports the flow complete;
 * - PUT  /api/v1/contract/upload_paper/:coid?paperUrl=&id=   a signed paper copy instead (an uploaded scan);
 * - POST /api/v1/contract/get_download_url_contract { id }   a signed download link of its PDF;
 * - POST /api/v1/contract/downloadzip { ids }                the signed PDFs as one zip, streamed;
 * - GET  /api/v1/contract/:id/file?download=1               its document itself (inline to preview, or attached).
 * A contract without a document gets one on first request (contractDocument.ts): signed ones download, unsigned
 * ones can be signed online.
 * Merchants act for their own company only, staff within their scope.
 */
const CODES = [
  'MER_BANKACCOUNT_RECHARGE',
  'ADM_PLAT_CONTRACT_MGR',
  'UI_SERVICE_AGREEMENT_TEMPLATE',
  'UI_SERVICE_OUTSOURCING_AGREEMENT',
  'ADM_FREE_CONTRACT_MGR',
  'UI_ACCOUNT_OPENING_CONTRACT',
  'UI_XGM_SERVICE_AGREEMENT_TEMPLATE',
  'UI_XGM_SERVICE_OUTSOURCING_AGREEMENT',
];
const ACCESS = { config: { access: { permissions: CODES } } };
const MAX_ZIP = 200;
const DAY = 86400_000;

interface Agreement {
  id: number;
  companyId: number;
  enterpriseId: number | null;
  nm: string;
  contractNo: string;
  agreementType: number;
  signStatus: number;
  dataStatus: number;
  signMode: number | null;
  fileId: number | null;
  fileSha256: string | null;
  paperFileId: number | null;
  startDate: string;
  endDate: string;
  signTime: string | null;
  signNm: string;
  platformMark: number;
}

async function agreementOf(db: Db, auth: AuthContext, id: number): Promise<Agreement> {
  const row = await db
    .selectFrom('contracts')
    .select([
      'id',
      'company_id as companyId',
      'enterprise_id as enterpriseId',
      'nm',
      'contract_no as contractNo',
      'agreement_type as agreementType',
      'sign_status as signStatus',
      'data_status as dataStatus',
      'sign_mode as signMode',
      'file_id as fileId',
      'file_sha256 as fileSha256',
      'paper_file_id as paperFileId',
      'start_date as startDate',
      'end_date as endDate',
      'sign_time as signTime',
      'sign_nm as signNm',
      'platform_mark as platformMark',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) fail('合同不存在');
  await assertCompanyVisible(db, auth, Number(row.companyId));
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    enterpriseId: row.enterpriseId === null ? null : Number(row.enterpriseId),
    fileId: row.fileId === null ? null : Number(row.fileId),
    paperFileId: row.paperFileId === null ? null : Number(row.paperFileId),
  } as Agreement;
}

/**
 * An enterprise not bound to the company refuses (signingEntities.ts), a locked one refuses; a risky one needs the
 * signer's explicit confirmation (1040400 with the text).
 */
async function assertMaySign(db: Db, companyId: number, enterpriseId: number | null, confirmRisk: unknown) {
  if (enterpriseId === null) fail('该合同未指定服务主体，不能在线签署');
  await assertBound(db, companyId, enterpriseId);
  const enterprise = await enterpriseOrFail(db, enterpriseId);
  assertAcceptsNewWork(enterprise);
  assertRiskConfirmed(enterprise, confirmRisk);
  return enterprise;
}

/**
 * 撤回: an agreement drawn up but not signed yet, still valid, may be withdrawn by the merchant and drawn up again,
 * with another enterprise if it likes; a signed one never (the platform's 作废 is another act).
 */
function withdrawable(agreement: Agreement): boolean {
  return agreement.signStatus === 0 && agreement.dataStatus === 1;
}

/** The fields of a body its schema has checked (an object, agreements.schemas.ts); a call without one has none. */
const fieldsOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

export async function agreementsRoutes(app: FastifyInstance, { db, config, files }: AppServices): Promise<void> {
  const esign = esignProvider(config.esign.provider);
  const esignFlow = config.esign.provider === 'esign' ? contractEsign({ db, files }, config.esign) : null;
  /** The provider's render and sign, each logged as a call out about the enterprise (server/thirdparty). */
  const signingService = (enterpriseId: number | null) =>
    withCallLog(db, esign, { service: 'esign', provider: esign.name, enterpriseId }, ['render', 'sign']);

  /** The agreement with its document made if it had none (contractDocument.ts). */
  const withDocument = async (auth: AuthContext, agreement: Agreement): Promise<Agreement> => {
    if (agreement.signMode === 2 || agreement.fileId !== null) return agreement;
    const services = { db, files, esign: signingService(agreement.enterpriseId) };
    await contractDocumentId(services, agreement.id, auth.userId);
    return agreementOf(db, auth, agreement.id);
  };

  const signingState = async (agreement: Agreement) => ({
    id: agreement.id,
    nm: agreement.nm,
    contractNo: agreement.contractNo,
    agreementType: agreement.agreementType,
    enterpriseId: agreement.enterpriseId,
    signStatus: agreement.signStatus,
    signMode: agreement.signMode,
    signTime: agreement.signTime,
    sha256: agreement.fileSha256,
    startDate: agreement.startDate,
    endDate: agreement.endDate,
    signUrl:
      agreement.signStatus === 1 ? null : (await esign.signingLink(agreement.id, { name: '', role: '甲方' })).url,
  });

  app.post(
    '/api/v1/companies/service_sign/:coid/:enterpriseId',
    { ...ACCESS, schema: startSigningSchema },
    async (request) => {
      const auth = requireAuth(request);
      const params = request.params as Record<string, string>;
      const companyId = parseId(params.coid, '公司编号');
      const enterpriseId = parseId(params.enterpriseId, '主体编号');
      await assertCompanyVisible(db, auth, companyId);
      const body = fieldsOf(request);
      const type = body.type === undefined ? 1 : Number(body.type);
      // Agreement types are data (agreement_types): any enabled one, not a fixed list.
      const kindName = Number.isSafeInteger(type) && type > 0 ? await enabledAgreementType(db, type) : undefined;
      if (!kindName) fail('协议类型不正确或已停用');
      const kind = { id: type, name: kindName };
      const company = await companyForSigning(db, companyId);
      if (!company) fail('公司不存在');
      const mark = company.platformMark === 1 ? 1 : 3;
      if ((await enterpriseOrFail(db, enterpriseId)).platformMark !== mark) fail('该主体不属于贵公司的版本');
      const enterprise = await assertMaySign(db, companyId, enterpriseId, body.confirmRisk);

      const open = await db
        .selectFrom('contracts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('enterprise_id', '=', enterpriseId)
        .where('agreement_type', '=', type)
        .where('data_status', '=', 1)
        .where('sign_status', '=', 0)
        // Drawn up here (with its document); an older unsigned contract without one is left to the staff.
        .where('file_id', 'is not', null)
        .executeTakeFirst();
      if (open) return ok(await signingState(await agreementOf(db, auth, Number(open.id))), '请完成签署');

      const template = await db
        .selectFrom('agreement_templates')
        .select(['id', 'nm'])
        .where('entid', '=', enterpriseId)
        .where('type', '=', type)
        .orderBy('use_status', 'desc')
        .orderBy('sort')
        .orderBy('id')
        .executeTakeFirst();
      if (!template) fail(`该主体尚未配置${kind.name}模板，请联系客服`);
      const now = Date.now();
      const createTime = chinaTime(now);
      const startDate = createTime.slice(0, 10);
      const endDate = chinaTime(now + 364 * DAY).slice(0, 10);
      const contractNo = `XY${createTime.slice(0, 10).replace(/-/g, '')}${String(now % 1_000_000).padStart(6, '0')}${companyId}`;
      const [rate] = await levelRates(db, enterpriseId, 1);
      const enterpriseRow = await db
        .selectFrom('enterprises')
        .select(['credit_code', 'bank_name', 'bank_account'])
        .where('id', '=', enterpriseId)
        .executeTakeFirstOrThrow();
      const pdf = await signingService(enterpriseId).render(
        AGREEMENT_TEXT[type] ?? GENERAL_AGREEMENT,
        [
          { role: '甲方', name: company.name, idNumber: company.creditCode },
          { role: '乙方', name: enterprise.name, idNumber: enterpriseRow.credit_code },
        ],
        {
          templateName: template.nm,
          companyName: company.name,
          enterpriseName: enterprise.name,
          rateText: formatRate(rate.rate),
          bankName: enterpriseRow.bank_name ?? '',
          bankAccount: enterpriseRow.bank_account ?? '',
          startDate,
          endDate,
          contractNo,
          createTime,
        },
      );
      const fileId = await saveGeneratedFile(db, files, {
        content: pdf,
        name: `${kind.name}-${company.name}-${enterprise.shortName}.pdf`,
        mime: 'application/pdf',
        ownerUserId: auth.userId,
        ownerCompanyId: companyId,
      });
      const id = await db.transaction().execute(async (trx) => {
        const values = {
          company_id: companyId,
          nm: template.nm.slice(0, 64),
          contract_no: contractNo,
          csort: 9,
          contract_status: 2,
          sign_status: 0,
          data_status: 1,
          enterprise_id: enterpriseId,
          industry_id: null,
          sign_nm: company.linkmanName ?? auth.displayName,
          start_date: startDate,
          end_date: endDate,
          sign_time: null,
          platform_mark: mark,
          agreement_type: type,
          template_id: Number(template.id),
          file_id: fileId,
          create_time: createTime,
          update_time: createTime,
        };
        const row = await trx.insertInto('contracts').values(values).returning('id').executeTakeFirstOrThrow();
        await recordOperation(trx, request, auth, {
          action: 'serviceSign',
          resource: 'contractManagement',
          recordId: Number(row.id),
          changes: changesBetween(null, {
            nm: values.nm,
            enterpriseId,
            enterpriseName: enterprise.name,
            agreementType: type,
          }),
        });
        return Number(row.id);
      });
      return ok(await signingState(await agreementOf(db, auth, id)), '协议已生成，请完成签署');
    },
  );

  app.get('/api/v1/companies/service_sign/:id', { ...ACCESS, schema: signingStateSchema }, async (request) => {
    const auth = requireAuth(request);
    const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    return ok(await signingState(agreement));
  });

  /**
   * POST /api/v1/contract/:id/withdraw: the merchant withdraws its agreement not signed yet (数据状态 → 作废), in one
   * conditional update that a signature racing it cannot pass (markContractSigned needs a valid contract), logged
   * with the enterprise it named; the /contractManagement banner then offers the bound enterprises again.
   */
  app.post('/api/v1/contract/:id/withdraw', { ...ACCESS, schema: withdrawSchema }, async (request) => {
    const auth = requireAuth(request);
    const agreement = await agreementOf(db, auth, parseId((request.params as { id: string }).id, '合同编号'));
    if (auth.roleId !== ROLE.merchant) throw new ForbiddenError('只有商户本人可以撤回协议，平台人员请使用「作废」');
    if (agreement.signStatus === 1) fail('该协议已签署，不能撤回');
    if (agreement.dataStatus !== 1) fail('该协议已撤回或作废');
    const enterprise = agreement.enterpriseId === null ? null : await enterpriseOrFail(db, agreement.enterpriseId);
    const time = chinaTime();
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('contracts')
        .set({ data_status: 0, update_time: time })
        .where('id', '=', agreement.id)
        .where('sign_status', '=', 0)
        .where('data_status', '=', 1)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) fail('该协议已签署或已撤回，请刷新后查看');
      await recordOperation(trx, request, auth, {
        action: '撤回协议',
        resource: 'contractManagement',
        recordId: agreement.id,
        recordTitle: agreement.nm,
        // 数据状态 正常 → 作废, and the enterprise it was drawn up with (服务主体: name → empty).
        changes: { dataStatus: [1, 0], enterpriseName: [enterprise?.name ?? null, null] },
      });
    });
    return ok(await signingState(await agreementOf(db, auth, agreement.id)), '协议已撤回，可重新选择服务主体生成');
  });

  app.get('/api/v1/companies/service_signurl/:coid', { ...ACCESS, schema: signingLinkSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = parseId((request.params as { coid: string }).coid, '公司编号');
    const agreement = await agreementOf(db, auth, parseId((request.query as { id?: unknown }).id, '合同编号'));
    if (agreement.companyId !== companyId) fail('该合同不属于此公司');
    if (agreement.signStatus === 1) fail('该合同已签署');
    // An address is only worth sending for an agreement that can still be signed online (as POST consent checks).
    if (agreement.dataStatus !== 1) fail('该合同已作废');
    if (agreement.enterpriseId === null) fail('该合同未指定服务主体，不能在线签署');
    await assertBound(db, agreement.companyId, agreement.enterpriseId);
    return ok(await esign.signingLink(agreement.id, { name: '', role: '甲方' }));
  });

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
