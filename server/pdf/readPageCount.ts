import { PDFDocument } from 'pdf-lib';
import { checkPdfBudget } from '../files/decoding/pdfInventory';

/** How many pages a PDF has, read in a decoder thread (files/decoding/tasks.ts) after its budget; never writes. */
export async function countPdfPages(content: Uint8Array): Promise<number> {
  checkPdfBudget(content);
  return (await PDFDocument.load(content, { updateMetadata: false })).getPageCount();
}
