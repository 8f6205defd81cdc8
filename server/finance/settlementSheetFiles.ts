import { PDFDocument, rgb } from 'pdf-lib';
import { PRODUCT_NAME } from '../../src/domain/editions';
import { SETTLEMENT_SHEET_STATUS } from '../../src/domain/finance';
import { formatMoney } from '../../src/domain/money';
import { parseChinaTime } from '../db/time';
import { embedChineseFont } from '../pdf/chineseFont';
import { type SheetColumn, writeSheet } from '../statistics/xlsx';

/** One settlement sheet as the files finance downloads: a PDF (Noto Sans SC, the e-sign font) and an .xlsx. */
export interface SheetDocument {
  sheetNo: string;
  companyName: string;
  creditCode: string;
  platformMark: number;
  periodMonth: string;
  periodFrom: string;
  periodTo: string;
  opening_balance: number;
  topup_amount: number;
  topup_count: number;
  payout_amount: number;
  payout_count: number;
  charge_amount: number;
  charge_count: number;
  refund_amount: number;
  refund_count: number;
  closing_balance: number;
  entry_count: number;
  status: number;
  correctsNo: string | null;
  reason: string | null;
  generateTime: string;
  confirmTime: string | null;
  confirmerName: string | null;
}

const EDITION = (mark: number) => (mark === 3 ? '小规模版' : '标准版');
const statusName = (status: number) => SETTLEMENT_SHEET_STATUS.find((item) => item.id === status)?.name ?? '';

/** The sheet's lines: item, count, amount (yuan text) — the same in the PDF and the xlsx. */
export function sheetLines(sheet: SheetDocument): { item: string; count: number | null; amount: number }[] {
  return [
    { item: '期初余额', count: null, amount: sheet.opening_balance },
    { item: '加：充值', count: sheet.topup_count, amount: sheet.topup_amount },
    { item: '减：批量打款', count: sheet.payout_count, amount: sheet.payout_amount },
    { item: '减：服务费', count: sheet.charge_count, amount: sheet.charge_amount },
    { item: '加：失败退回', count: sheet.refund_count, amount: sheet.refund_amount },
    { item: '期末余额', count: null, amount: sheet.closing_balance },
  ];
}

export function sheetFileName(sheet: SheetDocument, extension: 'pdf' | 'xlsx'): string {
  return `结算单_${sheet.sheetNo}_${sheet.companyName}.${extension}`;
}

function headerLines(sheet: SheetDocument): string[] {
  const lines = [
    `结算单号：${sheet.sheetNo}`,
    `企业名称：${sheet.companyName}`,
    `统一社会信用代码：${sheet.creditCode}`,
    `版本：${EDITION(sheet.platformMark)}　结算期间：${sheet.periodFrom} 至 ${sheet.periodTo}`,
    `状态：${statusName(sheet.status)}　生成时间：${sheet.generateTime}`,
  ];
  if (sheet.confirmTime) lines.push(`确认时间：${sheet.confirmTime}　确认人：${sheet.confirmerName ?? ''}`);
  if (sheet.correctsNo) lines.push(`本单更正 ${sheet.correctsNo}，原因：${sheet.reason ?? ''}`);
  return lines;
}

export async function sheetPdf(sheet: SheetDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `${PRODUCT_NAME} 结算单`;
  const header = headerLines(sheet);
  const columns = [
    { label: '项目', x: 0 },
    { label: '笔数', x: 0.45 },
    { label: '金额（元）', x: 0.7 },
  ];
  const rows = sheetLines(sheet).map((line) => ({
    cells: [line.item, line.count === null ? '' : String(line.count), formatMoney(line.amount)],
    bold: line.count === null,
  }));
  const check = `核对：期初 ${formatMoney(sheet.opening_balance)} + 充值 ${formatMoney(sheet.topup_amount)} − 打款 ${formatMoney(
    sheet.payout_amount,
  )} − 服务费 ${formatMoney(sheet.charge_amount)} + 退回 ${formatMoney(sheet.refund_amount)} = 期末 ${formatMoney(
    sheet.closing_balance,
  )}`;
  const footer = `本期流水 ${sheet.entry_count} 笔，数据取自平台账本。`;
  const font = await embedChineseFont(pdf, [
    title,
    ...header,
    ...columns.map((column) => column.label),
    ...rows.flatMap((row) => row.cells),
    check,
    footer,
  ]);
  pdf.setTitle(`结算单 ${sheet.sheetNo}`);
  pdf.setProducer(PRODUCT_NAME);
  pdf.setCreator(PRODUCT_NAME);
  // Fixed dates: the same sheet gives the same bytes.
  const stamp = new Date(parseChinaTime(sheet.confirmTime ?? sheet.generateTime));
  pdf.setCreationDate(stamp);
  pdf.setModificationDate(stamp);
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;
  page.drawText(title, { x: (page.getWidth() - font.widthOfTextAtSize(title, 20)) / 2, y: y - 20, size: 20, font });
  y -= 50;
  for (const line of header) {
    page.drawText(line, { x: margin, y, size: 11, font });
    y -= 20;
  }
  y -= 10;
  const columnX = (index: number) => (index === 0 ? margin + 8 : margin + width * columns[index].x);
  const row = (cells: string[], bold: boolean) => {
    page.drawRectangle({
      x: margin,
      y: y - 8,
      width,
      height: 26,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
      color: bold ? rgb(0.93, 0.93, 0.93) : undefined,
    });
    cells.forEach((cell, index) => {
      page.drawText(cell, { x: columnX(index), y, size: 11, font });
    });
    y -= 26;
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  for (const { cells, bold } of rows) row(cells, bold);
  y -= 16;
  page.drawText(check, { x: margin, y, size: 9, font, maxWidth: width, lineHeight: 14 });
  y -= 36;
  page.drawText(footer, { x: margin, y, size: 9, font });
  return pdf.save({ useObjectStreams: false });
}

const XLSX_COLUMNS: readonly SheetColumn[] = [
  { key: 'item', label: '项目', kind: 'text' },
  { key: 'count', label: '笔数', kind: 'count' },
  { key: 'amount', label: '金额（元）', kind: 'money' },
];

export function sheetXlsx(sheet: SheetDocument) {
  return writeSheet('结算单', [`${PRODUCT_NAME} 结算单`, ...headerLines(sheet)], XLSX_COLUMNS, sheetLines(sheet), null);
}
