import { contentOf, type RequestOptions, request, requestContent } from '../../../providers/httpClient';
import { downloadApiFile } from '../../../resources/generator/downloadFile';
import { chinaToday } from '../../domain/chinaTime';
import { showToast } from '../../shell/toast';

export interface CompanyOption {
  id: number;
  name: string;
}

/** Companies of the edition whose name contains `name`, in the caller's scope (at most 20). */
export function searchCompanies(name: string, platformMark: number): Promise<CompanyOption[]> {
  return requestContent('/api/v1/finance/companies', {
    query: { name, platformmark: platformMark },
    background: true,
  });
}

/** Downloads a file the API streams (with the session's headers) under the server's file name. */
export const downloadFile = downloadApiFile;

/** A write: the server's message as a success toast (a refusal is shown by requestContent); its content. */
export async function act<T = unknown>(path: string, options: RequestOptions): Promise<T> {
  const envelope = await request<T>(path, options);
  const content = contentOf(envelope, options);
  showToast(envelope.message || '操作成功', 'success');
  return content;
}

/** Yesterday in China time (the last day that can be reconciled). */
export function chinaYesterday(): string {
  return chinaToday(Date.now() - 86_400_000);
}
