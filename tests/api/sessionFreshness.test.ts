import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContracts } from '../../resources/contracts';
import { buildApp } from '../../server/app';
import { cachedAuthContexts } from '../../server/auth/access';
import type { TokenClaims } from '../../server/auth/tokens';
import { type Db, openDatabase } from '../../server/db/database';
import { chinaTime } from '../../server/db/time';
import { assignRole, roleCodes } from '../../server/people/roles.service';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { authed, createTestApp, login, sha256Hex, type TestApp } from './support/testApp';

/**
 * The access hook keeps each session's access in memory (server/auth/access.ts, migration 115). These tests hold
 * it to what the database says at the very next request, in the app that made the change and in a second app
 * instance on the same database (a second process: its own connection and its own memory).
 */

const OK = 1020000;
const CONTRACT_CODES = adminContracts.permissions.list;

let t: TestApp;
let otherDb: Db;
let other: FastifyInstance;
let demoHash: string;
/** A contract of a company in department 1, and that department. */
let contractId: number;
let contractDept: number;

beforeAll(async () => {
  t = await createTestApp();
  otherDb = openDatabase({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    searchPath: t.schema ?? undefined,
  });
  other = await buildApp({ config: t.config, db: otherDb, logger: false });
  await other.ready();
  demoHash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'kefu').executeTakeFirstOrThrow()
  ).password_hash;
  const contract = await t.db
    .selectFrom('contracts')
    .innerJoin('companies', 'companies.id', 'contracts.company_id')
    .select(['contracts.id', 'companies.department_id'])
    .where('companies.department_id', 'is not', null)
    .orderBy('contracts.id')
    .executeTakeFirstOrThrow();
  contractId = Number(contract.id);
  contractDept = Number(contract.department_id);
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherDb?.destroy();
  await t?.close();
});

let serial = 0;

/** A fresh customer-service account (role 3) confined to the contract's department, logged in. */
async function freshStaff(): Promise<{ id: number; token: string; username: string }> {
  serial += 1;
  const username = `fresh${serial}`;
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      mobile: `1370000${String(serial).padStart(4, '0')}`,
      password_hash: demoHash,
      role_id: 3,
      company_id: null,
      platform_mark: 1,
      display_name: username,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await t.db.transaction().execute((tx) => assignRole(tx, id, 3));
  await t.db.insertInto('user_departments').values({ user_id: id, department_id: contractDept }).execute();
  const answer = await login(t.app, username);
  expect(answer.code, answer.message).toBe(OK);
  return { id, token: answer.content.token as string, username };
}

const readContract = (app: FastifyInstance, token: string) => authed(app, token).get(`/api/v1/contract/${contractId}`);

/** Both apps answer the token with this status (each read twice, so each has its answer cached). */
async function expectBoth(token: string, status: number): Promise<void> {
  for (const app of [t.app, other]) {
    for (let round = 0; round < 2; round += 1) {
      const response = await readContract(app, token);
      expect(response.statusCode, app === t.app ? 'the app that changed it' : 'the second app').toBe(status);
      if (status === 200) expect(response.json().content.id).toBe(contractId);
    }
  }
}

async function authVersion(db: Db): Promise<number> {
  const row = await sql<{ version: number | string }>`SELECT version FROM auth_changes WHERE id = 1`.execute(db);
  return Number(row.rows[0].version);
}

