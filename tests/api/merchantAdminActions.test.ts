import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionBody, actionPath, type PromptAnswers } from '../../resources/actionRequest';
import { companies, smallCompanies } from '../../resources/companies';
import type { ActionDeclaration, ResourceDeclaration } from '../../resources/types';
import { chinaTime } from '../../server/db/time';
import { describeOperation } from '../../server/system/operationLogText';
import { creditCodeCheckCharacter } from '../../src/domain/creditCode';
import { findRoute } from '../../src/domain/routes';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The operator's actions on /adMerchant and /adSmallMerchant are declarations (resources/companies.ts).
 * Each declared action is sent exactly as the list's dialog builds it (resources/actionRequest.ts: the record's id
 * in the path or the body, the answers typed) and must be accepted by its served call, change what it says, and
 * leave an operation-log entry that reads in words. The create form's fields must be what POST /api/v1/companies
 * takes.
 */

let t: TestApp;
let admin: AuthedClient;
let smallOperator: AuthedClient;
const OK = 1020000;

/** A staff account holding only the small-scale page's code (UI_XGM_MERCHANT_MGR). */
async function smallOnlyOperator(): Promise<AuthedClient> {
  const hash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'caiwu').executeTakeFirstOrThrow()
  ).password_hash;
  const row = await t.db
    .insertInto('users')
    .values({
      username: 'xgmOperator',
      mobile: '13700009932',
      password_hash: hash,
      role_id: 5,
      company_id: null,
      platform_mark: 1,
      display_name: '小规模运营',
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_authorities')
    .values(['ADM_HOME', 'UI_XGM_MERCHANT_MGR'].map((authority) => ({ user_id: row.id, authority })))
    .execute();
  return authed(t.app, await tokenOf(t.app, 'xgmOperator'));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  smallOperator = await smallOnlyOperator();
});
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: string, url: string, payload?: unknown) {
  const response = await client({ method: method as 'GET', url, payload: payload as object });
  return { status: response.statusCode, ...envelopeOf(response) };
}

const code = (first17: string) => `${first17}${creditCodeCheckCharacter(first17)}`;
let serial = 0;

/** A new company created through the page's create form: its declared fields, plus the page's fixed body. */
async function createThrough(declaration: ResourceDeclaration, client: AuthedClient, platformMark: number) {
  serial += 1;
  const subsidiary = await t.db
    .selectFrom('subsidiaries')
    .select('id')
    .where('status', '=', 1)
    .where('platform_mark', '=', platformMark)
    .executeTakeFirstOrThrow();
  const industry = await t.db.selectFrom('industries').select('id').executeTakeFirstOrThrow();
  const values: Record<string, unknown> = {
    name: `上海运营动作${declaration.name}${serial}科技有限公司`,
    creditCode: code(`9131000066112${String(4000 + serial)}`),
    platformMark,
    legalPersonName: '张法人',
    linkmanName: '李联系',
    linkmanMobile: '13912345678',
    subID: Number(subsidiary.id),
    industryId: Number(industry.id),
    vipLevel: 1,
  };
  const form = declaration.createFields ?? [];
  const sent = {
    ...Object.fromEntries(form.map((field) => [field.source, values[field.source]])),
    ...(declaration.createBody ?? {}),
  };
  const created = await call(client, 'POST', declaration.api.create as string, sent);
  expect(created.code, created.message).toBe(OK);
  return Number(created.content.id);
}

async function recordOf(declaration: ResourceDeclaration, id: number): Promise<Record<string, unknown>> {
  const answer = await call(admin, 'GET', (declaration.api.one as string).replace(':id', String(id)));
  expect(answer.code, answer.message).toBe(OK);
  return answer.content;
}

/** What the operator enters in each action's dialog, by prompt source (the ids are looked up, never typed). */
async function answersFor(platformMark: number): Promise<PromptAnswers> {
  const partner = await t.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'hehuoren')
    .executeTakeFirstOrThrow();
  const enterprises = await t.db
    .selectFrom('enterprises')
    .select('id')
    .where('platform_mark', '=', platformMark)
    .orderBy('id')
    .limit(2)
    .execute();
  expect(enterprises.length).toBeGreaterThan(0);
  return {
    partnerId: String(partner.id),
    managerName: '王新管',
    managerMobile: '13812345679',
    workScene: '外卖骑手配送',
    enterpriseIds: enterprises.map((row) => String(row.id)),
    vipLevel: '2',
    crmId: platformMark === 3 ? 'CRM-INS-003' : 'CRM-INS-002',
  };
}

