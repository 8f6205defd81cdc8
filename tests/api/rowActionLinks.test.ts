import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath } from '../../resources/actionRequest';
import { RESOURCES } from '../../resources/index';
import type { ActionDeclaration, ResourceDeclaration } from '../../resources/types';
import { findRoute } from '../../src/domain/routes';
import { listUrl, OK } from './support/conformance';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Every declared row action whose answer is a link (`result: { kind: 'link' }`, shown with a copy button): built
 * from a list row exactly as the button builds it (resources/actionRequest.ts, `:companyId` and `:id` from the row),
 * it answers the declared field. Found from the declarations, so a new link action is called without editing this.
 */

const LINK_ACTIONS = RESOURCES.flatMap((declaration) =>
  (declaration.actions ?? [])
    .filter((action) => action.result?.kind === 'link')
    .map((action) => [`${declaration.name} ${action.label}`, declaration, action] as const),
);

let t: TestApp;
let clients: { admin: AuthedClient; merchant: AuthedClient };

beforeAll(async () => {
  t = await createTestApp();
  clients = {
    admin: authed(t.app, await tokenOf(t.app, 'admin')),
    merchant: authed(t.app, await tokenOf(t.app, 'merchant')),
  };
});
afterAll(async () => t?.close());

/** The page's own audience: a merchant page as the demo merchant, a staff page as the admin. */
const callerOf = (declaration: ResourceDeclaration) =>
  findRoute(`/${declaration.name}`)?.shell === 'merchant' ? clients.merchant : clients.admin;

function shownOn(action: ActionDeclaration, row: Record<string, unknown>): boolean {
  const when = action.visibleWhen;
  return !when || when.in.some((value) => String(value) === String(row[when.field]));
}

describe('row actions answering a link', () => {
  it('include 签署地址 (service_signurl) on /contractManagement', () => {
    expect(LINK_ACTIONS.map(([name]) => name)).toContain('contractManagement 签署地址');
  });

  it.each(LINK_ACTIONS)('%s answers its link for a row it is shown on', async (_name, declaration, action) => {
    const client = callerOf(declaration);
    const listed = envelopeOf(await client.get(listUrl(declaration, { size: 200 })));
    expect(listed.code, listed.message).toBe(OK);
    const row = (listed.content.content as Record<string, unknown>[]).find((candidate) => shownOn(action, candidate));
    expect(row, `a row of ${declaration.name} shows ${action.label}`).toBeDefined();
    const path = actionPath(action, row as Record<string, unknown>);
    expect(path).not.toMatch(/:[A-Za-z]/);
    const response = await client({
      method: action.method,
      url: path,
      payload: action.method === 'GET' ? undefined : (action.body ?? {}),
    });
    const answer = envelopeOf(response);
    expect([response.statusCode, answer.code, answer.message]).toEqual([200, OK, answer.message]);
    const field = action.result?.kind === 'link' ? action.result.field : '';
    expect(typeof answer.content[field]).toBe('string');
    expect(String(answer.content[field]).length).toBeGreaterThan(0);
  });

  it('refuses 签署地址 for a cancelled contract and for one without an enterprise to sign with', async () => {
    const own = await t.db
      .selectFrom('contracts')
      .select('id')
      .where('company_id', '=', 1)
      .where('sign_status', '=', 0)
      .orderBy('id')
      .limit(2)
      .execute();
    expect(own.length).toBe(2);
    const [cancelled, unassigned] = own.map((row) => Number(row.id));
    await t.db.updateTable('contracts').set({ data_status: 0 }).where('id', '=', cancelled).execute();
    await t.db
      .updateTable('contracts')
      .set({ enterprise_id: null, data_status: 1 })
      .where('id', '=', unassigned)
      .execute();
    const link = (id: number) => `/api/v1/companies/service_signurl/1?id=${id}`;
    expect(envelopeOf(await clients.merchant.get(link(cancelled)))).toMatchObject({
      code: 1040400,
      message: '该合同已作废',
    });
    expect(envelopeOf(await clients.merchant.get(link(unassigned)))).toMatchObject({
      code: 1040400,
      message: '该合同未指定服务主体，不能在线签署',
    });
  });

  it("refuses 签署地址 for a contract of another company named in the path's company", async () => {
    const others = await t.db
      .selectFrom('contracts')
      .select(['id', 'company_id'])
      .where('company_id', '!=', 1)
      .where('sign_status', '=', 0)
      .limit(1)
      .execute();
    expect(others.length).toBe(1);
    const path = actionPath(
      { path: '/api/v1/companies/service_signurl/:companyId?id=:id' },
      {
        id: Number(others[0].id),
        companyId: 1,
      },
    );
    const answer = envelopeOf(await clients.merchant.get(path));
    expect(answer.code).not.toBe(OK);
    expect(answer.content).toBeNull();
  });
});
