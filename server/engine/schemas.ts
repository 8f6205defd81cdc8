import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import type { ActionDeclaration, ActionPromptField, FieldDeclaration, FieldType } from '../../resources/types';
import { declaredFormSchema, RATE_DESCRIPTION } from '../http/declaredForm';
import { Answers, IdParam, ListQuery, Nullable, Page, Params, Query, Row, Scalar, Text } from '../http/schemas/formats';
import type { ResourceBinding } from './binding';

/**
 * The schemas of the engine's routes, all from the declaration and its binding (so every engine route has one):
 * path parameters (the record id by the binding's idLabel), the list's page query, the form's body, the action's
 * query keys, and the answers: one record's fields with their types, a page of them.
 */

/** What a read answers for a field of each declared type; every column may be empty. */
function valueSchema(type: FieldType): TSchema {
  switch (type) {
    case 'number':
    case 'money':
    case 'rate':
    case 'enum':
    case 'reference':
      return Type.Unsafe<number | null>({ type: ['number', 'null'] });
    default:
      return Type.Unsafe<string | null>({ type: ['string', 'null'] });
  }
}

/** One record as the engine reads it: the declared fields and computed keys; a `present` view may add more. */
export function recordSchema(bindings: readonly ResourceBinding[]): TSchema {
  const properties: Record<string, TSchema> = { id: Type.Optional(Type.Integer()) };
  let open = false;
  for (const binding of bindings) {
    for (const field of binding.declaration.fields) {
      properties[field.source] = Type.Optional(
        binding.computed?.[field.source] ? Type.Unknown() : labelled(valueSchema(field.type), field),
      );
    }
    for (const key of Object.keys(binding.computed ?? {})) properties[key] ??= Type.Optional(Type.Unknown());
    if (binding.present) open = true;
  }
  return open ? Row(properties) : Type.Object(properties, { additionalProperties: false });
}

function labelled(schema: TSchema, field: FieldDeclaration): TSchema {
  return { ...schema, title: field.label, ...(field.type === 'rate' ? { description: RATE_DESCRIPTION } : {}) };
}

/** Path parameters of a route path: `:id` is the record's id, any other a short text (a prompt's answer). */
export function paramsSchema(url: string, idLabel: string): TSchema | undefined {
  const names = [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
  if (names.length === 0) return undefined;
  const properties: Record<string, TSchema> = {};
  for (const name of names) properties[name] = name === 'id' ? IdParam(idLabel) : Text({ max: 64, title: name });
  return Params(properties);
}

type Operation = 'list' | 'one' | 'create' | 'update' | 'delete';

/** The schema of one CRUD route of a binding (several views of one table may share a record path). */
export function operationSchema(
  operation: Operation,
  url: string,
  bindings: readonly ResourceBinding[],
  formFields: readonly FieldDeclaration[],
): FastifySchema {
  const [binding] = bindings;
  const record = recordSchema(bindings);
  const params = paramsSchema(url, binding.messages.idLabel);
  const label = binding.declaration.label;
  const base = { ...(params ? { params } : {}) };
  switch (operation) {
    case 'list':
      return {
        ...base,
        summary: `${label}列表`,
        querystring: ListQuery(),
        response: Answers(Page(record)),
      };
    case 'one':
      return { ...base, summary: `${label}详情`, querystring: Query({}), response: Answers(record) };
    case 'create':
    case 'update':
      return {
        ...base,
        summary: `${operation === 'create' ? '新增' : '修改'}${label}`,
        querystring: Query({}),
        body: declaredFormSchema(formFields, { maxChars: binding.maxChars }),
        response: Answers(record),
      };
    case 'delete':
      return { ...base, summary: `删除${label}`, querystring: Query({}), response: Answers(record) };
  }
}

/** A prompt's answer, kept as sent for the binding's own set(), which reads and checks it. */
function promptSchema(prompt: ActionPromptField): TSchema {
  const title = prompt.label;
  if (prompt.type === 'text') return Text({ title, max: 2000, multiline: true, blank: true, numbers: true });
  if (prompt.multiple) return Type.Array(Scalar({ title, max: 64 }), { maxItems: 1000, title });
  return Scalar({ title, max: 128, blank: true });
}

/** A row action's schema: its declared query keys and body values, any prompt's answers, the record it answers. */
export function actionSchema(
  method: string,
  url: string,
  binding: ResourceBinding,
  actions: readonly ActionDeclaration[],
): FastifySchema {
  const params = paramsSchema(url, binding.messages.idLabel);
  const query: Record<string, TSchema> = {};
  const body: Record<string, TSchema> = {};
  for (const action of actions) {
    for (const key of Object.keys(action.query ?? {})) query[key] = Type.Optional(Scalar());
    for (const key of Object.keys(action.body ?? {})) body[key] = Type.Optional(Scalar());
    for (const key of Object.keys(action.recordValues ?? {})) body[key] ??= Type.Optional(Scalar({ max: 1000 }));
    for (const prompt of action.prompt ?? []) body[prompt.source] = Type.Optional(promptSchema(prompt));
  }
  const bodySchema = Type.Object(body, { additionalProperties: true });
  return {
    ...(params ? { params } : {}),
    summary: `${binding.declaration.label}：${actions.map((action) => action.label).join('、')}`,
    querystring: Type.Object(query),
    ...(method === 'GET' ? {} : { body: Nullable(bodySchema) }),
    response: Answers(recordSchema([binding])),
  };
}
