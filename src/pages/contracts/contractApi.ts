import { apiBase } from '../../../providers/appConfig';
import { requestContent } from '../../../providers/httpClient';
import { encodeQ } from '../../domain/query';

/** Calls of the merchant's /contractManagement: an agreement's state, signing, its PDF (server/contracts). */

export interface Consent {
  id: number;
  nm: string;
  contractNo: string;
  agreementType: number;
  enterpriseId: number | null;
  signStatus: number;
  signMode: number | null;
  signTime: string | null;
  sha256: string | null;
  startDate: string;
  endDate: string;
  companyName: string | null;
  enterpriseName: string | null;
  enterpriseStatus: number | null;
  riskText: string | null;
  lockedText: string | null;
  /** Why it cannot be signed: its enterprise is not bound to the company (withdraw it and draw up another). */
  notBoundText: string | null;
  /** Not signed and still valid: 撤回 applies. */
  withdrawable: boolean;
  hasDocument: boolean;
  /** Signing through e签宝 (ESIGN_PROVIDER=esign): its signing page; the contract is signed when e签宝 reports it. */
  esignUrl?: string;
}

export interface ContractRow {
  id: number;
  nm: string;
  contractNo: string;
  agreementType: number | null;
  enterpriseId: number | null;
  enterpriseName: string | null;
  signStatus: number;
  signMode: number | null;
  dataStatus: number;
  fileId: number | null;
}

export interface EnterpriseOption {
  id: number;
  name: string;
  status: number;
  statusReason: string | null;
}

export const consentOf = (id: number) => requestContent<Consent>(`/api/v1/consent/${id}`, { silent: true });

export const signConsent = (id: number, confirmRisk: boolean) =>
  requestContent<Consent>(`/api/v1/consent/${id}`, { method: 'POST', json: { confirmRisk }, silent: true });

/** Draws up (or answers the open) agreement of `type` with the enterprise; answers its id. */
export const startSigning = (companyId: number, enterpriseId: number, type: number, confirmRisk: boolean) =>
  requestContent<{ id: number }>(`/api/v1/companies/service_sign/${companyId}/${enterpriseId}`, {
    method: 'POST',
    json: { type, confirmRisk },
    silent: true,
  });

/** The company's valid agreements still waiting for its signature (with an enterprise to sign with). */
export async function awaitingSignature(): Promise<ContractRow[]> {
  const page = await requestContent<{ content: ContractRow[] }>('/api/v1/contract', {
    query: { q: encodeQ({ signStatus: 0, dataStatus: 1 }), page: 0, size: 50, sort: 'createTime,desc' },
    silent: true,
    background: true,
  });
  return page.content.filter((row) => row.enterpriseName !== null);
}

/** 撤回: the merchant's agreement not signed yet no longer counts; another can be drawn up. */
export const withdrawAgreement = (id: number) =>
  requestContent<Consent>(`/api/v1/contract/${id}/withdraw`, { method: 'POST', silent: true });

/** Signs the agreement with a paper copy: `paperUrl` is the scan's url from POST /api/v1/common/uploadfiles. */
export const uploadPaperContract = (companyId: number, id: number, paperUrl: string, confirmRisk: boolean) =>
  requestContent<Consent>(`/api/v1/contract/upload_paper/${companyId}`, {
    method: 'PUT',
    query: { id, paperUrl, confirmRisk: confirmRisk ? 'true' : undefined },
    silent: true,
  });

export const companySignStatus = (companyId: number) =>
  requestContent<{ signStatus: number }>(`/api/v1/companies/sign_status/${companyId}`, {
    silent: true,
    background: true,
  });

/** The enterprises bound to the merchant's company (绑定签约主体), the only ones it may sign with. */
export const signableEnterprises = () =>
  requestContent<EnterpriseOption[]>('/api/v1/enterprises', { silent: true, background: true });

/** Downloads the agreement's PDF (signed, or the draft before signing; a paper contract's scan) by a signed link. */
export async function downloadContract(id: number): Promise<void> {
  const { url } = await requestContent<{ url: string }>('/api/v1/contract/get_download_url_contract', {
    method: 'POST',
    json: { id },
    silent: true,
  });
  const link = document.createElement('a');
  link.href = url.startsWith('/') ? `${apiBase()}${url}` : url;
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
