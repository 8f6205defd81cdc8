import { requestContent } from '../../../providers/httpClient';
import type { Page } from '../../domain/codes';
import type { InvoiceFigures } from '../../domain/invoiceFormulas';

/** The invoice API as the merchant's application page and the invoice lists call it (server/invoices/invoices.routes.ts). */
export interface EligibleBatch {
  id: number;
  batchNo: string;
  createTime: string;
  finishTime: string | null;
  itemCount: number;
  successCount: number;
  successAmount: number;
  successCharge: number;
  invoiceable: number;
}

export interface InvoiceBatchLine {
  id: number;
  batchNo: string;
  createTime: string;
  itemCount: number;
  successCount: number;
  successAmount: number;
  successCharge: number;
  invoiceable: number;
}

export interface Category {
  id: number;
  name: string;
  taxCode: string | null;
}

/** The figures of the picked batches, and the 服务主体 that issues the invoice (null: the company has none yet). */
export type Figures = InvoiceFigures & { batchCount: number; enterpriseName?: string | null };

export interface InvoiceDetail extends Record<string, unknown> {
  id: number;
  applyNo: string;
  kind: number;
  status: number;
  total: number;
  deduction: number;
  tax: number;
  net: number;
  ratePercent: number;
  batches: InvoiceBatchLine[];
}

export interface Application {
  batchIds: number[];
  kind: number;
  categoryId: number;
  remark?: string;
  recipient?: string;
  recipientPhone?: string;
  mailAddress?: string;
}

export const BATCH_PAGE_SIZE = 200;

export function fetchEligibleBatches(page: number, size = BATCH_PAGE_SIZE): Promise<Page<EligibleBatch>> {
  return requestContent('/api/v1/invoices/batches', { query: { page, size }, silent: true });
}

export function fetchCategories(): Promise<Category[]> {
  return requestContent('/api/v1/invoices/categories', { silent: true });
}

export function previewInvoice(batchIds: number[], signal?: AbortSignal): Promise<Figures> {
  return requestContent('/api/v1/invoices/preview', {
    method: 'POST',
    json: { batchIds },
    silent: true,
    background: true,
    signal,
  });
}

export function applyForInvoice(application: Application): Promise<InvoiceDetail> {
  return requestContent('/api/v1/invoices', { method: 'POST', json: application, silent: true });
}

export function fetchInvoice(id: number | string): Promise<InvoiceDetail> {
  return requestContent(`/api/v1/invoices/${encodeURIComponent(String(id))}`, { silent: true, background: true });
}

export function issueInvoice(id: number | string, body: { invoiceNumber?: string; fileUrl?: string }) {
  return requestContent<InvoiceDetail>(`/api/v1/invoices/${encodeURIComponent(String(id))}/issue`, {
    method: 'POST',
    json: body,
    silent: true,
  });
}

/** Uploads the invoice file (kind annex: the server sniffs PDF, JPG and PNG among others). */
export function uploadDocument(file: File): Promise<{ id: number; url: string; name: string }> {
  const body = new FormData();
  body.append('kind', 'annex');
  body.append('file', file);
  return requestContent('/api/v1/common/uploadfiles', { method: 'POST', body, silent: true });
}
