import { choiceName } from '../../src/domain/enums';
import { formatMoney } from '../../src/domain/money';
import { formatRate } from '../../src/domain/rates';
import type { FieldDeclaration } from '../types';

function cell(field: FieldDeclaration, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'enum' && field.choices) return choiceName(field.choices, value);
  if (field.type === 'money') return formatMoney(value as number);
  if (field.type === 'rate' && /^\d+$/.test(String(value))) return formatRate(String(value));
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
