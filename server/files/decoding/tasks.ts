import type { InvoiceReading, InvoiceSource } from '../../invoices/ocr/invoiceReading';
import type { PackedRows } from '../../money/payouts/packedRows';
import type { SheetLayoutName } from '../../money/payouts/sheetLayouts';
import { checkArchiveBudget } from './archiveInventory';
import { checkPdfBudget } from './pdfInventory';

/**
 * Every decoder of user-supplied content, as a task of the decoder threads (thread.ts): only these run PDF,
 * image, spreadsheet and archive decoders, and each checks its budget (budgets.ts) before it decodes. The
 * request thread imports this module's types only (tests/unit/decoderBoundary.test.ts); the decoders
 * themselves load in the thread on first use.
 */
export const TASKS = {
  /** An uploaded PDF, before it is stored: objects, inflated streams and pages within budget. */
  async inspectPdf(input: { content: Uint8Array }): Promise<null> {
    checkPdfBudget(input.content);
    return null;
  },

  /** An uploaded zip (.zip, .docx, .xlsx), before it is stored: entries and what they really inflate to. */
  async inspectArchive(input: { content: Uint8Array }): Promise<null> {
    await checkArchiveBudget(input.content);
    return null;
  },

  /** The watermarked copy of a stored PDF or image (files/watermark.ts), as a PDF. */
  async watermark(input: { content: Uint8Array; mime: string; text: string }): Promise<Uint8Array> {
    const { watermarked } = await import('../watermark');
    return watermarked(input.content, input.mime, input.text);
  },

  /** How many pages a PDF has (where e签宝 places a signature). */
  async pdfPageCount(input: { content: Uint8Array }): Promise<number> {
    const { countPdfPages } = await import('../../pdf/readPageCount');
    return countPdfPages(input.content);
  },

  /** An invoice's fields from its PDF text layer, OFD or XML (invoices/ocr/invoiceReading.ts). */
  async invoice(input: { content: Uint8Array; source: InvoiceSource }): Promise<InvoiceReading> {
    const { readInvoice } = await import('../../invoices/ocr/invoiceReading');
    return readInvoice(input.content, input.source);
  },

  /** The raw rows of a payout file or a gig worker import (money/payouts/sheetTask.ts). */
  async sheet(input: { fileName: string; content: Uint8Array; layout: SheetLayoutName }): Promise<PackedRows> {
    const { parseSheetPacked } = await import('../../money/payouts/sheetTask');
    return parseSheetPacked(input.fileName, input.content, input.layout);
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<T extends TaskName> = Parameters<(typeof TASKS)[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<(typeof TASKS)[T]>>;

export function runTask(task: TaskName, input: Record<string, unknown>): Promise<unknown> {
  if (!Object.hasOwn(TASKS, task)) throw new Error(`未知的解码任务：${String(task)}`);
  return (TASKS[task] as (input: Record<string, unknown>) => Promise<unknown>)(input);
}
