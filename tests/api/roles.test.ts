import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { chinaTime } from '../../server/db/time';
import { assignRole } from '../../server/people/roles.service';
import { permissionLabel } from '../../src/domain/permissionCatalog';
import { canAccessRoute, type SessionUser } from '../../src/domain/permissions';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { ROUTES } from '../../src/domain/routes';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let caiwu: AuthedClient;
let demoHash: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
  demoHash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'caiwu').executeTakeFirstOrThrow()
  ).password_hash;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function put(client: AuthedClient, id: number, payload: Record<string, unknown>) {
  return client({ method: 'PUT', url: `/api/v1/roles/${id}`, payload });
}

async function roleCodesInDb(roleId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('role_permissions').select('code').where('role_id', '=', roleId).execute();
  return rows.map((row) => row.code).sort();
}

/** A staff account of the role, logged in (a fresh user per call). */
async function staffOf(roleId: number, name: string): Promise<{ client: AuthedClient; user: SessionUser }> {
  const row = await t.db
    .insertInto('users')
    .values({
      username: name,
      mobile: '13700000000',
      password_hash: demoHash,
      role_id: 3,
      company_id: null,
      platform_mark: 1,
      display_name: name,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((tx) => assignRole(tx, Number(row.id), roleId));
  const answer = await login(t.app, name);
  expect(answer.code, answer.message).toBe(OK);
  return { client: authed(t.app, answer.content.token), user: answer.content.user as SessionUser };
}

describe('roles as data', () => {
  it('seeds the five built-in roles from the role templates, and role 11 with its demo account’s codes', async () => {
    const answer = envelopeOf(await admin.get('/api/v1/roles'));
    expect(answer.code).toBe(OK);
    const roles = answer.content as { id: number; codes: string[]; kind: number }[];
    expect(roles.map((role) => role.id)).toEqual([1, 2, 3, 4, 5, 11]);
    for (const role of roles.filter((item) => item.id !== 11)) {
      expect(role.codes).toEqual([...ROLE_TEMPLATES[role.id]].sort());
    }
    const clerk = await t.db
      .selectFrom('user_authorities')
      .innerJoin('users', 'users.id', 'user_authorities.user_id')
      .select('authority')
      .where('users.username', '=', 'xgmkaipiao')
      .execute();
    expect(roles.find((role) => role.id === 11)).toMatchObject({
      kind: 11,
      kindName: '分公司人员',
      codes: clerk.map((row) => row.authority).sort(),
    });
  });

  it('lets only role 1 read or change a role', async () => {
    expect((await caiwu.get('/api/v1/roles/5')).statusCode).toBe(403);
    expect((await put(caiwu, 5, { codes: [] })).statusCode).toBe(403);
    // Holding the page's code is not enough: the page is role 1's only.
    const { client } = await staffOf(3, 'rolecodeholder');
    const holder = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'rolecodeholder')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_authorities').values({ user_id: holder.id, authority: 'UI_ROLE_SETTING' }).execute();
    expect((await put(client, 3, { codes: [] })).statusCode).toBe(403);
    expect(await roleCodesInDb(3)).toEqual([...ROLE_TEMPLATES[3]].sort());
  });

  it('takes a code away from a role at its users’ next request, on the token they already hold', async () => {
    // A finance page served by its own list path, reached through one code of role 5.
    const page = SOLE_ADMIN_LISTS.find(
      (declaration) => declaration.permissions.list.filter((code) => ROLE_TEMPLATES[5].includes(code)).length === 1,
    );
    if (!page) throw new Error('role 5 reaches no page of its own');
    const taken = page.permissions.list.find((code) => ROLE_TEMPLATES[5].includes(code));
    const list = `${page.api.list}?page=0&size=1`;
    const before = await caiwu.get(list);
    expect(before.statusCode, before.body.slice(0, 200)).toBe(200);
    const without = ROLE_TEMPLATES[5].filter((code) => code !== taken);
    const saved = envelopeOf(await put(admin, 5, { codes: without }));
    expect(saved.code, saved.message).toBe(OK);
    expect((await caiwu.get(list)).statusCode).toBe(403);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['changes', 'username'])
      .where('resource', '=', 'adRoleSettings')
      .where('record_id', '=', 5)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.username).toBe('admin');
    // In the page's words: the code by its name on /adRoleSettings.
    expect(JSON.parse(log.changes).取消权限).toEqual([null, permissionLabel(taken ?? '')]);
    expect(envelopeOf(await put(admin, 5, { codes: ROLE_TEMPLATES[5] })).code).toBe(OK);
    expect((await caiwu.get(list)).statusCode).toBe(200);
  });

  it('narrows a merchant sub-account to its role, and gives owners the role’s codes', async () => {
    const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
    const created = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/company/subaccounts',
        payload: {
          username: 'narrowsub',
          mobile: '13600000001',
          password: 'a'.repeat(64),
          authorities: ['MER_HOME', 'MER_FEEDBACK_LIST'],
        },
      }),
    );
    expect(created.code, created.message).toBe(OK);
    const sub = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'narrowsub')
      .executeTakeFirstOrThrow();
    const owner = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const codesOf = async (id: number) =>
      (await t.db.selectFrom('user_authorities').select('authority').where('user_id', '=', id).execute())
        .map((row) => row.authority)
        .sort();
    const narrowed = ROLE_TEMPLATES[2].filter((code) => code !== 'MER_FEEDBACK_LIST');
    expect(envelopeOf(await put(admin, 2, { codes: narrowed })).code).toBe(OK);
    expect(await codesOf(Number(sub.id))).toEqual(['MER_HOME']);
    expect(await codesOf(Number(owner.id))).toEqual([...narrowed].sort());
    expect(envelopeOf(await put(admin, 2, { codes: ROLE_TEMPLATES[2] })).code).toBe(OK);
    expect(await codesOf(Number(owner.id))).toEqual([...ROLE_TEMPLATES[2]].sort());
    // A merchant role never holds a staff code.
    expect(envelopeOf(await put(admin, 2, { codes: ['UI_FUND_MANAGEMENT'] })).code).toBe(BUSINESS);
  });

  it('keeps every right of role 1', async () => {
    const answer = envelopeOf(await put(admin, 1, { codes: ['ADM_HOME'] }));
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe('管理员角色拥有全部权限，不能取消');
    expect(await roleCodesInDb(1)).toEqual([...ROLE_TEMPLATES[1]].sort());
  });

  it('creates, validates and deletes a staff role', async () => {
    const create = (payload: Record<string, unknown>) => admin({ method: 'POST', url: '/api/v1/roles', payload });
    expect(envelopeOf(await create({ name: '出纳', kind: 5, codes: ['NOT_A_CODE'] })).code).toBe(BUSINESS);
    expect(envelopeOf(await create({ name: '出纳', kind: 2, codes: [] })).code).toBe(BUSINESS);
    expect(envelopeOf(await create({ name: 'x', kind: 5, codes: [] })).message).toBe('请输入2-20位角色名称');
    expect(envelopeOf(await create({ name: '出纳', kind: 5, codes: ['MER_HOME'] })).code).toBe(BUSINESS);
    expect((await create({ name: { a: 1 }, kind: 5 })).statusCode).not.toBe(500);
    const made = envelopeOf(await create({ name: '出纳', kind: 5, codes: ['ADM_HOME', 'UI_FUND_MANAGEMENT'] }));
    expect(made.code, made.message).toBe(OK);
    expect(made.content.codes).toEqual(['ADM_HOME', 'UI_FUND_MANAGEMENT']);
    expect(envelopeOf(await create({ name: '出纳', kind: 5, codes: [] })).message).toBe('角色名称已存在');
    const id = made.content.id as number;
    expect(id).toBeGreaterThan(5);
    await staffOf(id, 'cashier1');
    expect(envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/roles/${id}` })).code).toBe(BUSINESS);
    expect(envelopeOf(await admin({ method: 'DELETE', url: '/api/v1/roles/4' })).message).toBe('内置角色不能删除');
    const empty = envelopeOf(await create({ name: '临时角色', kind: 3, codes: [] }));
    expect(envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/roles/${empty.content.id}` })).code).toBe(OK);
  });
});

