import { hasAnyPermission } from '../src/domain/permissions';
import type { ActionDeclaration, ActionPromptField, ResourceDeclaration } from './types';

/**
 * What a declared row action sends and to whom it shows, as plain functions: the list's action buttons
 * (generator/RowActions.tsx), the first paint's picture of them (src/boot) and the tests read the same rules.
 */

/** What the user entered in an action's dialog, by prompt source: a text, or the ids a multiple picker holds. */
export type PromptAnswers = Readonly<Record<string, string | readonly string[]>>;

type Permissions = Parameters<typeof hasAnyPermission>[0];

export function actionVisible(action: ActionDeclaration, record: Record<string, unknown>): boolean {
  const when = action.visibleWhen;
  if (!when) return true;
  return when.in.some((value) => String(value) === String(record[when.field]));
}

export function actionPermitted(
  action: ActionDeclaration,
  declaration: ResourceDeclaration,
  user: Permissions,
): boolean {
  const codes = action.permissions ?? declaration.permissions.edit ?? declaration.permissions.list;
  return hasAnyPermission(user, codes);
}

/** The declaration's actions a user sees on one row, in declared order. */
export function shownActions(
  declaration: ResourceDeclaration,
  record: Record<string, unknown>,
  user: Permissions,
): ActionDeclaration[] {
  return (declaration.actions ?? []).filter(
    (action) => actionVisible(action, record) && actionPermitted(action, declaration, user),
  );
}

/**
 * The call's path for one row: `:name` is the row's field of that name, else the dialog's answer of that name
 * (e.g. `/enterprises/:id/industry/:industryId/delete` with an industryId prompt). A placeholder with neither is an
 * error of the declaration, not something to send.
 */
export function actionPath(
  action: Pick<ActionDeclaration, 'path'>,
  record: Record<string, unknown>,
  answers: PromptAnswers = {},
): string {
  return action.path.replace(/:([A-Za-z]\w*)/g, (_match, name: string) => {
    const answer = answers[name];
    const value = record[name] ?? (typeof answer === 'string' ? answer.trim() : answer);
    if (value === undefined || value === null || value === '') {
      throw new Error(`resources: the action path ${action.path} names :${name}, which the row and the dialog lack`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The values an action takes from its row (ActionDeclaration.recordValues): parameter name → the row's value. */
export function valuesFromRecord(
  action: Pick<ActionDeclaration, 'recordValues'>,
  record: Record<string, unknown>,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(action.recordValues ?? {}).map(([parameter, field]) => {
      const value = record[field];
      return [parameter, typeof value === 'number' ? value : String(value ?? '')];
    }),
  );
}

/** The query string's values: the declared query, and for a GET the row's `recordValues` too. */
export function actionQuery(
  action: Pick<ActionDeclaration, 'method' | 'query' | 'recordValues'>,
  record: Record<string, unknown>,
): Record<string, string | number> | undefined {
  if (action.method !== 'GET') return action.query;
  return { ...action.query, ...valuesFromRecord(action, record) };
}

function isBlank(answer: string | readonly string[] | undefined): boolean {
  return answer === undefined || (typeof answer === 'string' && answer.trim() === '');
}

/** The required prompts left empty (a multiple picker may hold none: the call then clears the binding). */
export function missingPrompts(prompt: readonly ActionPromptField[], answers: PromptAnswers): ActionPromptField[] {
  return prompt.filter((field) => field.required && !field.multiple && isBlank(answers[field.source]));
}

/** Required-input message: a picked value says 请选择, a typed one 请输入. */
export function missingMessage(field: ActionPromptField): string {
  return `${field.type === 'text' || field.type === 'number' ? '请输入' : '请选择'}${field.label}`;
}

/** One answer as the body carries it: text trimmed, numbers and record ids as numbers, another system's ids as given. */
function answerValue(field: ActionPromptField, answer: string | readonly string[]): unknown {
  if (typeof answer !== 'string') return answer.map(Number);
  const value = answer.trim();
  switch (field.type) {
    case 'text':
    case 'search':
      return value;
    default:
      return Number(value);
  }
}

/**
 * The JSON body: the declared fixed body, then the record's fields named in `recordValues`, then the answers (an
 * empty optional input is left out; a multiple picker always sends its list).
 */
export function actionBody(
  action: ActionDeclaration,
  record: Record<string, unknown>,
  answers: PromptAnswers,
): Record<string, unknown> {
  const fromRecord = valuesFromRecord(action, record);
  const entered = Object.fromEntries(
    (action.prompt ?? []).flatMap((field) => {
      const answer = answers[field.source] ?? (field.multiple ? [] : undefined);
      return answer === undefined || isBlank(answer) ? [] : [[field.source, answerValue(field, answer)]];
    }),
  );
  return { ...(action.body ?? {}), ...fromRecord, ...entered };
}

/**
 * A prompt's current value from the answer of its `current` GET: the named field (or the answer itself); an
 * array of records stands for their ids; nothing there leaves the input empty.
 */
export function currentAnswer(field: ActionPromptField, content: unknown): string | string[] | undefined {
  const value = field.current?.field
    ? (content as Record<string, unknown> | null | undefined)?.[field.current.field]
    : content;
  if (Array.isArray(value)) {
    const ids = value.map((item) =>
      String(typeof item === 'object' && item !== null ? (item as { id: unknown }).id : item),
    );
    return field.multiple ? ids : ids[0];
  }
  if (value === null || value === undefined || value === '') return field.multiple ? [] : undefined;
  return field.multiple ? [String(value)] : String(value);
}

/** At most this many controls sit in a row's 操作 cell; past it the later actions go under 「更多」. */
export const INLINE_ACTIONS = 3;

/**
 * How a row's actions are laid out: all inline when they fit in INLINE_ACTIONS controls (预览 and 下载 of a row
 * with documents count too), else the first ones inline and the rest, in the declaration's order (the common ones
 * come first), under 「更多」, which takes the last inline place.
 */
export function splitActions<T>(actions: readonly T[], documentButtons: number): { inline: T[]; more: T[] } {
  if (documentButtons + actions.length <= INLINE_ACTIONS) return { inline: [...actions], more: [] };
  const inline = Math.max(0, INLINE_ACTIONS - 1 - documentButtons);
  return { inline: actions.slice(0, inline), more: actions.slice(inline) };
}
