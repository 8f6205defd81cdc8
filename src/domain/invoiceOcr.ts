import { formatMoney } from './money';

/**
 * POST /api/v1/invoices/ocr: what reading an invoice file answers, and how the 开票 form uses it (pure, no
 * React). Absent fields were not read. Amounts are integer 1/10000 yuan.
 */
export interface InvoiceOcrFields {
  invoiceNumber?: string;
  invoiceCode?: string;
  invoiceDate?: string;
  buyerName?: string;
  buyerTaxNumber?: string;
  sellerName?: string;
  sellerTaxNumber?: string;
  totalAmount?: number;
}

export interface InvoiceOcrResult {
  source: 'pdf' | 'ofd' | 'xml' | 'image';
  fields: InvoiceOcrFields;
  readFields: (keyof InvoiceOcrFields)[];
  missingFields: (keyof InvoiceOcrFields)[];
  note: string | null;
}

export const INVOICE_OCR_LABELS: Readonly<Record<keyof InvoiceOcrFields, string>> = {
  invoiceNumber: '发票号码',
  invoiceCode: '发票代码',
  invoiceDate: '开票日期',
  buyerName: '购买方名称',
  buyerTaxNumber: '购买方税号',
  sellerName: '销售方名称',
  sellerTaxNumber: '销售方税号',
  totalAmount: '价税合计',
};

/** The file types the reader takes (the server sniffs the content; this only narrows the file picker). */
export const INVOICE_OCR_ACCEPT =
  '.pdf,.ofd,.xml,.jpg,.jpeg,.png,application/pdf,text/xml,application/xml,image/jpeg,image/png';

const shown = (key: keyof InvoiceOcrFields, value: string | number) =>
  key === 'totalAmount' ? `${formatMoney(value)} 元` : String(value);

/** 已识别 lines (label and value) and the labels of what was not read, in the server's order. */
export function ocrSummary(result: InvoiceOcrResult): { read: string[]; missing: string[] } {
  const read = result.readFields
    .filter((key) => result.fields[key] !== undefined)
    .map((key) => `${INVOICE_OCR_LABELS[key]}：${shown(key, result.fields[key] as string | number)}`);
  return { read, missing: result.missingFields.map((key) => INVOICE_OCR_LABELS[key]) };
}

/**
 * What the invoice number box does with a read number: fill it when empty (or already equal), or ask before
 * replacing what the user typed; nothing when no number was read.
 */
export type NumberPlan =
  | { kind: 'none' }
  | { kind: 'fill'; value: string }
  | { kind: 'ask'; typed: string; read: string };

export function invoiceNumberPlan(typed: string, read: string | undefined): NumberPlan {
  if (!read) return { kind: 'none' };
  const current = typed.trim();
  if (current === '' || current === read) return { kind: 'fill', value: read };
  return { kind: 'ask', typed: current, read };
}

/** Checks of the read invoice against the application being issued: a mismatch the operator should look at. */
export function ocrMismatches(fields: InvoiceOcrFields, application: { total?: unknown; title?: unknown }): string[] {
  const problems: string[] = [];
  const total = Number(application.total);
  if (fields.totalAmount !== undefined && Number.isSafeInteger(total) && fields.totalAmount !== total) {
    problems.push(`识别的价税合计 ${formatMoney(fields.totalAmount)} 元与申请金额 ${formatMoney(total)} 元不一致`);
  }
  const title = typeof application.title === 'string' ? application.title.trim() : '';
  if (fields.buyerName && title && fields.buyerName !== title) {
    problems.push(`识别的购买方名称「${fields.buyerName}」与发票抬头「${title}」不一致`);
  }
  return problems;
}