describe('a role’s data scope (数据权限)', () => {
  const companyCount = async (where?: { column: 'department_id' | 'platform_mark'; in: number[] }) => {
    const row = await t.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(where !== undefined, (query) => query.where(where!.column, 'in', where!.in))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const listed = async (client: AuthedClient) => {
    const answer = envelopeOf(await client.get('/api/v1/companies/search?page=0&size=1'));
    expect(answer.code, answer.message).toBe(OK);
    return Number(answer.content.totalElements);
  };
  const logged = async (roleId: number) => {
    const row = await t.db
      .selectFrom('operation_logs')
      .select(['changes', 'action'])
      .where('resource', '=', 'adRoleSettings')
      .where('record_id', '=', roleId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { action: row.action, changes: JSON.parse(row.changes) };
  };

  it('starts a new role with none, and the admin widens and narrows it, in the operation log', async () => {
    const made = envelopeOf(
      await admin({
        method: 'POST',
        url: '/api/v1/roles',
        payload: { name: '区域专员', kind: 5, codes: ['UI_COMPANY_MGR'] },
      }),
    );
    expect(made.code, made.message).toBe(OK);
    expect(made.content).toMatchObject({ dataScope: 'none', dataScopeName: '无数据权限' });
    const id = made.content.id as number;
    const { client } = await staffOf(id, 'regional1');
    expect(await listed(client)).toBe(0);

    expect(envelopeOf(await put(admin, id, { dataScope: 'all', dataEditions: [3] })).code).toBe(OK);
    expect(await listed(client)).toBe(await companyCount({ column: 'platform_mark', in: [3] }));
    expect(await logged(id)).toEqual({
      action: '修改角色',
      changes: { 数据权限: ['无数据权限', '全部数据（小规模版）'] },
    });

    await t.db
      .insertInto('user_departments')
      .values({ user_id: (await userId('regional1'))!, department_id: 2 })
      .execute();
    expect(envelopeOf(await put(admin, id, { dataScope: 'department', dataEditions: [1, 3] })).code).toBe(OK);
    expect(await listed(client)).toBe(await companyCount({ column: 'department_id', in: [2] }));
    expect((await logged(id)).changes).toEqual({
      数据权限: ['全部数据（小规模版）', '本部门数据（标准版、小规模版）'],
    });
  });

  it('refuses a scope it does not know, no edition, and any change of role 1’s or a merchant role’s scope', async () => {
    const made = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/roles', payload: { name: '审核专员', kind: 3, codes: [] } }),
    );
    const id = made.content.id as number;
    const refusal = async (roleId: number, payload: Record<string, unknown>) => {
      const answer = envelopeOf(await put(admin, roleId, payload));
      expect(answer.code).toBe(BUSINESS);
      return answer.message;
    };
    expect(await refusal(id, { dataScope: 'company' })).toBe(
      '请选择数据权限（全部数据、本部门数据、本分公司数据、本人负责的企业或无数据权限）',
    );
    expect(await refusal(id, { dataScope: { $ne: 1 } })).toContain('请选择数据权限');
    expect(await refusal(id, { dataScope: 'all', dataEditions: [] })).toBe('请至少选择一个可见版本');
    expect(await refusal(id, { dataScope: 'all', dataEditions: [2] })).toBe(
      '可见版本只能是 1（标准版）或 3（小规模版）',
    );
    expect(await refusal(1, { dataScope: 'department' })).toBe('管理员角色可查看全部数据，不能修改数据权限');
    expect(await refusal(2, { dataScope: 'all' })).toBe('商户角色只能查看本企业的数据');
    const stored = await t.db
      .selectFrom('roles')
      .select(['id', 'data_scope', 'data_editions'])
      .where('id', 'in', [1, 2, id])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 1, data_scope: 'all', data_editions: '1,3' },
      { id: 2, data_scope: 'company', data_editions: '1,3' },
      { id, data_scope: 'none', data_editions: '1,3' },
    ]);
  });
});

