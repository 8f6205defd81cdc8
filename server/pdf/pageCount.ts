import { decode } from '../files/decoding';
import { DECODE_TIMEOUT_MS } from '../files/decoding/budgets';

/**
 * How many pages a PDF has (where a signature field goes on the last page). Counting parses the document, so it
 * runs in a decoder thread under the PDF budgets (files/decoding/), like every other decoder.
 */
export function pdfPageCount(content: Uint8Array): Promise<number> {
  return decode(
    'pdfPageCount',
    { content },
    { timeoutMs: DECODE_TIMEOUT_MS.pageCount, unreadable: 'PDF 文件无法读取' },
  );
}
