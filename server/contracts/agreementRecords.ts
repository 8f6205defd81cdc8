import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../appServices';
import type { AuthContext } from '../auth/access';
import { assertCompanyVisible } from '../auth/scope';
import type { Db } from '../db/database';
import { assertAcceptsNewWork, assertRiskConfirmed, enterpriseOrFail } from '../enterprises/enterprises.service';
import { assertBound } from '../enterprises/signingEntities';
import { esignProvider } from '../esign';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import { contractDocumentId } from './contractDocument';

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
 * The routes are by what they do: serviceSign.routes.ts draws up, shows, withdraws and links an agreement,
 * consent.routes.ts signs it (online or with a paper copy), agreementDocuments.routes.ts gives its document; this
 * module holds what they share.
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
export const ACCESS = { config: { access: { permissions: CODES } } };

export interface Agreement {
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

export async function agreementOf(db: Db, auth: AuthContext, id: number): Promise<Agreement> {
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
export async function assertMaySign(db: Db, companyId: number, enterpriseId: number | null, confirmRisk: unknown) {
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
export function withdrawable(agreement: Agreement): boolean {
  return agreement.signStatus === 0 && agreement.dataStatus === 1;
}

/** The fields of a body its schema has checked (an object, agreements.schemas.ts); a call without one has none. */
export const fieldsOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** The e-sign provider's calls an agreement's routes make, and the agreement as they answer it. */
export function agreementSigning({ db, config, files }: Pick<AppServices, 'db' | 'config' | 'files'>) {
  const esign = esignProvider(config.esign.provider);
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
  return { esign, signingService, withDocument, signingState };
}