async function userId(username: string): Promise<number | undefined> {
  const row = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Admin list paths served by exactly one declaration (a shared path answers for several pages' codes). */
const SOLE_ADMIN_LISTS = RESOURCES.filter((declaration) => {
  const route = ROUTES.find((rule) => rule.path === `/${declaration.name}`);
  if (route?.shell !== 'admin' || route.roleOnly !== undefined || declaration.api.listQuery) return false;
  return RESOURCES.filter((other) => other.api.list === declaration.api.list).length === 1;
});

describe('role × route matrix, from the roles table', () => {
  it('allows and refuses every admin route and list exactly as each role’s codes say', async () => {
    await admin({
      method: 'POST',
      url: '/api/v1/roles',
      payload: {
        name: '矩阵角色',
        kind: 5,
        codes: ['ADM_HOME', 'FINANCIAL_CENTER', 'UI_FUND_MANAGEMENT', 'UI_PAYMENT_PROVE'],
      },
    });
    const roles = await t.db.selectFrom('roles').select(['id', 'kind']).where('kind', '<>', 2).orderBy('id').execute();
    expect(roles.length).toBeGreaterThanOrEqual(5);
    expect(SOLE_ADMIN_LISTS.length).toBeGreaterThan(10);
    for (const role of roles) {
      const codes = new Set(await roleCodesInDb(Number(role.id)));
      const { client, user } = await staffOf(Number(role.id), `matrix${role.id}`);
      expect(user.properties.rid).toBe(role.kind);
      for (const rule of ROUTES.filter((item) => item.shell === 'admin')) {
        const expected =
          rule.roleOnly !== undefined
            ? role.kind === rule.roleOnly
            : role.kind === 1 || (codes.has('ADM_HOME') && rule.permissions.some((code) => codes.has(code)));
        expect(canAccessRoute(user, rule), `${rule.path} as role ${role.id}`).toBe(expected);
      }
      for (const declaration of SOLE_ADMIN_LISTS) {
        const response = await client.get(`${declaration.api.list}?page=0&size=1`);
        const expected = role.kind === 1 || declaration.permissions.list.some((code) => codes.has(code));
        expect(response.statusCode, `${declaration.name} as role ${role.id}: ${response.body.slice(0, 120)}`).toBe(
          expected ? 200 : 403,
        );
      }
    }
  }, 120_000);
});
