import type { InvoiceFields } from './invoiceFields';

/**
 * Reading an invoice photo or scan needs an OCR service (an outside provider). This is its interface; the real one
 * (a cloud invoice-OCR API) implements it and is chosen by configuration like the other providers
 * (server/providers/README.md). The development implementation reads nothing and says so: the form is then filled
 * by hand.
 */
export interface InvoiceImageOcr {
  read(content: Uint8Array, mime: string): Promise<{ fields: InvoiceFields; note: string }>;
}

export const devInvoiceImageOcr: InvoiceImageOcr = {
  async read() {
    return { fields: {}, note: '图片发票暂不能自动识别：请对照发票手工填写，或上传 PDF、OFD、XML 电子发票自动识别' };
  },
};
