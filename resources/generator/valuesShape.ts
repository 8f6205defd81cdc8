import type { ValuesResult } from '../types';

type Row = Record<string, unknown>;

/** What a values dialog draws from an answer: a table of rows, or one record as label / value pairs. */
export type ValuesShape = { rows: Row[] } | { record: Row };

export function valuesShape(result: Pick<ValuesResult, 'key'>, content: unknown): ValuesShape {
  const part = result.key && content && typeof content === 'object' ? (content as Row)[result.key] : content;
  if (Array.isArray(part)) return { rows: part.filter((row): row is Row => Boolean(row) && typeof row === 'object') };
  return { record: part && typeof part === 'object' ? (part as Row) : {} };
}
