import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ActionDeclaration, type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError, fail } from '../http/errors';
import { checkedValues, writeUnique } from '../http/fieldChecks';
import { type ListSpec, pageOf, parseListQuery } from '../http/listQuery';
import type { ResourceBinding, WriteContext } from './binding';
import { resolveColumns } from './columns';
import { changesBetween, recordOperation } from './operationLog';
import { type EngineRecord, fixedCondition, listPage, recordOrFail } from './reads';

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
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id, binding.messages.idLabel);
  const contextOf = (request: FastifyRequest, id?: number): WriteContext => ({
    db,
    auth: requireAuth(request),
    id,
    body: (request.body ?? {}) as Record<string, unknown>,
    query: request.query as Record<string, unknown>,
  });
  const read = (database: Db, id: number, request: FastifyRequest) =>
    recordOrFail(database, binding, columns, id, requireAuth(request));
  const unique = <T>(write: () => Promise<T>) =>
    binding.unique ? writeUnique(write, binding.unique.field, binding.unique.message) : write();

  app.get(api.list, access(permissions.list), async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, listSpec);
    const { rows, total } = await listPage(db, binding, columns, requireAuth(request), list);
    return ok(pageOf(rows, total, list));
  });

  if (api.one) {
    app.get(api.one, access(permissions.list), async (request) => ok(await read(db, idOf(request), request)));
  }

  const valuesOf = async (context: WriteContext, requireAll: boolean) => {
    const values = await checkedValues(context.body, formFields, {
      requireAll,
      maxChars: binding.maxChars,
      checks: binding.checks?.(context),
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

  if (api.create) {
    app.post(api.create, access(permissions.create), async (request) => {
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
              ...row,
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
            changes: changesBetween(null, created),
          });
          return created;
        }),
      );
      return ok(record, '新增成功');
    });
  }

  if (api.update) {
    app.put(api.update, access(permissions.edit), async (request) => {
      const id = idOf(request);
      await read(db, id, request);
      const context = contextOf(request, id);
      const row = await valuesOf(context, false);
      const record = await unique(() =>
        db.transaction().execute(async (trx) => {
          const before = await read(trx, id, request);
          const extra = (await binding.beforeSave?.({ ...context, db: trx }, row)) ?? {};
          const changes = { ...row, ...extra };
          if (Object.keys(changes).length === 0) return before;
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
            changes: changesBetween(before, after),
          });
          return after;
        }),
      );
      return ok(record, '保存成功');
    });
  }

  if (api.delete) {
    app.delete(api.delete, access(permissions.delete), async (request) => {
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
          changes: changesBetween(before, null),
        });
        return before;
      });
      return ok(record, '删除成功');
    });
  }

  registerActions(app, db, binding, read, contextOf, idOf);
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

function registerActions(
  app: FastifyInstance,
  db: Db,
  binding: ResourceBinding,
  read: (database: Db, id: number, request: FastifyRequest) => Promise<EngineRecord>,
  contextOf: (request: FastifyRequest, id?: number) => WriteContext,
  idOf: (request: FastifyRequest) => number,
): void {
  const { declaration } = binding;
  const routes = new Map<string, ActionDeclaration[]>();
  for (const action of declaration.actions ?? []) {
    const crud = CRUD_METHOD[action.method];
    if (crud && declaration.api[crud] === action.path) continue;
    if (!binding.actions?.[action.name]) {
      throw new Error(
        `resources: ${declaration.name} declares action "${action.name}": bind it in the binding's actions`,
      );
    }
    const key = `${action.method} ${action.path}`;
    routes.set(key, [...(routes.get(key) ?? []), action]);
  }
  for (const [key, actions] of routes) {
    const [method, path] = key.split(' ');
    const codes = [...new Set(actions.flatMap((action) => action.permissions ?? declaration.permissions.edit ?? []))];
    app.route({
      method: method as 'PATCH',
      url: path.replace(/:id\b/, ':id'),
      config: { access: { permissions: codes.length > 0 ? codes : declaration.permissions.list } },
      handler: async (request) => {
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
          let query = trx
            .updateTable(binding.table as any)
            .set(bound.set(context))
            .where('id', '=', id);
          if (bound.guard) query = query.where((eb) => bound.guard?.when(eb) as any);
          const result = await query.executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) fail(bound.guard?.message ?? binding.messages.notFound);
          const after = await read(trx, id, request);
          await binding.afterWrite?.({ ...context, db: trx });
          await recordOperation(trx, request, context.auth, {
            action: action.name,
            resource: declaration.name,
            recordId: id,
            changes: changesBetween(before, after),
          });
          return after;
        });
        return ok(record, bound.message);
      },
    });
  }
}
