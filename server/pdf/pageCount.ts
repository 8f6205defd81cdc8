import { PDFDocument } from 'pdf-lib';

/** How many pages a PDF has (where a signature field goes on the last page); reads, never writes. */
export async function pdfPageCount(content: Uint8Array): Promise<number> {
  return (await PDFDocument.load(content, { updateMetadata: false })).getPageCount();
}
