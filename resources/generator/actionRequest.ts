import type { ActionDeclaration, ValuesResult } from '../types';

type Row = Record<string, unknown>;

/**
 * An action's path for one row: `:name` is the row's field of that name, else the prompt's answer of that name.
 * A placeholder with neither is an error of the declaration, not something to send.
 */
export function actionPath(path: string, record: Row, answers: Row = {}): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_match, name: string) => {
    const value = record[name] ?? answers[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`resources: the action path ${path} names :${name}, which the row and the prompt lack`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The values an action takes from its row (ActionDeclaration.recordValues): parameter name → the row's value. */
export function recordParams(
  action: Pick<ActionDeclaration, 'recordValues'>,
  record: Row,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(action.recordValues ?? {}).map(([parameter, field]) => {
      const value = record[field];
      return [parameter, typeof value === 'number' ? value : String(value ?? '')];
    }),
  );
}

/** What a values dialog draws from an answer: a table of rows, or one record as label / value pairs. */
export type ValuesShape = { rows: Row[] } | { record: Row };

export function valuesShape(result: Pick<ValuesResult, 'key'>, content: unknown): ValuesShape {
  const part = result.key && content && typeof content === 'object' ? (content as Row)[result.key] : content;
  if (Array.isArray(part)) return { rows: part.filter((row): row is Row => Boolean(row) && typeof row === 'object') };
  return { record: part && typeof part === 'object' ? (part as Row) : {} };
}
