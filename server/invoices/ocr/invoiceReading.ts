import { DECODE_BUDGETS, DECODE_MSG } from '../../files/decoding/budgets';
import { checkPdfBudget } from '../../files/decoding/pdfInventory';
import { DecodeRefusal } from '../../files/decoding/refusal';
import { fieldsOfText, fieldsOfXml, type InvoiceFields } from './invoiceFields';
import { ofdXml, pdfTextLayer } from './invoiceReaders';

export type InvoiceSource = 'pdf' | 'ofd' | 'xml';

export interface InvoiceReading {
  fields: InvoiceFields;
  /** Why nothing could be read, when that is known ('' otherwise). */
  note: string;
}

/**
 * An electronic invoice's fields, read in a decoder thread (files/decoding/tasks.ts): a PDF from its text layer
 * (within the PDF budgets and DECODE_BUDGETS.invoicePdfPages), an OFD from its XML (within DECODE_BUDGETS.ofd),
 * an XML invoice as it is. Matching the fields is linear in the text (invoiceFields.ts), but it runs here too.
 */
export async function readInvoice(content: Uint8Array, source: InvoiceSource): Promise<InvoiceReading> {
  if (source === 'pdf') {
    checkPdfBudget(content, DECODE_BUDGETS.invoicePdfPages, DECODE_MSG.invoicePages);
    const text = await pdfTextLayer(content, DECODE_BUDGETS.invoicePdfPages);
    if (text === null) throw new DecodeRefusal(DECODE_MSG.invoicePages, 'pdfPages');
    return {
      fields: fieldsOfText(text),
      note: text.trim() === '' ? '该 PDF 没有文字层（可能是扫描件），请上传图片或手工填写' : '',
    };
  }
  if (source === 'ofd') {
    const xml = await ofdXml(content);
    if (xml === null) throw new DecodeRefusal(DECODE_MSG.ofdTooLarge, 'ofdInflated');
    return { fields: fieldsOfXml(xml), note: '' };
  }
  return { fields: fieldsOfXml(Buffer.from(content).toString('utf8')), note: '' };
}
