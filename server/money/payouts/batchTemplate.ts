import ExcelJS from 'exceljs';
import { BATCH_COLUMNS } from '../../../src/domain/payoutBatch';

/**
 * The batch payout template (GET /api/v1/remittances/template): the header row and one example payee. In the
 * .xlsx every digit column is formatted as text, so Excel keeps an 18-digit id instead of rounding it.
 */
export const TEMPLATE_EXAMPLE: Readonly<Record<string, string>> = {
  name: '张三',
  // A valid national id (check character X) and a Luhn-valid card: the example passes validation as it is.
  idCard: '11010519491231002X',
  bankCard: '6222020200112233446',
  mobile: '13800138000',
  amount: '1000.00',
  remark: '6月劳务报酬',
};

export const TEMPLATE_NAME = '批量打款模板';

const TEXT_FORMAT = '@';
const WIDTHS: Readonly<Record<string, number>> = {
  name: 12,
  idCard: 22,
  bankCard: 24,
  mobile: 15,
  amount: 14,
  remark: 24,
};

export async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('收款人');
  sheet.columns = BATCH_COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: WIDTHS[column.field],
    style: column.field === 'amount' ? {} : { numFmt: TEXT_FORMAT },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(TEMPLATE_EXAMPLE);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a BOM so Excel opens the Chinese headers correctly. */
export function templateCsv(): Buffer {
  const lines = [
    BATCH_COLUMNS.map((column) => csvCell(column.header)).join(','),
    BATCH_COLUMNS.map((column) => csvCell(TEMPLATE_EXAMPLE[column.field])).join(','),
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}
