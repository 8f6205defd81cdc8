import { CODE_BUSINESS_ERROR } from '../../../src/domain/codes';
import {
  INCOMPLETE_INFO,
  type InvoiceInfo,
  invoiceInfoProblem,
  mailingErrors,
} from '../../../src/domain/invoiceApplication';
import { INVOICE_KIND_PAPER } from '../../../src/domain/moneyEnums';
import { bodyFields, fieldText } from '../../http/bodyFields';
import { BusinessError, fail } from '../../http/errors';

/**
 * The body of an invoice application (POST /api/v1/invoices) and the company's invoice information it copies,
 * checked with the shared rules (src/domain/invoiceApplication.ts). Pure functions: no database.
 */
export const MAX_BATCHES = 500;
export const REMARK_MAX = 128;

export const APPLY_MSG = {
  noBatches: '请选择要开票的批次',
  batchId: '批次编号格式不正确',
  tooMany: `一次最多选择${MAX_BATCHES}个批次`,
  kind: '请选择发票类型（纸质发票或电子发票）',
  category: '请选择开票类目',
  remark: `备注不能超过${REMARK_MAX}个字符`,
  incompleteInfo: INCOMPLETE_INFO,
} as const;

export type { InvoiceInfo };

export interface ApplicationRequest {
  batchIds: number[];
  kind: number;
  categoryId: number;
  remark: string | null;
  recipient: string | null;
  recipientPhone: string | null;
  mailAddress: string | null;
}

/** batchIds: an array of positive ids (or "1,2"), without repeats. */
export function batchIdsOf(body: unknown): number[] {
  const raw = bodyFields(body).batchIds;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.split(',') : [];
  if (items.length === 0) fail(APPLY_MSG.noBatches);
  const ids = items.map((item) => Number(typeof item === 'string' ? item.trim() : item));
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) fail(APPLY_MSG.batchId);
  const distinct = [...new Set(ids)];
  if (distinct.length > MAX_BATCHES) fail(APPLY_MSG.tooMany);
  return distinct;
}

/** Checks the whole application body; field errors come back in content.errors like a declared form. */
export function applicationOf(body: unknown): ApplicationRequest {
  const values = bodyFields(body);
  const batchIds = batchIdsOf(values);
  const kind = Number(fieldText(values.kind));
  if (kind !== 1 && kind !== 2)
    throw new BusinessError(APPLY_MSG.kind, CODE_BUSINESS_ERROR, { errors: { kind: APPLY_MSG.kind } });
  const categoryId = Number(fieldText(values.categoryId));
  if (!Number.isSafeInteger(categoryId) || categoryId <= 0) {
    throw new BusinessError(APPLY_MSG.category, CODE_BUSINESS_ERROR, { errors: { categoryId: APPLY_MSG.category } });
  }
  const remark = fieldText(values.remark);
  if ([...remark].length > REMARK_MAX) {
    throw new BusinessError(APPLY_MSG.remark, CODE_BUSINESS_ERROR, { errors: { remark: APPLY_MSG.remark } });
  }
  const paper = kind === INVOICE_KIND_PAPER;
  if (paper) {
    const errors = mailingErrors(values);
    const messages = Object.values(errors);
    if (messages.length > 0) throw new BusinessError(messages[0], CODE_BUSINESS_ERROR, { errors });
  }
  return {
    batchIds,
    kind,
    categoryId,
    remark: remark || null,
    recipient: paper ? fieldText(values.recipient) : null,
    recipientPhone: paper ? fieldText(values.recipientPhone) : null,
    mailAddress: paper ? fieldText(values.mailAddress) : null,
  };
}

/** The information to copy onto the application; 请先完善发票信息 plus the broken rule otherwise. */
export function completeInvoiceInfo(info: Partial<Record<keyof InvoiceInfo, unknown>>): InvoiceInfo {
  const problem = invoiceInfoProblem(info);
  if (problem) fail(`${APPLY_MSG.incompleteInfo}：${problem}`);
  return {
    title: fieldText(info.title),
    taxNumber: fieldText(info.taxNumber),
    bankName: fieldText(info.bankName),
    bankAccount: fieldText(info.bankAccount),
    address: fieldText(info.address),
    phone: fieldText(info.phone),
  };
}
