import type { DataProvider, SortPayload } from 'react-admin';
import { choiceName } from '../../src/domain/enums';
import { formatMoney } from '../../src/domain/money';
import type { FieldDeclaration, ResourceDeclaration } from '../types';

const EXPORT_PAGE_SIZE = 1000;

function cell(field: FieldDeclaration, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'enum' && field.choices) return choiceName(field.choices, value);
  if (field.type === 'money') return formatMoney(value as number);
  return String(value);
}

function csvEscape(text: string): string {
  // Guard against formula injection in spreadsheets, then quote.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(fields: readonly FieldDeclaration[], rows: readonly Record<string, unknown>[]): string {
  const lines = [fields.map((field) => csvEscape(field.label)).join(',')];
  for (const row of rows) lines.push(fields.map((field) => csvEscape(cell(field, row[field.source]))).join(','));
  // UTF-8 BOM so Excel opens Chinese text correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Exports every filtered row, page by page (the server caps a page at 1 000), not just the first
 * 1 000 as react-admin's ExportButton would.
 */
export async function exportAll(
  dataProvider: DataProvider,
  declaration: ResourceDeclaration,
  filter: Record<string, unknown>,
  sort: SortPayload,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; rows.length < total; page += 1) {
    const result = await dataProvider.getList(declaration.name, {
      pagination: { page, perPage: EXPORT_PAGE_SIZE },
      sort,
      filter,
    });
    total = result.total ?? result.data.length;
    rows.push(...result.data);
    onProgress?.(rows.length, total);
    if (result.data.length < EXPORT_PAGE_SIZE) break;
  }
  const fields = declaration.fields;
  const blob = new Blob([toCsv(fields, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${declaration.label}-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
