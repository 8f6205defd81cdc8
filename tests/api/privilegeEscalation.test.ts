import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { STAFF_VIEWS, type StaffView } from '../../src/domain/staff';
import { registeredRoutes } from './support/registeredRoutes';
import { addSecondPartner } from './support/secondPartner';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  formRequest,
  lastSmsCode,
  login,
  sendSmsCode,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * Privileges only go down. Every staff view × every non-admin kind of staff that can
 * reach it tries to raise itself and to take over a peer; every attempt is refused (403, a Chinese message) and
 * changes nothing, while the admin's own edits still work. Then the exact takeover chain of finding 2, and the
 * registration list's department scope (finding 8).
 */

const OK = 1020000;
const STAFF_BASE = '/api/v1/staff/:view';
const KIND_NAMES: Record<number, string> = { 3: '客服', 4: '合伙人', 5: '财务' };
const NON_ADMIN_KINDS = [3, 4, 5] as const;
/** The page where accounts of each kind are created (standard edition). */
const HOME_VIEW: Record<number, StaffView> = Object.fromEntries(
  NON_ADMIN_KINDS.map((kind) => [kind, STAFF_VIEWS.find((view) => view.kind === kind && view.platformMark === 1)]),
) as Record<number, StaffView>;

let t: TestApp;
let admin: AuthedClient;
let mobileSeq = 0;

