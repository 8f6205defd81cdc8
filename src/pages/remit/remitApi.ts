import { requestContent } from '../../../providers/httpClient';
import { downloadApiFile } from '../../../resources/generator/downloadFile';
import type { PayoutMethod } from '../../domain/payees';
import type { BatchField } from '../../domain/payoutBatch';

/** Calls of /remit: template download, upload validation, submission; and the payment password state. */

export interface PreviewRow {
  rowNo: number;
  name: string;
  idCard: string;
  bankCard: string;
  /** 银行卡 or 支付宝 (blank 收款方式 in the file is 银行卡); the Alipay account comes masked. */
  method: PayoutMethod;
  alipayAccount: string | null;
  mobile: string | null;
  amount: number;
  serviceCharge: number;
  /** Income tax withheld from the amount now (cumulative method at the signing entity) and what the worker gets. */
  taxAmount: number;
  netAmount: number;
  remark: string | null;
}

export interface BatchPreview {
  draftId: number;
  fileName: string;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  /** The income tax withheld from the whole batch and what the workers receive in all. */
  taxAmount: number;
  netAmount: number;
  taxMonth: string;
  total: number;
  rate: number;
  balance: number;
  balanceAfter: number;
  shortfall: number;
  /** When it can no longer be submitted (China time). */
  expireTime: string;
  /** The task it settles, or null for an upload. */
  taskId: number | null;
  /** ID and card numbers masked as in the payout records. */
  rows: PreviewRow[];
  /** Rows to check before paying (cards failing the check digit); submitting needs acceptWarnings. */
  warnings: RowError[];
  /** The enterprise the company settles through: a risky one is confirmed before paying, a locked one refuses. */
  enterprise: {
    enterpriseId: number;
    enterpriseName: string;
    status: number;
    riskText: string | null;
    lockedText: string | null;
  } | null;
}

export interface RowError {
  rowNo: number;
  field: BatchField;
  message: string;
}

/** What a file with bad rows answers (1040400): every problem, none accepted. */
export interface RowErrors {
  errors: RowError[];
  warnings?: RowError[];
  badRowCount: number;
  rowCount: number;
}

export interface SubmittedBatch {
  batchId: number;
  batchNo: string;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  total: number;
  balanceAfter: number;
  duplicate: boolean;
}

/** A 10 000-row file takes a moment to read on a slow server: longer than the default timeout is fine. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function validateBatchFile(file: File): Promise<BatchPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return requestContent('/api/v1/remittances/batch/validate', {
    method: 'POST',
    body,
    silent: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** A draft waiting for submission, from a task's settlement or an upload (GET /api/v1/remittances/batch/drafts). */
export interface WaitingDraft {
  id: number;
  fileName: string;
  taskId: number | null;
  taskNo: string | null;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  createTime: string;
  expireTime: string;
  expired: boolean;
}

export function listWaitingDrafts(): Promise<WaitingDraft[]> {
  return requestContent('/api/v1/remittances/batch/drafts', { silent: true });
}

/** A draft made elsewhere (a task's settlement), shown like a fresh upload's preview. */
export function openDraft(draftId: number): Promise<BatchPreview> {
  return requestContent(`/api/v1/remittances/batch/drafts/${draftId}`, { silent: true });
}

export function submitBatch(
  draftId: number,
  payPassword: string,
  acceptWarnings: boolean,
  confirmRisk: boolean,
): Promise<SubmittedBatch> {
  return requestContent('/api/v1/remittances/batch/submit', {
    method: 'POST',
    json: { draftId, payPassword, acceptWarnings, confirmRisk },
    silent: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

export function paymentPasswordIsSet(companyId: number): Promise<boolean> {
  return requestContent<{ set: boolean }>('/api/v1/bankaccounts/password', {
    query: { coid: companyId },
    silent: true,
  }).then((state) => state.set);
}

/**
 * Downloads the template with the Authorization header (fetch → blob → a temporary link), so the file never
 * needs a public URL.
 */
export function downloadTemplate(format: 'xlsx' | 'csv'): Promise<void> {
  return downloadApiFile('/api/v1/remittances/template', `批量打款模板.${format}`, { format });
}
