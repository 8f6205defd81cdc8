import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath, valuesFromRecord } from '../../resources/actionRequest';
import { valuesShape } from '../../resources/generator/valuesShape';
import { RESOURCES } from '../../resources/index';
import type { ActionDeclaration, ListCallDeclaration, ResourceDeclaration } from '../../resources/types';
import { SUB_ACCOUNT } from '../../src/domain/finance';
import { staffAccount } from './support/invoiceTestKit';
import { registeredRoutes } from './support/registeredRoutes';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Calls the server answered but no page used, now row actions and
 * toolbar calls of their pages: every one the declarations name is a registered route, every values dialog's
 * fields are in the answer it reads, and the calls that changed for their page (closings under way for 资金管理,
 * an enterprise's industries) do what the page shows.
 */
const OK = 1020000;
let test: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  test = await createTestApp();
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
  // The demo's closing account is a standard-edition one: one small-scale account (the last, away from the first
  // rows read below) is being closed too, so both editions' 资金管理 have a closing to show.
  const small = await test.db
    .selectFrom('bank_sub_accounts')
    .select('id')
    .where('platform_mark', '=', 3)
    .where('status', '=', SUB_ACCOUNT.normal)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await test.db
    .updateTable('bank_sub_accounts')
    .set({ status: SUB_ACCOUNT.closing })
    .where('id', '=', small.id)
    .execute();
});
afterAll(async () => test?.close());

const withActions = RESOURCES.filter((declaration) => (declaration.actions?.length ?? 0) > 0);
const withListCalls = RESOURCES.filter((declaration) => (declaration.listCalls?.length ?? 0) > 0);

/** A route pattern (`/a/:id/b`) as a regular expression a concrete path is matched against. */
function patternOf(url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

describe('what the declarations call is served', () => {
  it('every row action and toolbar call names a registered route of its method', () => {
    const routes = registeredRoutes(test.app).map((route) => ({ ...route, pattern: patternOf(route.url) }));
    const calls = [
      ...withActions.flatMap((declaration) =>
        (declaration.actions ?? []).map((action) => ({ declaration, method: action.method, path: action.path })),
      ),
      ...withListCalls.flatMap((declaration) =>
        (declaration.listCalls ?? []).map((call) => ({ declaration, method: 'GET', path: call.path })),
      ),
    ];
    expect(calls.some((call) => call.path === '/api/v1/bankaccounts/bank/balance')).toBe(true);
    for (const call of calls) {
      const concrete = call.path.split('?')[0].replace(/:[A-Za-z]\w*/g, '7');
      const served = routes.some((route) => route.method === call.method && route.pattern.test(concrete));
      expect(served, `${call.declaration.name}: ${call.method} ${call.path}`).toBe(true);
    }
  });
});

async function firstRow(declaration: ResourceDeclaration): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ page: '0', size: '1' });
  for (const [key, value] of Object.entries(declaration.api.listQuery ?? {})) query.set(key, String(value));
  const answer = envelopeOf(await admin.get(`${declaration.api.list}?${query}`));
  expect(answer.code, `${declaration.name}: ${answer.message}`).toBe(OK);
  const row = answer.content.content[0];
  expect(row, `${declaration.name} has a demo row`).toBeDefined();
  return row;
}

/** Every field a values dialog shows is a key of what its call answers (a renamed key would show as blank). */
function expectFieldsIn(label: string, fields: readonly { source: string }[], content: unknown, key?: string) {
  const shape = valuesShape({ key }, content);
  const record = 'rows' in shape ? shape.rows[0] : shape.record;
  expect(record, `${label}: an answer to compare with`).toBeDefined();
  for (const field of fields) expect(Object.keys(record), `${label}: ${field.source}`).toContain(field.source);
}

describe('every values dialog reads what it shows', () => {
  const readActions = withActions.flatMap((declaration) =>
    (declaration.actions ?? [])
      .filter((action) => action.result?.kind === 'values')
      .map((action) => ({ declaration, action })),
  );

  it('the declarations have values actions to walk', () => {
    expect(readActions.length).toBeGreaterThanOrEqual(4);
  });

  it.each(readActions.map(({ declaration, action }) => [`${declaration.name} ${action.name}`, declaration, action]))(
    '%s',
    async (_name, declaration: ResourceDeclaration, action: ActionDeclaration) => {
      const row = await firstRow(declaration);
      if (action.name === 'industries') {
        // The first enterprise gets an industry, so the table has a row to compare.
        const industry = await test.db.selectFrom('industries').select('id').executeTakeFirstOrThrow();
        await test.db
          .deleteFrom('enterprise_industries')
          .where('enterprise_id', '=', Number(row.id))
          .where('industry_id', '=', Number(industry.id))
          .execute();
        await test.db
          .insertInto('enterprise_industries')
          .values({
            enterprise_id: Number(row.id),
            industry_id: Number(industry.id),
            scope: '软件开发',
            create_time: '2026-01-02 03:04:05',
          })
          .execute();
      }
      const path = actionPath(action, row);
      const params = valuesFromRecord(action, row);
      const response =
        action.method === 'GET'
          ? await admin.get(`${path}${Object.keys(params).length ? `?${new URLSearchParams(toStrings(params))}` : ''}`)
          : await admin({ method: action.method, url: path, payload: { ...action.body, ...params } });
      const answer = envelopeOf(response);
      expect(answer.code, `${path}: ${answer.message}`).toBe(OK);
      const result = action.result as Extract<ActionDeclaration['result'], { kind: 'values' }>;
      expectFieldsIn(`${declaration.name} ${action.name}`, result.fields, answer.content, result.key);
    },
  );

  const listCalls = withListCalls.flatMap((declaration) =>
    (declaration.listCalls ?? []).map((call) => ({ declaration, call })),
  );
  it.each(listCalls.map(({ declaration, call }) => [`${declaration.name} ${call.name}`, call]))(
    '%s',
    async (_name, call: ListCallDeclaration) => {
      const answer = envelopeOf(await admin.get(call.path));
      expect(answer.code, `${call.path}: ${answer.message}`).toBe(OK);
      expectFieldsIn(call.name, call.result.fields, answer.content, call.result.key);
    },
  );
});

