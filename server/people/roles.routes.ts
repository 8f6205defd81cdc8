import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_EDITIONS, dataScopeLabel, editionsText } from '../../src/domain/dataScope';
import { permissionLabel } from '../../src/domain/permissionCatalog';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { mayAssignRole } from '../auth/privilegeRules';
import { parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { type Changes, changesBetween, recordOperation } from '../engine/operationLog';
import { bodyFields } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import { roleCreateSchema, roleDeleteSchema, roleSchema, rolesSchema, roleUpdateSchema } from './people.schemas';
import {
  ADMIN_ROLE_CODES,
  applyRoleCodes,
  checkDataScope,
  checkRoleCodes,
  findRole,
  listRoles,
  ROLE_KINDS,
  type RoleRecord,
} from './roles.service';

/**
 * /adRoleSettings (role 1 only, spec §6):
 * - GET    /api/v1/roles?kind=       every role with its codes (also the role picker of the staff pages: there a
 *                                    non-admin sees only the roles whose codes it holds);
 * - GET    /api/v1/roles/:id         one role;
 * - POST   /api/v1/roles             { name, kind: 3 | 4 | 5, remark?, codes[], dataScope?, dataEditions? } a new
 *                                    staff role; its data scope is none until the admin gives it one;
 * - PUT    /api/v1/roles/:id         { name?, remark?, codes?, dataScope?, dataEditions? }: the users of the role
 *                                    hold the new codes and data scope from their next request on (the roles
 *                                    table's auth_changes triggers); role 1 keeps every code and every company;
 * - DELETE /api/v1/roles/:id         a role nobody holds, never a built-in one.
 * dataScope: all | department | subsidiary | assigned | none; dataEditions: [1, 3] (src/domain/dataScope.ts).
 * Every change is in the operation log (page 角色设置, the fields in words), in its transaction.
 */
const SETTINGS = ['UI_ROLE_SETTING'];
/** The staff pages pick a role for an account. */
const PICKERS = [
  ...SETTINGS,
  'UI_SERVICE_MGR_JCY',
  'UI_FINANCE_MGR',
  'UI_PARTNER_MGR_JCY',
  'UI_XGM_SERVICE_MGR',
  'UI_XGM_PARTNER_MGR',
];
const NEW_ROLE_KINDS = [ROLE.service, ROLE.partner, ROLE.finance] as number[];

function adminOnly(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (auth.roleId !== ROLE.admin) throw new ForbiddenError('无权限访问此页面！');
  return auth;
}

function text(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(`请求参数有误：${key}`);
  return value.trim();
}

function roleName(raw: string | undefined): string {
  if (!raw || raw.length < 2 || raw.length > 20) fail('请输入2-20位角色名称');
  return raw;
}

function remarkOf(raw: string | undefined): string | null {
  if (raw && [...raw].length > 128) fail('备注不能超过128个字符');
  return raw || null;
}

type LoggedRole = Pick<RoleRecord, 'name' | 'kind' | 'remark' | 'dataScope' | 'dataEditions'>;

/** A role as the operation log shows it: Chinese field names, values in words. */
function snapshot(role: LoggedRole): Record<string, unknown> {
  return {
    角色名称: role.name,
    角色类型: ROLE_KINDS[role.kind] ?? String(role.kind),
    备注: role.remark,
    数据权限: dataScopeLabel(role.dataScope, role.dataEditions),
  };
}

const codeNames = (codes: readonly string[]) => codes.map(permissionLabel).join('、');

/** The codes a save added and took away, by their names on the page. */
function codeChanges(before: readonly string[], after: readonly string[]): Changes {
  const added = after.filter((code) => !before.includes(code));
  const removed = before.filter((code) => !after.includes(code));
  return {
    ...(added.length > 0 ? { 新增权限: [null, codeNames(added)] as const } : {}),
    ...(removed.length > 0 ? { 取消权限: [null, codeNames(removed)] as const } : {}),
  };
}

const LOG_PAGE = 'adRoleSettings';

/** The body, an object by its schema (roleCreateSchema, roleUpdateSchema). */
export async function rolesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/roles', { config: { access: { permissions: PICKERS } }, schema: rolesSchema }, async (request) => {
    const raw = (request.query as Record<string, unknown>).kind;
    const kind = raw === undefined || raw === '' ? undefined : Number(raw);
    if (kind !== undefined && !ROLE_KINDS[kind]) fail('角色类型不正确');
    const auth = requireAuth(request);
    // The staff pages' picker offers only the roles the caller may give (privileges only go down).
    const roles = (await listRoles(db, kind)).filter((role) => mayAssignRole(auth, role.codes) === null);
    return ok(roles.map((role) => ({ ...role, kindName: ROLE_KINDS[role.kind] })));
  });

  app.get(
    '/api/v1/roles/:id',
    { config: { access: { permissions: SETTINGS } }, schema: roleSchema },
    async (request) => {
      adminOnly(request);
      const role = await findRole(db, parseId((request.params as { id: string }).id, '角色编号'));
      if (!role) fail('角色不存在');
      return ok({ ...role, kindName: ROLE_KINDS[role.kind] });
    },
  );

  app.post(
    '/api/v1/roles',
    { config: { access: { permissions: SETTINGS } }, schema: roleCreateSchema },
    async (request) => {
      const auth = adminOnly(request);
      const body = bodyFields(request.body);
      const name = roleName(text(body, 'name'));
      const kind = Number(body.kind);
      if (!NEW_ROLE_KINDS.includes(kind)) fail('请选择角色类型（客服、合伙人或财务）');
      const remark = remarkOf(text(body, 'remark'));
      const codes = checkRoleCodes(kind, body.codes ?? []);
      // A new role reaches no company until the admin chooses its data scope.
      const { dataScope, dataEditions } = checkDataScope(kind, body, { dataScope: 'none', dataEditions: ALL_EDITIONS });
      const now = chinaTime();
      try {
        const id = await db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto('roles')
            .values({
              name,
              kind,
              remark,
              builtin: 0,
              create_time: now,
              update_time: now,
              data_scope: dataScope,
              data_editions: editionsText(dataEditions),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const roleId = Number(row.id);
          if (codes.length > 0) {
            await tx
              .insertInto('role_permissions')
              .values(codes.map((code) => ({ role_id: roleId, code })))
              .execute();
          }
          await recordOperation(tx, request, auth, {
            action: '新增角色',
            resource: LOG_PAGE,
            recordId: roleId,
            recordTitle: name,
            changes: {
              ...changesBetween(null, snapshot({ name, kind, remark, dataScope, dataEditions })),
              ...(codes.length > 0 ? { 权限: [null, codeNames(codes)] as const } : {}),
            },
          });
          return roleId;
        });
        return ok(await findRole(db, id), '新增成功');
      } catch (error) {
        if (isUniqueViolation(error)) fail('角色名称已存在');
        throw error;
      }
    },
  );

  app.put(
    '/api/v1/roles/:id',
    { config: { access: { permissions: SETTINGS } }, schema: roleUpdateSchema },
    async (request) => {
      const auth = adminOnly(request);
      const id = parseId((request.params as { id: string }).id, '角色编号');
      const body = bodyFields(request.body);
      const nameRaw = text(body, 'name');
      const remarkRaw = text(body, 'remark');
      try {
        await db.transaction().execute(async (tx) => {
          // The role row is locked first (PostgreSQL), so two saves of one role apply in turn.
          const locked = await tx
            .updateTable('roles')
            .set({ update_time: chinaTime() })
            .where('id', '=', id)
            .returning('id')
            .executeTakeFirst();
          if (!locked) fail('角色不存在');
          const before = (await findRole(tx, id)) as RoleRecord;
          const name = nameRaw === undefined ? before.name : roleName(nameRaw);
          const remark = remarkRaw === undefined ? before.remark : remarkOf(remarkRaw);
          const { dataScope, dataEditions } = checkDataScope(before.kind, body, before);
          let codes = before.codes;
          if (body.codes !== undefined) {
            codes = checkRoleCodes(before.kind, body.codes);
            if (id === ROLE.admin && ADMIN_ROLE_CODES.some((code) => !codes.includes(code))) {
              fail('管理员角色拥有全部权限，不能取消');
            }
          }
          await tx
            .updateTable('roles')
            .set({ name, remark, data_scope: dataScope, data_editions: editionsText(dataEditions) })
            .where('id', '=', id)
            .execute();
          if (codes !== before.codes) {
            await tx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
            if (codes.length > 0) {
              await tx
                .insertInto('role_permissions')
                .values(codes.map((code) => ({ role_id: id, code })))
                .execute();
            }
            await applyRoleCodes(tx, id, codes);
          }
          await recordOperation(tx, request, auth, {
            action: '修改角色',
            resource: LOG_PAGE,
            recordId: id,
            recordTitle: name,
            changes: {
              ...changesBetween(snapshot(before), snapshot({ ...before, name, remark, dataScope, dataEditions })),
              ...codeChanges(before.codes, codes),
            },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) fail('角色名称已存在');
        throw error;
      }
      return ok(await findRole(db, id), '保存成功');
    },
  );

  app.delete(
    '/api/v1/roles/:id',
    { config: { access: { permissions: SETTINGS } }, schema: roleDeleteSchema },
    async (request) => {
      const auth = adminOnly(request);
      const id = parseId((request.params as { id: string }).id, '角色编号');
      await db.transaction().execute(async (tx) => {
        const role = await findRole(tx, id);
        if (!role) fail('角色不存在');
        if (role.builtin === 1) fail('内置角色不能删除');
        if (role.userCount > 0) fail(`该角色下还有${role.userCount}个账号，不能删除`);
        await tx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
        await tx.deleteFrom('roles').where('id', '=', id).execute();
        await recordOperation(tx, request, auth, {
          action: '删除角色',
          resource: LOG_PAGE,
          recordId: id,
          recordTitle: role.name,
          changes: {
            ...changesBetween(snapshot(role), null),
            ...(role.codes.length > 0 ? { 权限: [codeNames(role.codes), null] as const } : {}),
          },
        });
      });
      return ok(null, '删除成功');
    },
  );
}
