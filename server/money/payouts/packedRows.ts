import type { BatchField } from '../../../src/domain/payoutBatch';
import type { RawBatchRow, SheetLayout } from './batchFile';

/**
 * Raw rows column by column, to cross between threads: a few arrays of strings clone several times faster than
 * 10 000 small objects (batchParser.ts). Apart from batchFile.ts so that the request thread unpacks rows
 * without loading the parsers.
 */
export interface PackedRows {
  rowNos: number[];
  columns: Record<string, string[]>;
  /** [index of the row, field, message] of every unreadable cell. */
  cellErrors: [number, string, string][];
}

export function packRows(rows: readonly RawBatchRow<string>[], layout: Pick<SheetLayout, 'columns'>): PackedRows {
  const fields = layout.columns.map((column) => column.field);
  const columns = Object.fromEntries(fields.map((field) => [field, rows.map((row) => row.values[field])]));
  const cellErrors: PackedRows['cellErrors'] = [];
  rows.forEach((row, index) => {
    for (const error of row.cellErrors) cellErrors.push([index, error.field, error.message]);
  });
  return { rowNos: rows.map((row) => row.rowNo), columns, cellErrors };
}

export function unpackRows<F extends string = BatchField>(packed: PackedRows): RawBatchRow<F>[] {
  const fields = Object.keys(packed.columns);
  const rows: RawBatchRow<string>[] = packed.rowNos.map((rowNo, index) => {
    const values: Record<string, string> = {};
    for (const field of fields) values[field] = packed.columns[field][index];
    return { rowNo, values, cellErrors: [] };
  });
  for (const [index, field, message] of packed.cellErrors) rows[index].cellErrors.push({ field, message });
  return rows as RawBatchRow<F>[];
}
