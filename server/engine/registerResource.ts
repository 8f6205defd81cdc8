import type { FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { type ActionDeclaration, type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { holdsAny, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { checkedValues, type FieldCheck, writeFilled, writeUnique } from '../http/fieldChecks';
import { type ListSpec, pageOf, parseListQuery } from '../http/listQuery';
import { checkedReference } from '../references/references.service';
import type { ResourceBinding, WriteContext } from './binding';
import { resolveColumns } from './columns';
import { changesBetween, declaredSecrets, recordOperation } from './operationLog';
import { type EngineRecord, fixedCondition, listPage, recordOrFail } from './reads';
import { actionSchema, operationSchema } from './schemas';

/**
 * The resource engine: registers a declared resource's API from its declaration and binding.
 * - GET    api.list  ?q=&page=&size=&sort=   one page inside the caller's scope (permissions.list);
 * - GET    api.one   one record (permissions.list);
 * - POST   api.create, PUT api.update, DELETE api.delete   with the declared validators and codes;
 * - each declared row action not served by the routes above (e.g. PATCH …/:id?status=0), with its guard.
 * Every write runs in one transaction with its operation-log entry. Messages follow the hand-written routes
 * the engine replaced: 新增成功, 保存成功, 删除成功, the binding's own for not found / in use / actions.
 */
export function registerResource(app: FastifyInstance, db: Db, binding: ResourceBinding): void {
  serveRoutes(app, db, resourceRoutes(db, binding));
}

/** One route of a bound resource, before it is served. */
export interface EngineRoute {
  method: HTTPMethods;
  url: string;
  codes: readonly string[];
  binding: ResourceBinding;
  handler: (request: FastifyRequest) => Promise<unknown>;
  /** The route's schema, given every route that shares its path (views of one table). */
  schema: (shared: readonly EngineRoute[]) => FastifySchema;
  /** The form fields its body takes (create, update). */
  formFields: readonly FieldDeclaration[];
}

const DENIED = '无权限访问此页面！';

/**
 * Serves the routes; a record path several views of one table declare (binding.fixed) is served once, with
 * any view's codes, by the view whose fixed values the record has and with that view's codes.
 */
export function serveRoutes(app: FastifyInstance, db: Db, routes: readonly EngineRoute[]): void {
  const byPath = new Map<string, EngineRoute[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    byPath.set(key, [...(byPath.get(key) ?? []), route]);
  }
  for (const [key, shared] of byPath) {
    const [first] = shared;
    const tables = new Set(shared.map((route) => route.binding.table));
    if (shared.length > 1 && (tables.size > 1 || !key.includes(':id') || shared.some((r) => !r.binding.fixed))) {
      const names = shared.map((route) => route.binding.declaration.name).join(', ');
      throw new Error(
        `resources: ${names} all declare ${key}; only views of one table (fixed) may share a record path`,
      );
    }
    const fixedColumns = [...new Set(shared.flatMap((route) => Object.keys(route.binding.fixed ?? {})))];
    const viewOf = async (request: FastifyRequest) => {
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isSafeInteger(id)) return undefined;
      const row = await (db.selectFrom(first.binding.table as any) as any)
        .select(fixedColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      const fits = (route: EngineRoute) =>
        Object.entries(route.binding.fixed ?? {}).every(([column, value]) => String(row[column]) === String(value));
      return row ? shared.find(fits) : undefined;
    };
    app.route({
      method: first.method,
      url: first.url,
      schema: first.schema(shared),
      config: {
        access: {
          permissions: [...new Set(shared.flatMap((route) => route.codes))],
          denied: shared.length === 1 ? first.binding.messages.denied : undefined,
        },
      },
      handler:
        shared.length === 1
          ? first.handler
          : async (request) => {
              const view = await viewOf(request);
              if (view && !holdsAny(requireAuth(request), view.codes)) {
                throw new ForbiddenError(view.binding.messages.denied ?? DENIED);
              }
              return (view ?? first).handler(request);
            },
    });
  }
}

/** The routes of one bound resource (see registerResource). */
export function resourceRoutes(db: Db, binding: ResourceBinding): EngineRoute[] {
  const { declaration } = binding;
  const { api, permissions } = declaration;
  const columns = resolveColumns(binding);
  const listSpec: ListSpec = {
    filterKeys: filterKeys(declaration),
    sortFields: sortFields(declaration),
    defaultSort: {
      field: declaration.defaultSort.field,
      order: declaration.defaultSort.order === 'ASC' ? 'asc' : 'desc',
    },
  };
  const formFields = declaration.fields.filter(
    (field): field is FieldDeclaration => !!field.form && !field.readOnly && field.source in columns.writable,
  );
  const secrets = secretsOf(binding);
  const routes: EngineRoute[] = [];
  const route = (
    operation: 'list' | 'one' | 'create' | 'update' | 'delete',
    method: HTTPMethods,
    codes: readonly string[] | undefined,
    handler: EngineRoute['handler'],
  ) => {
    const url = api[operation];
    if (url && !binding.handWritten?.includes(operation)) {
      const schema = (shared: readonly EngineRoute[]) =>
        operationSchema(
          operation,
          url,
          shared.map((item) => item.binding),
          shared.flatMap((item) => item.formFields),
        );
      routes.push({ method, url, codes: codes ?? permissions.list, binding, handler, schema, formFields });
    }
  };
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id, binding.messages.idLabel);
  const contextOf = (request: FastifyRequest, id?: number): WriteContext => ({
    db,
    auth: requireAuth(request),
    id,
    body: normalizedBody(request.body, binding.normalize),
    query: request.query as Record<string, unknown>,
  });
  const read = (database: Db, id: number, request: FastifyRequest) =>
    recordOrFail(database, binding, columns, id, requireAuth(request));
  // A form field's column → [field, label]: a write that leaves one empty against NOT NULL names the field.
  const labelsByColumn = Object.fromEntries(
    formFields.map((field) => [columns.writable[field.source], [field.source, field.label] as const]),
  );
  const unique = <T>(write: () => Promise<T>) =>
    writeFilled(
      () => (binding.unique ? writeUnique(write, binding.unique.field, binding.unique.message) : write()),
      labelsByColumn,
    );

  route('list', 'GET', permissions.list, async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, listSpec);
    const { rows, total } = await listPage(db, binding, columns, requireAuth(request), list);
    return ok(pageOf(rows, total, list));
  });

  route('one', 'GET', permissions.list, async (request) => ok(await read(db, idOf(request), request)));

  const valuesOf = async (context: WriteContext, requireAll: boolean) => {
    const values = await checkedValues(context.body, formFields, {
      requireAll,
      maxChars: binding.maxChars,
      // A binding's own check of a field comes first; a reference field without one gets the generic check.
      checks: { ...referenceChecks(context, formFields), ...binding.checks?.(context) },
    });
    const taken = binding.unique && values[binding.unique.field];
    if (binding.unique && taken !== undefined && taken !== null) {
      const column = columns.writable[binding.unique.field];
      const other = await (db.selectFrom(binding.table as any) as any)
        .select('id')
        .where(column, '=', taken)
        .$if(context.id !== undefined, (query: any) => query.where('id', '<>', context.id))
        .$if(!!binding.fixed, (query: any) => query.where(fixedCondition(binding)))
        .executeTakeFirst();
      if (other) {
        const { field, message } = binding.unique;
        throw new BusinessError(message, CODE_BUSINESS_ERROR, { errors: { [field]: message } });
      }
    }
    const row: Record<string, unknown> = {};
    for (const [source, value] of Object.entries(values)) row[columns.writable[source]] = value;
    return row;
  };

  route('create', 'POST', permissions.create, async (request) => {
    const context = contextOf(request);
    const row = await valuesOf(context, true);
    const record = await unique(() =>
      db.transaction().execute(async (trx) => {
        const now = chinaTime();
        const extra = (await binding.beforeSave?.({ ...context, db: trx }, row)) ?? {};
        const inserted = await trx
          .insertInto(binding.table as any)
          .values({
            ...binding.insertDefaults?.(context),
            ...withoutBlanks(row),
            ...extra,
            ...binding.fixed,
            ...(binding.timestamps?.create ? { [binding.timestamps.create]: now } : {}),
            ...(binding.timestamps?.update ? { [binding.timestamps.update]: now } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = await read(trx, Number((inserted as { id: number }).id), request);
        await binding.afterWrite?.({ ...context, db: trx, id: created.id });
        await recordOperation(trx, request, context.auth, {
          action: 'create',
          resource: declaration.name,
          recordId: created.id,
          recordTitle: recordTitleOf(declaration, created),
          changes: changesBetween(null, created, secrets),
        });
        return created;
      }),
    );
    return ok(record, binding.messages.created ?? '新增成功');
  });

  route('update', 'PUT', permissions.edit, async (request) => {
    const id = idOf(request);
    await read(db, id, request);
    const context = contextOf(request, id);
    const row = await valuesOf(context, false);
    const record = await unique(() =>
      db.transaction().execute(async (trx) => {
        const before = await read(trx, id, request);
        const extra = (await binding.beforeSave?.({ ...context, db: trx }, row)) ?? {};
        const changes = { ...row, ...extra };
        if (Object.keys(changes).length === 0) {
          // Nothing to change is no operation: the fallback must not log it either.
          request.operationLogged = true;
          return before;
        }
        await trx
          .updateTable(binding.table as any)
          .set({
            ...changes,
            ...(binding.timestamps?.update ? { [binding.timestamps.update]: chinaTime() } : {}),
          })
          .where('id', '=', id)
          .execute();
        const after = await read(trx, id, request);
        await binding.afterWrite?.({ ...context, db: trx });
        await recordOperation(trx, request, context.auth, {
          action: 'update',
          resource: declaration.name,
          recordId: id,
          recordTitle: recordTitleOf(declaration, after),
          changes: changesBetween(before, after, secrets),
        });
        return after;
      }),
    );
    return ok(record, '保存成功');
  });

  route('delete', 'DELETE', permissions.delete, async (request) => {
    const id = idOf(request);
    const context = contextOf(request, id);
    const record = await db.transaction().execute(async (trx) => {
      const before = await read(trx, id, request);
      let query = trx.deleteFrom(binding.table as any).where('id', '=', id);
      const guard = binding.deleteGuard;
      if (guard) query = query.where((eb) => guard.unlessUsed(eb, id));
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) fail(guard?.message ?? binding.messages.notFound);
      await binding.afterWrite?.({ ...context, db: trx });
      await recordOperation(trx, request, context.auth, {
        action: 'delete',
        resource: declaration.name,
        recordId: id,
        recordTitle: recordTitleOf(declaration, before),
        changes: changesBetween(before, null, secrets),
      });
      return before;
    });
    return ok(record, binding.messages.deleted ?? '删除成功');
  });

  routes.push(...actionRoutes(db, binding, read, contextOf, idOf));
  return routes;
}

/** The body with the binding's normalize applied to the fields it names (a body that is not an object as it is). */
/** The record's name for the operation log (its declaration's recordTitle field). */
/** The record keys the operation log masks: the declaration's `secret` fields and the binding's `secretFields`. */
function secretsOf(binding: ResourceBinding): ReadonlySet<string> {
  const { declaration } = binding;
  return declaredSecrets([...declaration.fields, ...(declaration.createFields ?? [])], binding.secretFields);
}

function recordTitleOf(declaration: ResourceBinding['declaration'], record: Record<string, unknown>): string | null {
  const title = record[declaration.recordTitle];
  return title === null || title === undefined || title === '' ? null : String(title);
}

function normalizedBody(body: unknown, normalize: ResourceBinding['normalize']): Record<string, unknown> {
  const values = (body ?? {}) as Record<string, unknown>;
  if (!normalize || typeof values !== 'object' || Array.isArray(values)) return values;
  const changed = { ...values };
  for (const [field, rewrite] of Object.entries(normalize)) {
    if (changed[field] !== undefined && changed[field] !== null) changed[field] = rewrite(changed[field]);
  }
  return changed;
}

const CRUD_METHOD: Record<string, 'create' | 'update' | 'delete'> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

/** Whether the request carries every query and body value the declared action sends (e.g. ?status=1). */
function matchesAction(action: ActionDeclaration, request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const same = (sent: Record<string, unknown> | undefined, got: Record<string, unknown>) =>
    Object.entries(sent ?? {}).every(([key, value]) => got[key] !== undefined && String(got[key]) === String(value));
  return same(action.query, query) && same(action.body, body);
}

function actionRoutes(
  db: Db,
  binding: ResourceBinding,
  read: (database: Db, id: number, request: FastifyRequest) => Promise<EngineRecord>,
  contextOf: (request: FastifyRequest, id?: number) => WriteContext,
  idOf: (request: FastifyRequest) => number,
): EngineRoute[] {
  const { declaration } = binding;
  const secrets = secretsOf(binding);
  const routes = new Map<string, ActionDeclaration[]>();
  for (const action of declaration.actions ?? []) {
    const crud = CRUD_METHOD[action.method];
    if ((crud && declaration.api[crud] === action.path) || binding.handWritten?.includes(action.name)) continue;
    const bound = binding.actions?.[action.name];
    if (!bound) {
      throw new Error(
        `resources: ${declaration.name} declares action "${action.name}": bind it in the binding's actions`,
      );
    }
    // Side effects run only for the call that won the claim, and only a guard makes a claim winnable once.
    if (bound.afterClaim && !bound.guard) {
      throw new Error(`resources: ${declaration.name} action "${action.name}" has side effects: give it a guard`);
    }
    const key = `${action.method} ${action.path}`;
    routes.set(key, [...(routes.get(key) ?? []), action]);
  }
  return [...routes].map(([key, actions]) => {
    const [method, path] = key.split(' ');
    const codes = [...new Set(actions.flatMap((action) => action.permissions ?? declaration.permissions.edit ?? []))];
    const url = path.replace(/:id\b/, ':id');
    return {
      method: method as HTTPMethods,
      url,
      codes: codes.length > 0 ? codes : declaration.permissions.list,
      binding,
      schema: () => actionSchema(method, url, binding, actions),
      formFields: [],
      handler: async (request: FastifyRequest) => {
        const id = idOf(request);
        const action = actions.find((candidate) => matchesAction(candidate, request));
        if (!action) {
          fail(binding.messages.unknownAction ?? `不支持的操作，可用：${actions.map((item) => item.label).join('、')}`);
        }
        const bound = binding.actions?.[action.name];
        if (!bound) fail('不支持的操作');
        const context = contextOf(request, id);
        const record = await db.transaction().execute(async (trx) => {
          const before = await read(trx, id, request);
          await bound.beforeUpdate?.({ ...context, db: trx });
          // The claim: the action's first write, conditional on its guard; only the call that changed the row
          // goes on to the side effects (afterClaim). A parallel one waits on the row, then finds 0 rows.
          let query = trx
            .updateTable(binding.table as any)
            .set(bound.set(context))
            .where('id', '=', id);
          if (bound.guard) query = query.where((eb) => bound.guard?.when(eb) as any);
          const result = await query.executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) fail(bound.guard?.message ?? binding.messages.notFound);
          await bound.afterClaim?.({ ...context, db: trx });
          const after = await read(trx, id, request);
          await binding.afterWrite?.({ ...context, db: trx });
          await recordOperation(trx, request, context.auth, {
            action: action.name,
            resource: declaration.name,
            recordId: id,
            recordTitle: recordTitleOf(declaration, after),
            changes: changesBetween(before, after, secrets),
          });
          return after;
        });
        return ok(record, bound.message);
      },
    };
  });
}

/**
 * Each reference field's check: the id names a record that exists and lies in the caller's scope
 * (server/references); a new reference must be enabled, while an edit may keep one disabled since.
 */
function referenceChecks(context: WriteContext, fields: readonly FieldDeclaration[]): Record<string, FieldCheck> {
  const checks: Record<string, FieldCheck> = {};
  for (const field of fields) {
    const kind = field.reference;
    if (field.type !== 'reference' || !kind) continue;
    checks[field.source] = async (value) => {
      try {
        await checkedReference(context.db, context.auth, kind, value, {
          label: field.label,
          allowDisabled: context.id !== undefined,
        });
        return undefined;
      } catch (error) {
        if (error instanceof BusinessError) return error.message;
        throw error;
      }
    };
  }
  return checks;
}

/**
 * A new record's values without its blank optional fields (null): the column then takes the binding's default, or
 * the database's, as a record that never had the value would; an explicit null would break a NOT NULL default.
 */
function withoutBlanks(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}
