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
    return { fields: {}, note: '开发环境未接入图片识别服务，图片发票请手工填写' };
  },
};
