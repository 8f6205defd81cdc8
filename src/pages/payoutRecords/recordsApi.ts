import { requestContent } from '../../../providers/httpClient';
import { REPAY_PATH } from '../../../resources/abnormalFunds';
import { batchItems } from '../../../resources/payoutBatches';
import type { Page } from '../../domain/codes';
import { downloadFile } from '../statistics/statisticsApi';

/** One payout batch as GET /api/v1/remittances/batch/:id answers it (amounts in 1/10000 yuan). */
export interface PayoutBatch {
  id: number;
  batchNo: string;
  companyName: string;
  platformMark: number;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  status: number;
  successCount: number;
  successAmount: number;
  failedCount: number;
  failedAmount: number;
  invoiceStatus: number;
  createTime: string;
  finishTime: string | null;
  remark: string | null;
}

export type PayoutItem = Record<string, unknown> & { id: number };

export interface ItemQuery {
  page: number;
  size: number;
  status?: string;
  name?: string;
}

export function fetchBatch(path: string, id: string | number): Promise<PayoutBatch> {
  return requestContent<PayoutBatch>(path.replace(':id', encodeURIComponent(String(id))), { silent: true });
}

export function fetchItems(batchId: number, query: ItemQuery): Promise<Page<PayoutItem>> {
  return requestContent<Page<PayoutItem>>(batchItems.api.list.replace(':id', String(batchId)), {
    query: { page: query.page, size: query.size },
    q: { status: query.status, name: query.name },
    silent: true,
  });
}

/** Every item of the batch under the filters, a page of 1 000 at a time (the server's cap). */
export async function fetchAllItems(
  batchId: number,
  query: Omit<ItemQuery, 'page' | 'size'>,
  onProgress?: (done: number, total: number) => void,
): Promise<PayoutItem[]> {
  const rows: PayoutItem[] = [];
  for (let page = 0; ; page += 1) {
    const result = await fetchItems(batchId, { ...query, page, size: 1000 });
    rows.push(...result.content);
    onProgress?.(rows.length, result.totalElements);
    if (result.content.length < 1000 || rows.length >= result.totalElements) return rows;
  }
}

export interface Repayment {
  batchId: number;
  batchNo: string;
}

export function repayAbnormalFund(id: number, bankCard: string, payPassword: string): Promise<Repayment> {
  return requestContent<Repayment>(REPAY_PATH.replace(':id', String(id)), {
    method: 'POST',
    json: { bankCard, payPassword },
    silent: true,
  });
}

/** 下载回单: the item's electronic receipt as a PDF download; answers its file name. */
export function downloadReceipt(itemId: number): Promise<string> {
  return downloadFile(batchItems.api.receipt.replace(':id', String(itemId)), {}, undefined, `电子回单-${itemId}.pdf`);
}
