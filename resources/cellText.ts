import { formatMoney } from '../src/domain/money';
import { formatRate } from '../src/domain/rates';
import type { FieldDeclaration } from './types';

/**
 * The text a list cell shows for a field: the React list (generator/fields.tsx) and the first paint
 * (src/boot) both call it, so a row reads the same before and after the app takes over.
 */
export function cellText(field: FieldDeclaration, record: Record<string, unknown>): string {
  const value = record[field.source];
  switch (field.type) {
    case 'enum':
      return field.choices?.find((choice) => String(choice.id) === String(value))?.name ?? '';
    case 'reference': {
      // The name the server joined in; the id alone is never shown.
      const name = field.nameSource ? record[field.nameSource] : undefined;
      return name === null || name === undefined ? '' : String(name);
    }
    case 'money':
      return formatMoney(value as number | string | null | undefined);
    case 'rate':
      return rateText(value);
    case 'image':
    case 'file': {
      if (typeof value !== 'string' || !value) return '';
      const name = field.nameSource ? record[field.nameSource] : undefined;
      if (typeof name === 'string' && name) return name;
      return field.type === 'image' ? '查看图片' : '下载';
    }
    default:
      if (value === null || value === undefined) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A stored rate as a percentage (650 → 6.50%); a value that is no whole number is shown as it came. */
function rateText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return /^-?\d+$/.test(String(value)) ? formatRate(String(value)) : String(value);
}

/** Numbers, rates and money line up on the right, as in a ledger. */
export function cellAlign(field: FieldDeclaration): 'left' | 'right' {
  return field.type === 'number' || field.type === 'money' || field.type === 'rate' ? 'right' : 'left';
}