/** How each declared action's effect is read back from the server, by action name. */
const EFFECTS: Record<string, (id: number, declaration: ResourceDeclaration, answers: PromptAnswers) => Promise<void>> =
  {
    salepartner: async (id, _declaration, answers) => {
      const read = await call(admin, 'GET', `/api/v1/companies/salepartner?coid=${id}`);
      expect(read.content.partnerId).toBe(Number(answers.partnerId));
    },
    manager: async (id, declaration, answers) => {
      const record = await recordOf(declaration, id);
      expect([record.linkmanName, record.linkmanMobile]).toEqual([answers.managerName, answers.managerMobile]);
    },
    workscene: async (id, declaration, answers) => {
      expect((await recordOf(declaration, id)).workScene).toBe(answers.workScene);
    },
    verify: async (id, declaration) => {
      expect((await recordOf(declaration, id)).verifyStatus).toBe(1);
    },
    bindEnterprise: async (id, _declaration, answers) => {
      const read = await call(admin, 'GET', `/api/v1/companies/enterprise/${id}`);
      expect(read.content.map((row: { id: number }) => String(row.id))).toEqual(answers.enterpriseIds);
    },
    viplevel: async (id, declaration, answers) => {
      expect((await recordOf(declaration, id)).vipLevel).toBe(Number(answers.vipLevel));
    },
    crmBind: async (id, _declaration, answers) => {
      expect((await call(admin, 'GET', `/api/v1/company/crm/bind/${id}`)).content.crmId).toBe(answers.crmId);
    },
  };

async function send(
  client: AuthedClient,
  action: ActionDeclaration,
  record: Record<string, unknown>,
  answers: PromptAnswers,
) {
  return call(client, action.method, actionPath(action, record), actionBody(action, record, answers));
}

async function lastLogEntry(recordId: number) {
  const row = await t.db
    .selectFrom('operation_logs')
    .selectAll()
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return describeOperation({
    resource: row.resource,
    action: row.action,
    method: row.method,
    path: row.path,
    recordId: row.record_id === null ? null : Number(row.record_id),
    recordTitle: row.record_title,
    changes: row.changes,
  });
}

describe.each([
  { declaration: companies, platformMark: 1 },
  { declaration: smallCompanies, platformMark: 3 },
])('$declaration.name: each declared action, sent as the dialog sends it', ({ declaration, platformMark }) => {
  it('declares the operator actions of spec §7, every one with a way to read its effect back', () => {
    const names = (declaration.actions ?? []).map((action) => action.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'salepartner',
        'manager',
        'workscene',
        'verify',
        'bindEnterprise',
        'viplevel',
        'crmBind',
      ]),
    );
    for (const name of names) expect(Object.keys(EFFECTS), name).toContain(name);
  });

  it('creates a company through the create form and the page gets its edition', async () => {
    const id = await createThrough(declaration, admin, platformMark);
    const record = await recordOf(declaration, id);
    expect(record.platformMark).toBe(platformMark);
    expect(record.verifyStatus).toBe(0);
  });

  it('each action is accepted, changes the company and is logged in words on the page', async () => {
    const id = await createThrough(declaration, admin, platformMark);
    const answers = await answersFor(platformMark);
    for (const action of declaration.actions ?? []) {
      const record = await recordOf(declaration, id);
      const answer = await send(admin, action, record, answers);
      expect(answer.code, `${action.name}: ${answer.message}`).toBe(OK);
      await EFFECTS[action.name](id, declaration, answers);
      const entry = await lastLogEntry(id);
      expect(entry.page, action.name).toBe(findRoute('/adMerchant')?.title);
      expect(entry.action, action.name).toContain(action.label);
      expect(entry.record, action.name).toContain(String(record.name));
    }
  });
});

describe('/adSmallMerchant: an operator holding only UI_XGM_MERCHANT_MGR', () => {
  it('creates a small-scale company through the page, and cannot act on a standard one with any declared action', async () => {
    const small = await createThrough(smallCompanies, smallOperator, 3);
    expect((await recordOf(smallCompanies, small)).platformMark).toBe(3);

    const standard = await createThrough(companies, admin, 1);
    const record = await recordOf(companies, standard);
    const answers = await answersFor(1);
    const before = await t.db.selectFrom('companies').selectAll().where('id', '=', standard).executeTakeFirstOrThrow();
    const binding = await t.db.selectFrom('crm_bindings').selectAll().where('owner_id', '=', standard).execute();
    for (const action of smallCompanies.actions ?? []) {
      const answer = await send(smallOperator, action, record, answers);
      expect(answer.status, `${action.name}: ${answer.message}`).toBe(403);
    }
    expect(await t.db.selectFrom('companies').selectAll().where('id', '=', standard).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(await t.db.selectFrom('crm_bindings').selectAll().where('owner_id', '=', standard).execute()).toEqual(
      binding,
    );
    expect(
      await t.db.selectFrom('company_enterprises').selectAll().where('company_id', '=', standard).execute(),
    ).toEqual([]);
  });
});

describe('PUT /api/v1/companies/salepartner checks its body', () => {
  it('answers a malformed body with 1040400, never a 500', async () => {
    const id = await createThrough(companies, admin, 1);
    for (const payload of [{ coid: { a: 1 } }, { coid: id, partnerId: { a: 1 } }, { coid: id, partnerId: [1] }, []]) {
      const answer = await call(admin, 'PUT', '/api/v1/companies/salepartner', payload);
      expect([answer.status, answer.code], JSON.stringify(payload)).toEqual([200, 1040400]);
    }
  });
});
