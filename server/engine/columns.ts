import { filterKeys, sortFields } from '../../resources/types';
import type { FilterBinding, ResourceBinding } from './binding';

/**
 * What the engine derives once from a binding: the column of every field, the columns a form may write, the
 * sort and filter columns. A binding that does not fit its declaration fails at start-up with a message that
 * names the fix, never at the first request.
 */
export interface ResolvedColumns {
  /** Field source → qualified column, for every declared field but the computed ones. */
  fields: Record<string, string>;
  /** Editable field source → the table's own column name. */
  writable: Record<string, string>;
  /** Sortable field → qualified column. */
  sort: Record<string, string>;
  /** q= key → how it matches. */
  filters: Record<string, Required<Omit<FilterBinding, 'rewrite'>> & Pick<FilterBinding, 'rewrite'> & { type: string }>;
  idColumn: string;
}

export function snakeCase(source: string): string {
  return source.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function resolveColumns(binding: ResourceBinding): ResolvedColumns {
  const { declaration, table } = binding;
  const where = `resources: ${declaration.name} (server binding of table ${table})`;
  const fields: Record<string, string> = {};
  for (const field of declaration.fields) {
    if (binding.computed?.[field.source]) {
      if (field.sortable || (field.form && !field.readOnly)) {
        throw new Error(`${where}: computed field "${field.source}" cannot be sorted or written`);
      }
      continue;
    }
    fields[field.source] = binding.columns?.[field.source] ?? `${table}.${snakeCase(field.source)}`;
  }
  const writable: Record<string, string> = {};
  for (const field of declaration.fields.filter((item) => item.form && !item.readOnly)) {
    const column = fields[field.source];
    if (!column.startsWith(`${table}.`)) {
      throw new Error(`${where}: form field "${field.source}" maps to ${column}, outside ${table}; make it readOnly`);
    }
    writable[field.source] = column.slice(table.length + 1);
  }
  const sort: Record<string, string> = {};
  for (const field of sortFields(declaration)) sort[field] = fields[field];
  const filters: ResolvedColumns['filters'] = {};
  for (const key of filterKeys(declaration)) {
    const declared = declaration.filters.find((filter) => filter.key === key || filter.endKey === key);
    const bound = binding.filters?.[key] ?? binding.filters?.[declared?.key ?? key];
    const column = bound?.column ?? fields[key];
    if (!column) throw new Error(`${where}: filter "${key}" has no field of that name; bind it in filters`);
    filters[key] = {
      column,
      match: bound?.match ?? 'contains',
      rewrite: bound?.rewrite,
      type: declared?.type ?? 'text',
    };
  }
  return { fields, writable, sort, filters, idColumn: `${table}.id` };
}
