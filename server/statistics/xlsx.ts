import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { excelDate, excelDateFormat } from '../engine/excelDates';

/**
 * A report as an .xlsx file, written as a stream (exceljs WorkbookWriter): Chinese headers, numbers as numbers,
 * money in yuan with two decimals (#,##0.00) — the cell holds units / 10000, which a 1/10000-yuan integer below
 * 2^53 turns into the exact decimal —, days and months as date cells shown at their own precision (the list
 * export's date writer, engine/excelDates.ts), and a 合计 row that equals the page's totals.
 */
export interface SheetColumn {
  key: string;
  label: string;
  kind: 'money' | 'count' | 'text' | 'date';
}

const MONEY_FORMAT = '#,##0.00';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function moneyCell(units: number): number {
  return units / 10_000;
}

function cellValue(column: SheetColumn, value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (column.kind === 'money') return moneyCell(Number(value));
  if (column.kind === 'count') return Number(value);
  if (column.kind === 'date') return excelDate(value) ?? String(value);
  return String(value);
}

function addDataRow(sheet: ExcelJS.Worksheet, columns: readonly SheetColumn[], row: Record<string, unknown>): void {
  const added = sheet.addRow(columns.map((column) => cellValue(column, row[column.key])));
  columns.forEach((column, index) => {
    const cell = added.getCell(index + 1);
    // A report's buckets are days or months: the cell shows the text's own precision.
    if (cell.value instanceof Date) cell.numFmt = excelDateFormat(String(row[column.key]));
  });
  added.commit();
}

export function writeSheet(
  sheetName: string,
  titleLines: readonly string[],
  columns: readonly SheetColumn[],
  rows: readonly Record<string, unknown>[],
  totals: Record<string, unknown> | null,
): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.kind === 'text' ? 30 : column.kind === 'date' ? 12 : 18,
    style: column.kind === 'money' ? { numFmt: MONEY_FORMAT } : {},
  }));
  for (const line of titleLines) sheet.addRow([line]).commit();
  const header = sheet.addRow(columns.map((column) => column.label));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) addDataRow(sheet, columns, row);
  if (totals) {
    const values = columns.map((column, index) =>
      index === 0
        ? '合计'
        : column.kind === 'text' || column.kind === 'date'
          ? null
          : cellValue(column, totals[column.key]),
    );
    const last = sheet.addRow(values);
    last.font = { bold: true };
    last.commit();
  }
  sheet.commit();
  workbook.commit().catch((error: Error) => stream.destroy(error));
  return stream;
}