function toStrings(params: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

describe('资金管理 lists the closings under way of its own edition', () => {
  /** The sub-accounts being closed of an edition with their companies' names, read from the tables. */
  async function closingOf(mark: number) {
    const rows = await test.db
      .selectFrom('bank_sub_accounts')
      .innerJoin('companies', 'companies.id', 'bank_sub_accounts.company_id')
      .select(['bank_sub_accounts.account_number as accountNumber', 'companies.name as companyName'])
      .where('bank_sub_accounts.platform_mark', '=', mark)
      .where('bank_sub_accounts.status', '=', SUB_ACCOUNT.closing)
      .execute();
    return rows.map((row) => ({ accountNumber: row.accountNumber, companyName: row.companyName }));
  }
  const shown = (content: { accountNumber: string; companyName: string }[]) =>
    content.map((row) => ({ accountNumber: row.accountNumber, companyName: row.companyName }));

  it('a finance operator holding only the standard edition’s 资金管理 reads that edition’s, not the other’s', async () => {
    const standard = await staffAccount(test, 'fund_std_only', ['UI_FUND_MANAGEMENT'], { roleId: 5 });
    const expected = await closingOf(1);
    expect(expected.length, 'the demo data has a standard-edition account being closed').toBeGreaterThan(0);
    const answer = envelopeOf(await standard.get('/api/v1/closingaccounts/platform/1/ongoing'));
    expect(answer.code, answer.message).toBe(OK);
    expect(shown(answer.content)).toEqual(expected);
    expect((await standard.get('/api/v1/closingaccounts/platform/3/ongoing')).statusCode).toBe(403);
  });

  it('the small-scale 资金管理 code reads the small-scale edition only', async () => {
    const small = await staffAccount(test, 'fund_xgm_only', ['UI_XGM_FUND_MANAGEMENT'], { roleId: 5 });
    const expected = await closingOf(3);
    expect(expected.length).toBeGreaterThan(0);
    const answer = envelopeOf(await small.get('/api/v1/closingaccounts/platform/3/ongoing'));
    expect(answer.code, answer.message).toBe(OK);
    expect(shown(answer.content)).toEqual(expected);
    expect((await small.get('/api/v1/closingaccounts/platform/1/ongoing')).statusCode).toBe(403);
  });

  it('staff with neither a bank nor a 资金管理 code are refused, and so is a merchant', async () => {
    const other = await staffAccount(test, 'no_fund_codes', ['UI_COMPANY_MGR']);
    expect((await other.get('/api/v1/closingaccounts/platform/1/ongoing')).statusCode).toBe(403);
    const merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
    expect((await merchant.get('/api/v1/closingaccounts/platform/1/ongoing')).statusCode).toBe(403);
  });
});

describe('代征主体管理: an enterprise’s industries are added, listed and removed from its row', () => {
  it('添加行业 then 所属行业 shows it, 移除行业 (industry id in the path, from the prompt) removes it; both logged', async () => {
    const manager = await staffAccount(test, 'levy_agent_mgr', ['UI_MANAGEMENT_LEVY_AGENT']);
    const enterprise = await test.db
      .selectFrom('enterprises')
      .select('id')
      .where('platform_mark', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const industry = await test.db
      .selectFrom('industries')
      .select(['id', 'nm'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('enterprise_industries')
              .select('enterprise_industries.id')
              .whereRef('enterprise_industries.industry_id', '=', 'industries.id')
              .where('enterprise_industries.enterprise_id', '=', Number(enterprise.id)),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const actions = Object.fromEntries(
      (RESOURCES.find((item) => item.name === 'adAgentmanagement')?.actions ?? []).map((action) => [
        action.name,
        action,
      ]),
    );
    const row = { id: Number(enterprise.id) };
    const add = actions.addIndustry;
    const added = envelopeOf(
      await manager({
        method: add.method,
        url: actionPath(add, row),
        payload: { industryId: Number(industry.id), scope: '信息技术服务' },
      }),
    );
    expect(added.code, added.message).toBe(OK);
    const listed = envelopeOf(await manager.get(actionPath(actions.industries, row)));
    expect(
      listed.content.map((item: { industryName: string; scope: string }) => [item.industryName, item.scope]),
    ).toContainEqual([industry.nm, '信息技术服务']);
    const remove = actions.removeIndustry;
    const answers = { industryId: Number(industry.id) };
    const removed = envelopeOf(
      await manager({
        method: remove.method,
        url: actionPath(remove, row, { industryId: String(answers.industryId) }),
        payload: answers,
      }),
    );
    expect(removed.code, removed.message).toBe(OK);
    const left = await test.db
      .selectFrom('enterprise_industries')
      .select('id')
      .where('enterprise_id', '=', Number(enterprise.id))
      .where('industry_id', '=', Number(industry.id))
      .execute();
    expect(left).toEqual([]);
    const logged = await test.db
      .selectFrom('operation_logs')
      .select('action')
      .where('username', '=', 'levy_agent_mgr')
      .where('record_id', '=', Number(enterprise.id))
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual(['addIndustry', 'deleteIndustry']);
  });
});
