import ExcelJS from 'exceljs';
import { TEMPLATE_EXAMPLE_SHEET, templateExampleNote } from '../../src/domain/templateExample';

/**
 * The .xlsx and .csv an upload page offers as its template. The data sheet comes first and holds the header
 * (and any rows the server fills in, such as a roster's payees); the example row sits on a second sheet,
 * 「填写示例」, which the parser never reads (payouts/batchFile.ts), so an example left in place pays nobody.
 * Digit columns are formatted as text, so Excel keeps an 18-digit id instead of rounding it.
 */
export interface TemplateColumn {
  key: string;
  header: string;
  width: number;
  /** Formatted as text (ids, cards, phones, names); an amount is left as a number cell. */
  text: boolean;
}

function addSheet(workbook: ExcelJS.Workbook, name: string, columns: readonly TemplateColumn[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style: column.text ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return sheet;
}

export async function importTemplateXlsx(options: {
  dataSheet: string;
  columns: readonly TemplateColumn[];
  example: Readonly<Record<string, string>>;
  rows?: readonly Readonly<Record<string, string>>[];
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = addSheet(workbook, options.dataSheet, options.columns);
  for (const row of options.rows ?? []) data.addRow(row);
  const example = addSheet(workbook, TEMPLATE_EXAMPLE_SHEET, options.columns);
  example.addRow(options.example);
  example.addRow([]);
  example.addRow([templateExampleNote(options.dataSheet)]).font = { italic: true, color: { argb: 'FF595959' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a BOM so Excel opens the Chinese headers correctly; a CSV has one sheet, so no example row. */
export function importTemplateCsv(
  columns: readonly { key: string; header: string }[],
  rows: readonly Readonly<Record<string, string>>[] = [],
): Buffer {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(row[column.key] ?? '')).join(',')),
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}
