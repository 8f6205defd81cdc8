import { hashPassword } from '../../../providers/auth/passwordHash';
import { requestContent } from '../../../providers/httpClient';
import { saveToken } from '../../../providers/sessionStore';

/** The company record as GET /api/v1/companies/:id/platform/0 answers it (resources/companies.ts sources). */
export type CompanyRecord = Record<string, string | number | null>;

export function fetchCompany(companyId: number): Promise<CompanyRecord> {
  return requestContent(`/api/v1/companies/${companyId}/platform/0`, { silent: true });
}

export function saveInvoiceInfo(companyId: number, values: Record<string, string>): Promise<CompanyRecord> {
  return requestContent(`/api/v1/companies/${companyId}/invoice`, { method: 'PUT', json: values, silent: true });
}

export function saveContacts(companyId: number, values: Record<string, string>): Promise<CompanyRecord> {
  return requestContent(`/api/v1/companies/${companyId}/contacts`, { method: 'PUT', json: values, silent: true });
}

/**
 * PATCH /api/v1/accounts/password — both passwords leave the browser hashed, like at login. The server revokes
 * every earlier token of the user and answers a new one for this session, which replaces the stored token.
 */
export async function changeLoginPassword(oldPassword: string, newPassword: string): Promise<void> {
  const answer = await requestContent<{ token?: string } | null>('/api/v1/accounts/password', {
    method: 'PATCH',
    json: { oldPassword: hashPassword(oldPassword.trim()), newPassword: hashPassword(newPassword.trim()) },
    silent: true,
  });
  if (answer?.token) saveToken(answer.token);
}

export function paymentPasswordState(companyId: number): Promise<{ set: boolean }> {
  return requestContent('/api/v1/bankaccounts/password', { query: { coid: companyId }, silent: true });
}

/**
 * PATCH /api/v1/bankaccounts/password?coid= — 6 digits, proven with the login password (leaves hashed) or an
 * SMS code of type 4 sent to the owner's mobile.
 */
export function savePaymentPassword(
  companyId: number,
  password: string,
  proof: { loginPassword: string } | { smsCode: string },
): Promise<null> {
  return requestContent('/api/v1/bankaccounts/password', {
    method: 'PATCH',
    query: { coid: companyId },
    json:
      'smsCode' in proof
        ? { password, smsCode: proof.smsCode }
        : { password, loginPassword: hashPassword(proof.loginPassword.trim()) },
    silent: true,
  });
}
