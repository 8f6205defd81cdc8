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

/** The call's path, `:id` replaced by the record's id. */
export function actionPath(action: ActionDeclaration, record: Record<string, unknown>): string {
  return action.path.replace(':id', encodeURIComponent(String(record.id)));
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
 * The JSON body: the declared fixed body, then the record's fields named in `recordBody`, then the answers (an
 * empty optional input is left out; a multiple picker always sends its list).
 */
export function actionBody(
  action: ActionDeclaration,
  record: Record<string, unknown>,
  answers: PromptAnswers,
): Record<string, unknown> {
  const fromRecord = Object.fromEntries(
    Object.entries(action.recordBody ?? {}).map(([key, source]) => [key, record[source]]),
  );
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
