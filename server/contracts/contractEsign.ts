import type { AppServices } from '../appServices';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import type { EsignFlowOwnerFactory } from '../esign/esignCallback.routes';
import { flowOfRecord, startSignFlow, storeSignedFile } from '../esign/esignFlows';
import type { EsignV3Settings } from '../esign/esignSettings';
import { type EsignSignatory, esignV3Client } from '../esign/esignV3Client';
import { readGeneratedFile } from '../files/generatedFiles';
import { fail } from '../http/errors';
import { withCallLog } from '../thirdparty/outboundCalls';
import { markContractSigned } from './agreements.service';

/**
 * A merchant's contract with an enterprise signed through e签宝 (ESIGN_PROVIDER=esign). The merchant's 确认签署
 * (POST /api/v1/consent/:id) uploads our contract PDF once and creates its flow: the company signs as the
 * organisation (its name and unified social credit code) through its contact on record as transactor (经办人),
 * who does e签宝's willingness check on e签宝's page; the enterprise's seal is applied by e签宝 itself (autoSign
 * of the enterprise, which has authorised the app to seal silently). e签宝's completion callback comes to
 * `contractFlows`, which stores the signed PDF and signs the contract as the merchant's own signing does
 * (markContractSigned), logged as the merchant user who started the flow.
 */

/** Where the company signs (甲方) and the enterprise is sealed (乙方) on the contract's last page. */
const COMPANY_FIELD = { x: 120, y: 160 };
const ENTERPRISE_SEAL = { x: 400, y: 160 };

export const CONTRACT_ESIGN_MSG = {
  signThere: '请在e签宝页面完成签署',
  noTransactor: '请先在企业信息中填写联系人姓名和手机号：通过e签宝签署时由联系人作为经办人签署',
  noEnterpriseCode: '该服务主体未登记统一社会信用代码，不能通过e签宝签署，请联系客服',
} as const;

async function companySignatory(db: Db, companyId: number): Promise<EsignSignatory> {
  const company = await db
    .selectFrom('companies')
    .select(['name', 'credit_code', 'linkman_name', 'linkman_mobile'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) fail('公司不存在');
  if (!company.linkman_name?.trim() || !/^1\d{10}$/.test(company.linkman_mobile ?? '')) {
    fail(CONTRACT_ESIGN_MSG.noTransactor);
  }
  return {
    kind: 'organisation',
    orgName: company.name,
    creditCode: company.credit_code,
    transactor: { mobile: company.linkman_mobile ?? '', name: company.linkman_name.trim() },
  };
}

async function enterpriseSeal(db: Db, enterpriseId: number) {
  const enterprise = await db
    .selectFrom('enterprises')
    .select(['name', 'credit_code'])
    .where('id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  if (!enterprise.credit_code) fail(CONTRACT_ESIGN_MSG.noEnterpriseCode);
  return { orgName: enterprise.name, creditCode: enterprise.credit_code, at: ENTERPRISE_SEAL };
}

export interface ContractToSign {
  id: number;
  nm: string;
  contractNo: string;
  companyId: number;
  enterpriseId: number;
  /** The contract's unsigned document (uploads.id). */
  draftFileId: number;
}

/** Starts (once) the contract's e签宝 flow and answers the signing page of the company's transactor. */
export function contractEsign({ db, files }: Pick<AppServices, 'db' | 'files'>, settings: EsignV3Settings) {
  const client = esignV3Client(settings);
  const logged = (enterpriseId: number) =>
    withCallLog(db, client, { service: 'esign', provider: 'esign', enterpriseId }, ['createFlow', 'signUrl']);
  return {
    async signingPage(contract: ContractToSign, auth: AuthContext) {
      const signer = await companySignatory(db, contract.companyId);
      const flow = await flowOfRecord(
        db,
        { table: 'contracts', id: contract.id },
        async () => {
          const draft = await readGeneratedFile(db, files, contract.draftFileId);
          if (!draft) fail('合同文件不存在');
          return startSignFlow(logged(contract.enterpriseId), {
            document: draft,
            fileName: `${contract.nm}-${contract.contractNo}.pdf`.replace(/[\\/:*?"<>|]/g, '_'),
            title: `${contract.nm} ${contract.contractNo}`.replace(/[\\/:*?"<>|]/g, '_'),
            signer,
            at: COMPANY_FIELD,
            autoSeal: await enterpriseSeal(db, contract.enterpriseId),
          });
        },
        { esign_user_id: auth.userId },
      );
      const url = await logged(contract.enterpriseId).signUrl(flow.flowId, signer);
      return { url, ...flow };
    },
  };
}

/** Who the operation log names when a callback signs the contract: the merchant user who started the flow. */
async function flowStarter(db: Db, userId: number | null): Promise<AuthContext> {
  const user =
    userId === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['id', 'username', 'role_id', 'company_id', 'platform_mark', 'display_name'])
          .where('id', '=', userId)
          .executeTakeFirst();
  return {
    userId: user ? Number(user.id) : 0,
    username: user?.username ?? 'e签宝',
    roleId: user ? Number(user.role_id) : 0,
    companyId: user?.company_id ?? null,
    platformMark: user ? Number(user.platform_mark) : 0,
    displayName: user?.display_name ?? 'e签宝',
    authorities: new Set(),
    deptScope: null,
    // A callback acts for no one's reads: it only names who started the flow in the log.
    dataScope: { kind: 'none', editions: [], departmentIds: [], subsidiaryIds: [] },
    subid: null,
  };
}

/** The callback's side of a contract: its flow completed, the contract is signed with e签宝's file. */
export const contractFlows: EsignFlowOwnerFactory = ({ db, files }, client) => ({
  async complete(flowId, request) {
    const row = await db
      .selectFrom('contracts')
      .select(['id', 'company_id', 'agreement_type', 'nm', 'sign_status', 'data_status', 'esign_user_id'])
      .where('esign_flow_id', '=', flowId)
      .executeTakeFirst();
    if (!row) return false;
    // Signed already (a repeated callback, or a paper copy meanwhile), or voided: nothing to do.
    if (Number(row.sign_status) !== 0 || Number(row.data_status) !== 1) return true;
    const companyId = Number(row.company_id);
    const signed = await storeSignedFile({ db, files }, client, flowId, {
      name: `${row.nm}-已签署.pdf`,
      ownerCompanyId: companyId,
    });
    const starter = await flowStarter(db, row.esign_user_id === null ? null : Number(row.esign_user_id));
    const time = chinaTime();
    await db.transaction().execute(async (trx) => {
      const contract = { id: Number(row.id), companyId, agreementType: Number(row.agreement_type) };
      if (!(await markContractSigned(trx, contract, { time, ...signed, flowId }))) return;
      await recordOperation(trx, request, starter, {
        action: 'consent',
        resource: 'contractManagement',
        recordId: contract.id,
        changes: changesBetween({ signStatus: 0 }, { signStatus: 1, sha256: signed.sha256, signFlowId: flowId }),
      });
    });
    return true;
  },
});
