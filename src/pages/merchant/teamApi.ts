import { hashPassword } from '../../../providers/auth/passwordHash';
import { requestContent } from '../../../providers/httpClient';

export interface Subaccount {
  id: number;
  username: string;
  mobile: string;
  status: number;
  createTime: string;
  authorities: string[];
}

const BASE = '/api/v1/company/subaccounts';

/** GET: the owner's MER_* codes (what may be granted) and the sub-accounts. */
export function fetchSubaccounts(): Promise<{ permissions: string[]; accounts: Subaccount[] }> {
  return requestContent(BASE, { silent: true });
}

export function createSubaccount(input: {
  username: string;
  mobile: string;
  password: string;
  authorities: string[];
}): Promise<Subaccount[]> {
  return requestContent(BASE, {
    method: 'POST',
    json: {
      ...input,
      username: input.username.trim(),
      mobile: input.mobile.trim(),
      password: hashPassword(input.password.trim()),
    },
    silent: true,
  });
}

export function setSubaccountStatus(id: number, status: 0 | 1): Promise<Subaccount[]> {
  return requestContent(`${BASE}/${id}`, { method: 'PATCH', json: { status }, silent: true });
}