describe('a session sees every change to its access at the very next request, in every process', () => {
  it("a role's codes: taking the contract code from role 3 refuses its users at once, giving it back lets them in", async () => {
    const staff = await freshStaff();
    expect(CONTRACT_CODES.some((code) => ROLE_TEMPLATES[3].includes(code))).toBe(true);
    await expectBoth(staff.token, 200);
    const before = await roleCodes(t.db, 3);
    const admin = authed(t.app, (await login(t.app, 'admin')).content.token as string);
    const without = before.filter((code) => !CONTRACT_CODES.includes(code));
    const cut = await admin({ method: 'PUT', url: '/api/v1/roles/3', payload: { codes: without } });
    expect(cut.json().code, cut.json().message).toBe(OK);
    await expectBoth(staff.token, 403);
    const restored = await admin({ method: 'PUT', url: '/api/v1/roles/3', payload: { codes: before } });
    expect(restored.json().code, restored.json().message).toBe(OK);
    await expectBoth(staff.token, 200);
  });

  it('departments: a write by any code path (here straight into the table) moves the data scope at once', async () => {
    const staff = await freshStaff();
    await expectBoth(staff.token, 200);
    await otherDb.deleteFrom('user_departments').where('user_id', '=', staff.id).execute();
    await otherDb.insertInto('user_departments').values({ user_id: staff.id, department_id: 999 }).execute();
    await expectBoth(staff.token, 403);
    await t.db
      .updateTable('user_departments')
      .set({ department_id: contractDept })
      .where('user_id', '=', staff.id)
      .execute();
    await expectBoth(staff.token, 200);
  });

  it('disabling an account (PATCH staff status) refuses its token in both apps at once, and enabling does not revive it', async () => {
    const staff = await freshStaff();
    await expectBoth(staff.token, 200);
    const admin = authed(other, (await login(other, 'admin')).content.token as string);
    const url = `/api/v1/staff/adJcyCustomerSet/${staff.id}/status`;
    const disabled = await admin({ method: 'PATCH', url, payload: { status: 0 } });
    expect(disabled.json().code, disabled.json().message).toBe(OK);
    await expectBoth(staff.token, 401);
    const enabled = await admin({ method: 'PATCH', url, payload: { status: 1 } });
    expect(enabled.json().code, enabled.json().message).toBe(OK);
    await expectBoth(staff.token, 401);
    const again = await login(t.app, staff.username);
    expect(again.code, again.message).toBe(OK);
    await expectBoth(again.content.token as string, 200);
  });

  it('a logout through one app refuses that session in the other at once; the same user’s other session goes on', async () => {
    const staff = await freshStaff();
    const second = (await login(other, staff.username)).content.token as string;
    await expectBoth(staff.token, 200);
    await expectBoth(second, 200);
    const out = await authed(other, staff.token).post('/api/v1/accounts/logout');
    expect(out.json().code).toBe(OK);
    await expectBoth(staff.token, 401);
    await expectBoth(second, 200);
  });

  it('a password change (token version bump) through one app refuses every other token of the user in the other', async () => {
    const staff = await freshStaff();
    const laptop = (await login(t.app, staff.username)).content.token as string;
    await expectBoth(staff.token, 200);
    await expectBoth(laptop, 200);
    const changed = await authed(
      other,
      staff.token,
    )({
      method: 'PATCH',
      url: '/api/v1/accounts/password',
      payload: { oldPassword: sha256Hex('Demo1234'), newPassword: sha256Hex('Fresh5678') },
    });
    expect(changed.json().code, changed.json().message).toBe(OK);
    await expectBoth(laptop, 401);
    await expectBoth(staff.token, 401);
    await expectBoth(changed.json().content.token as string, 200);
  });

  it('a token version bumped straight in the table is refused by the second app, where the session was kept', async () => {
    const staff = await freshStaff();
    await expectBoth(staff.token, 200);
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', staff.id)
      .execute();
    const response = await readContract(other, staff.token);
    expect(response.statusCode).toBe(401);
  });
});

describe('the kept access', () => {
  it('a request that arrives while a transaction disables its user waits for the commit, then is refused', async () => {
    // On SQLite a kept session is admitted without waiting for anything (the version read is synchronous), unless
    // the connection is inside a transaction: then the request must wait, not pass on what the transaction hides.
    const staff = await freshStaff();
    await expectBoth(staff.token, 200);
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let disabled = () => {};
    const written = new Promise<void>((resolve) => {
      disabled = resolve;
    });
    const transaction = t.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ status: 0 }).where('id', '=', staff.id).execute();
      disabled();
      await held;
    });
    await written;
    const read = readContract(t.app, staff.token);
    const early = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    commit();
    await transaction;
    // PostgreSQL reads the committed row at once (still enabled then): a 200 before the commit is right there.
    if (early !== 'waiting') expect(t.dialect).toBe('postgres');
    if (early === 'waiting') expect((await read).statusCode).toBe(401);
    expect((await readContract(t.app, staff.token)).statusCode).toBe(401);
  });

  it('answers a repeated session from memory until something it depends on changes', async () => {
    const staff = await freshStaff();
    const claims = decode(staff.token);
    const contextOf = cachedAuthContexts(t.db);
    const first = await contextOf(claims);
    expect(first?.userId).toBe(staff.id);
    expect(await contextOf(claims)).toBe(first);
    await t.db.insertInto('user_authorities').values({ user_id: staff.id, authority: 'UI_FRESHNESS_PROBE' }).execute();
    const after = await contextOf(claims);
    expect(after).not.toBe(first);
    expect(after?.authorities.has('UI_FRESHNESS_PROBE')).toBe(true);
  });

  it('moves the version for access changes only, not for a user’s other columns', async () => {
    const staff = await freshStaff();
    const start = await authVersion(t.db);
    await t.db.updateTable('users').set({ mobile: '13799999999' }).where('id', '=', staff.id).execute();
    expect(await authVersion(t.db)).toBe(start);
    await t.db.updateTable('users').set({ display_name: '改名' }).where('id', '=', staff.id).execute();
    expect(await authVersion(t.db)).toBeGreaterThan(start);
    const next = await authVersion(t.db);
    await t.db
      .insertInto('revoked_sessions')
      .values({ sid: `probe${serial}`, expires_at: Date.now() + 60_000 })
      .execute();
    expect(await authVersion(otherDb)).toBeGreaterThan(next);
  });
});

/** The claims of a token (the test made it; the cache is what is under test, not the signature). */
function decode(token: string): TokenClaims {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as TokenClaims;
}