function nextMobile(): string {
  mobileSeq += 1;
  return `1376${String(mobileSeq).padStart(7, '0')}`;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(client: AuthedClient, method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown) {
  return client({ method, url, payload: payload as Record<string, unknown> | undefined });
}

/** A new role reaches no company until given a data scope: these get their kind's (finance all, others departments). */
async function createRole(name: string, kind: number, codes: readonly string[]): Promise<number> {
  const dataScope = kind === 5 ? 'all' : 'department';
  const answer = envelopeOf(await call(admin, 'POST', '/api/v1/roles', { name, kind, codes, dataScope }));
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.id as number;
}

interface Account {
  id: number;
  username: string;
  mobile: string;
}

/** The admin opens an account on a staff page; the password only the SMS carries. */
async function createAccount(
  view: StaffView,
  username: string,
  roleId: number,
  deptIds: number[],
): Promise<Account & { password: string }> {
  const mobile = nextMobile();
  const answer = envelopeOf(
    await call(admin, 'POST', `/api/v1/staff/${view.name}`, {
      username,
      displayName: `员工${username.slice(-4)}`,
      mobile,
      roleId,
      deptIds,
      subIds: [],
    }),
  );
  expect(answer.code, answer.message).toBe(OK);
  const message = [...t.sms.messages].reverse().find((item) => item.mobile === mobile);
  const password = /密码为([A-Za-z0-9]+)/.exec(message?.text ?? '')?.[1];
  if (!password) throw new Error(`no password sent to ${mobile}`);
  return { id: answer.content.id as number, username, mobile, password };
}

async function clientOf(username: string, password: string): Promise<AuthedClient> {
  const answer = await login(t.app, username, password);
  expect(answer.code, `${username}: ${answer.message}`).toBe(OK);
  return authed(t.app, answer.content.token as string);
}

/** Everything about an account a privilege change could touch. */
async function accountState(userId: number) {
  const [user, departments, subsidiaries, codes] = await Promise.all([
    t.db
      .selectFrom('users')
      .select(['role_id', 'permission_role_id', 'mobile', 'status', 'password_hash', 'token_version', 'display_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    t.db.selectFrom('user_departments').select('department_id').where('user_id', '=', userId).execute(),
    t.db.selectFrom('user_subsidiaries').select('subsidiary_id').where('user_id', '=', userId).execute(),
    t.db.selectFrom('user_authorities').select('authority').where('user_id', '=', userId).execute(),
  ]);
  return {
    ...user,
    permission_role_id: user.permission_role_id === null ? null : Number(user.permission_role_id),
    departments: departments.map((row) => Number(row.department_id)).sort(),
    subsidiaries: subsidiaries.map((row) => Number(row.subsidiary_id)).sort(),
    codes: codes.map((row) => row.authority).sort(),
  };
}

async function recordOf(view: StaffView, id: number) {
  const answer = envelopeOf(await call(admin, 'GET', `/api/v1/staff/${view.name}/${id}`));
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as { displayName: string; mobile: string; roleId: number; departments: { id: number }[] };
}

/** The PUT body that keeps the account as it is, with `changes` applied. */
async function formOf(view: StaffView, id: number, changes: Record<string, unknown>) {
  const record = await recordOf(view, id);
  return {
    displayName: record.displayName,
    mobile: record.mobile,
    roleId: record.roleId,
    deptIds: record.departments.map((item) => item.id),
    subIds: [],
    ...changes,
  };
}

/** The attempt is refused with 403 and one of the messages, and leaves every account it could touch unchanged. */
async function expectRefused(
  attempt: () => ReturnType<AuthedClient>,
  messages: readonly string[],
  watched: readonly number[],
): Promise<void> {
  const before = await Promise.all(watched.map(accountState));
  const smsBefore = t.sms.messages.length;
  const response = await attempt();
  const answer = envelopeOf(response);
  expect(response.statusCode, answer.message).toBe(403);
  expect(messages).toContain(answer.message);
  expect(await Promise.all(watched.map(accountState))).toEqual(before);
  expect(t.sms.messages.length).toBe(smsBefore);
}

const MSG_STRONGER_ROLE = '不能分配超出自己权限的角色';
const MSG_OWN = '不能修改自己的角色、部门或状态';
const MSG_OTHER_MOBILE = '只有管理员可以修改其他账号的手机号';
const MSG_OTHER_PASSWORD = '只有管理员可以重置其他账号的密码';
const MSG_FOREIGN_DEPARTMENT = '只能选择您负责的部门';

/** The write routes of the staff pages: each must be attacked below (a new one fails this test until it is). */
const ATTACKED_WRITES = [
  `POST ${STAFF_BASE}`,
  `PUT ${STAFF_BASE}/:id`,
  `PATCH ${STAFF_BASE}/:id/status`,
  `POST ${STAFF_BASE}/:id/resetpwd`,
];

describe('privileges only go down on every staff page', () => {
  it('attacks every write route the staff pages register', () => {
    const writes = registeredRoutes(t.app)
      .filter((route) => route.url.startsWith(STAFF_BASE) && route.method !== 'GET')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(writes).toEqual([...ATTACKED_WRITES].sort());
  });

  /** A role of each kind holding every staff code: what an attacker would give itself. */
  const strongest: Record<number, number> = {};
  let roleSeq = 0;

  beforeAll(async () => {
    for (const kind of NON_ADMIN_KINDS) {
      strongest[kind] = await createRole(`全能${KIND_NAMES[kind]}`, kind, ROLE_TEMPLATES[1]);
    }
  }, 60_000);

  for (const view of STAFF_VIEWS) {
    for (const kind of NON_ADMIN_KINDS) {
      it(`${view.title} (${view.name}) reached by a ${KIND_NAMES[kind]}: no self-escalation, no peer takeover`, async () => {
        roleSeq += 1;
        // The caller: its kind's usual codes plus this page's.
        const managerCodes = [...new Set([...ROLE_TEMPLATES[kind], ...view.codes])];
        const manager = await createRole(`管理员工${roleSeq}`, kind, managerCodes);
        // The peer's role: one the caller may give, so only the rule under test stands in the way.
        const weak = await createRole(`普通员工${roleSeq}`, view.kind, ['ADM_HOME']);
        const scoped = kind !== 5;
        const callerDepts = scoped ? [2] : [];
        const caller = await createAccount(HOME_VIEW[kind], `mgr_${roleSeq}_${kind}`, manager, callerDepts);
        const peer = await createAccount(view, `peer_${roleSeq}_${view.kind}`, weak, [2]);
        const client = await clientOf(caller.username, caller.password);
        const base = `/api/v1/staff/${view.name}`;
        const watched = [caller.id, peer.id];

        // The caller can work the page: it sees the peer and may rename it (the refusals below are not blanket).
        const renamed = envelopeOf(
          await call(client, 'PUT', `${base}/${peer.id}`, await formOf(view, peer.id, { displayName: '改名员工' })),
        );
        expect(renamed.code, renamed.message).toBe(OK);

        // Self-escalation, on the page that holds the caller's own account.
        if (view === HOME_VIEW[kind]) {
          const stronger = (await t.db.selectFrom('roles').select('id').where('kind', '=', kind).execute())
            .map((row) => Number(row.id))
            .filter((id) => id !== manager);
          expect(stronger).toContain(strongest[kind]);
          for (const roleId of stronger) {
            const codes = (
              await t.db.selectFrom('role_permissions').select('code').where('role_id', '=', roleId).execute()
            ).map((row) => row.code);
            if (codes.every((code) => managerCodes.includes(code))) continue;
            await expectRefused(
              async () => call(client, 'PUT', `${base}/${caller.id}`, await formOf(view, caller.id, { roleId })),
              [MSG_STRONGER_ROLE, MSG_OWN],
              watched,
            );
          }
          await expectRefused(
            async () =>
              call(
                client,
                'PUT',
                `${base}/${caller.id}`,
                await formOf(view, caller.id, { deptIds: [...callerDepts, 1] }),
              ),
            [MSG_OWN, MSG_FOREIGN_DEPARTMENT],
            watched,
          );
          await expectRefused(
            () => call(client, 'PATCH', `${base}/${caller.id}/status`, { status: 0 }),
            [MSG_OWN],
            watched,
          );
        }

        // Peer takeover: its mobile, its password, its role.
        await expectRefused(
          async () => call(client, 'PUT', `${base}/${peer.id}`, await formOf(view, peer.id, { mobile: nextMobile() })),
          [MSG_OTHER_MOBILE],
          watched,
        );
        await expectRefused(
          () => call(client, 'POST', `${base}/${peer.id}/resetpwd`, {}),
          [MSG_OTHER_PASSWORD],
          watched,
        );
        await expectRefused(
          async () =>
            call(client, 'PUT', `${base}/${peer.id}`, await formOf(view, peer.id, { roleId: strongest[view.kind] })),
          [MSG_STRONGER_ROLE],
          watched,
        );
        // A new account with a role stronger than the caller's is the same escalation by another door.
        await expectRefused(
          () =>
            call(client, 'POST', base, {
              username: `new_${roleSeq}`,
              displayName: '新员工',
              mobile: nextMobile(),
              roleId: strongest[view.kind],
              deptIds: [2],
              subIds: [],
            }),
          [MSG_STRONGER_ROLE],
          watched,
        );
        expect(await t.db.selectFrom('users').select('id').where('username', '=', `new_${roleSeq}`).execute()).toEqual(
          [],
        );

        // The admin's own edits still work: a new mobile, then a reset that goes to it (the mobile on record).
        const newMobile = nextMobile();
        const moved = envelopeOf(
          await call(admin, 'PUT', `${base}/${peer.id}`, await formOf(view, peer.id, { mobile: newMobile })),
        );
        expect(moved.code, moved.message).toBe(OK);
        const reset = envelopeOf(await call(admin, 'POST', `${base}/${peer.id}/resetpwd`, { mobile: nextMobile() }));
        expect(reset.code, reset.message).toBe(OK);
        expect(t.sms.messages.at(-1)?.mobile).toBe(newMobile);
      }, 60_000);
    }
  }

  it('finding 2: finance staff cannot raise their role nor take over another finance account via its mobile', async () => {
    const financeView = HOME_VIEW[5];
    const base = `/api/v1/staff/${financeView.name}`;
    const chief = await createRole('财务主管', 5, [...ROLE_TEMPLATES[5], 'UI_ROLE_SETTING', 'UI_SERVICE_MGR_JCY']);
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const caiwuId = Number(
      (await t.db.selectFrom('users').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow()).id,
    );
    const victim = await createAccount(financeView, 'caiwu_victim', 5, []);
    const attackerPhone = '13799990031';

    await expectRefused(
      async () => call(caiwu, 'PUT', `${base}/${caiwuId}`, await formOf(financeView, caiwuId, { roleId: chief })),
      [MSG_STRONGER_ROLE, MSG_OWN],
      [caiwuId, victim.id],
    );
    await expectRefused(
      async () =>
        call(caiwu, 'PUT', `${base}/${victim.id}`, await formOf(financeView, victim.id, { mobile: attackerPhone })),
      [MSG_OTHER_MOBILE],
      [caiwuId, victim.id],
    );
    await expectRefused(
      () => call(caiwu, 'POST', `${base}/${victim.id}/resetpwd`, {}),
      [MSG_OTHER_PASSWORD],
      [caiwuId, victim.id],
    );
    // The last step of the chain: an SMS login on the attacker's phone does not open the victim's account.
    await sendSmsCode(t.app, t.db, attackerPhone);
    const code = (await lastSmsCode(t.db, attackerPhone)) ?? '000000';
    const answer = envelopeOf(await t.app.inject(formRequest('/code/login', { type: 2, phone: attackerPhone, code })));
    expect(answer.content?.user?.username).not.toBe('caiwu_victim');
    expect(answer.content?.token).toBeUndefined();
    expect(t.sms.messages.some((item) => item.mobile === attackerPhone && item.text.includes('密码'))).toBe(false);
  });

  it('finding 2: a partner cannot take over another partner of its department', async () => {
    const ids = await addSecondPartner(t.db, { mobile: '13799990032', displayName: '合伙人小二' });
    const hehuoren = authed(t.app, await tokenOf(t.app, 'hehuoren'));
    const view = HOME_VIEW[4];
    const base = `/api/v1/staff/${view.name}`;
    await expectRefused(
      async () =>
        call(hehuoren, 'PUT', `${base}/${ids.hehuoren2}`, await formOf(view, ids.hehuoren2, { mobile: '13799990033' })),
      [MSG_OTHER_MOBILE],
      [ids.hehuoren, ids.hehuoren2],
    );
    await expectRefused(
      () => call(hehuoren, 'POST', `${base}/${ids.hehuoren2}/resetpwd`, {}),
      [MSG_OTHER_PASSWORD],
      [ids.hehuoren, ids.hehuoren2],
    );
    await expectRefused(
      async () =>
        call(hehuoren, 'PUT', `${base}/${ids.hehuoren}`, await formOf(view, ids.hehuoren, { deptIds: [2, 3] })),
      [MSG_OWN, MSG_FOREIGN_DEPARTMENT],
      [ids.hehuoren, ids.hehuoren2],
    );
  });

  it('the role picker offers a non-admin only the roles whose codes it holds', async () => {
    const chief = await createRole('合伙人主管', 4, [...ROLE_TEMPLATES[4], 'UI_ROLE_SETTING']);
    const hehuoren = authed(t.app, await tokenOf(t.app, 'hehuoren'));
    const offered = envelopeOf(await hehuoren.get('/api/v1/roles?kind=4')).content as { id: number }[];
    expect(offered.map((role) => role.id)).toContain(4);
    expect(offered.map((role) => role.id)).not.toContain(chief);
    const all = envelopeOf(await admin.get('/api/v1/roles?kind=4')).content as { id: number }[];
    expect(all.map((role) => role.id)).toContain(chief);
  });
});

describe('the registration list keeps to the caller’s departments', () => {
  /** A pending registration, as the sign-up wizard leaves it. */
  async function pendingRegistration(name: string, mobile: string, licence: string): Promise<number> {
    const row = await t.db
      .insertInto('registrations')
      .values({
        name,
        linkman_mobile: mobile,
        password_hash: 'x',
        platform_mark: 1,
        company_nature: '有限责任公司',
        company_size: '20-99人',
        industry_id: 1,
        business_license: licence,
        invoice_tax_number: licence,
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        legal_person_name: '张法人',
        linkman_name: '李联系',
        license_url: '/files/licence.png',
        student_card_url: null,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: '2026-11-27 10:00:00',
        activate_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function activateInto(id: number, departmentId: number): Promise<void> {
    const subsidiary = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('department_id', '=', departmentId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const answer = envelopeOf(
      await call(admin, 'POST', `/api/v1/companies/register/${id}/activate`, { subID: subsidiary.id }),
    );
    expect(answer.code, answer.message).toBe(OK);
  }

  async function listedIds(client: AuthedClient): Promise<number[]> {
    const answer = envelopeOf(await client.get('/api/v1/companies/register/search?size=200'));
    expect(answer.code, answer.message).toBe(OK);
    return (answer.content.content as { id: number }[]).map((row) => row.id);
  }

  it('kefu (departments 1 and 2) does not see a registration activated into department 3; the admin does', async () => {
    const outside = await pendingRegistration('北京外部科技有限公司', '13799990041', '91330100MA27Q8KL41');
    const inside = await pendingRegistration('上海内部科技有限公司', '13799990042', '91330100MA27Q8KL42');
    const waiting = await pendingRegistration('待激活科技有限公司', '13799990043', '91330100MA27Q8KL43');
    await activateInto(outside, 3);
    await activateInto(inside, 1);
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const seen = await listedIds(kefu);
    expect(seen).toContain(inside);
    expect(seen).toContain(waiting);
    expect(seen).not.toContain(outside);
    const all = await listedIds(admin);
    expect(all).toEqual(expect.arrayContaining([outside, inside, waiting]));
  });
});
