import { PDFDocument } from 'pdf-lib';
import { embedChineseFont } from '../../server/pdf/chineseFont';

/** The printed lines of an electronic invoice (增值税专用发票) as its PDF's text layer carries them. */
export const INVOICE_LINES = [
  '电子发票（增值税专用发票）',
  '发票号码：24322000000012345678',
  '开票日期：2026年03月05日',
  '购买方信息 名称：上海启航教育科技有限公司',
  '统一社会信用代码/纳税人识别号：91310000MA1FL8XQ3K',
  '销售方信息 名称：南京灵工服务有限公司',
  '统一社会信用代码/纳税人识别号：91320100MA1M7K3L59',
  '价税合计（大写）壹仟零陆拾圆整 （小写）¥1,060.00',
] as const;

/** An electronic invoice PDF with a text layer: what POST /api/v1/invoices/ocr reads without an OCR provider. */
export async function invoicePdf(lines: readonly string[] = INVOICE_LINES): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await embedChineseFont(pdf, [...lines]);
  const page = pdf.addPage([595, 420]);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 30, y: 380 - index * 30, size: 12, font });
  });
  return Buffer.from(await pdf.save());
}
