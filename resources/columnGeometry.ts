import type { FieldDeclaration, FieldType } from './types';

/**
 * How wide a list column is, from its field's type: short values (dates, money, numbers, enum names) never
 * wrap, names and long text stay on one line and are cut with an ellipsis (the full text in the cell's
 * title). The React list (generator/fields.tsx) and the first paint (src/boot) both wrap a cell's text in a
 * box with exactly this style, so the picture and the app lay the table out the same way.
 */
const WIDTHS: Readonly<Record<FieldType, { minWidth?: number; maxWidth?: number }>> = {
  datetime: { minWidth: 136 },
  date: { minWidth: 80 },
  month: { minWidth: 56 },
  money: { minWidth: 88 },
  number: { minWidth: 40 },
  rate: { minWidth: 56 },
  enum: { minWidth: 56 },
  text: { maxWidth: 240 },
  longtext: { maxWidth: 320 },
  image: { maxWidth: 160 },
  file: { maxWidth: 200 },
  reference: { maxWidth: 240 },
};

/** A cell's box style, as CSS properties in camelCase (a React style object, or assigned to a DOM style). */
export function cellBoxStyle(field: Pick<FieldDeclaration, 'type'>): Record<string, string> {
  const { minWidth, maxWidth } = WIDTHS[field.type];
  return {
    display: 'block',
    whiteSpace: 'nowrap',
    ...(minWidth ? { minWidth: `${minWidth}px` } : {}),
    ...(maxWidth ? { maxWidth: `${maxWidth}px`, overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
  };
}

/** Whether a cell can be cut short, so it carries its full text in a title. */
export function cellMayClip(field: Pick<FieldDeclaration, 'type'>): boolean {
  return WIDTHS[field.type].maxWidth !== undefined;
}
