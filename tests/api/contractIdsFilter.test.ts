import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContracts } from '../../resources/contracts';
import type { ResourceDeclaration } from '../../resources/types';
import { BINDINGS } from '../../server/bindings';
import { BUSINESS, listUrl, OK, qOf } from './support/conformance';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The spec's contract filter contractIds (§3: a comma-separated list of contract ids) on every staff list of
 * contracts: the hand-written /adPlatformCooperation and every engine view of the contracts table (the agreement
 * pages), found from the registered bindings so a new contract view is walked without editing this file.
 */

const CONTRACT_VIEWS: readonly {
  declaration: ResourceDeclaration;
  fixed: Readonly<Record<string, string | number>>;
}[] = [
  { declaration: adminContracts, fixed: {} },
  ...BINDINGS.filter((binding) => binding.table === 'contracts').map((binding) => ({
    declaration: binding.declaration,
    fixed: binding.fixed ?? {},
  })),
];

const MALFORMED = ['a,b', '1,,2', '-1', '0', '1.5', '１', '1,2x', ' , '];

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => t?.close());

async function list(declaration: ResourceDeclaration, contractIds: string) {
  const response = await admin.get(listUrl(declaration, { q: qOf({ contractIds }), size: 100 }));
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return envelopeOf<{ content: { id: number }[]; totalElements: number }>(response);
}

/** Contract ids of the view (its fixed columns) and of other views, straight from the table. */
async function idsInAndOut(fixed: Readonly<Record<string, string | number>>) {
  const rows = await t.db
    .selectFrom('contracts')
    .select(['id', 'agreement_type', 'platform_mark'])
    .orderBy('id')
    .execute();
  const inView = (row: Record<string, unknown>) =>
    Object.entries(fixed).every(([column, value]) => String(row[column]) === String(value));
  return {
    inside: rows.filter(inView).map((row) => Number(row.id)),
    outside: rows.filter((row) => !inView(row)).map((row) => Number(row.id)),
  };
}

describe('contractIds on every staff list of contracts', () => {
  it('finds the agreement pages among the registered contract views', () => {
    const names = CONTRACT_VIEWS.map((view) => view.declaration.name);
    for (const name of [
      'adPlatformCooperation',
      'adServiceManagement',
      'adSmallServiceManagement',
      'adServiceOutsource',
      'adSmallServiceOutsource',
      'adAccountOpeningContract',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(CONTRACT_VIEWS.map((view) => [view.declaration.name, view] as const))(
    '%s declares the filter and keeps exactly the listed contracts of its own view',
    async (_name, { declaration, fixed }) => {
      expect(declaration.filters.map((filter) => filter.key)).toContain('contractIds');
      let { inside, outside } = await idsInAndOut(fixed);
      if (inside.length === 0) {
        // The demo data has none of this kind (开户合同): one contract of another kind becomes one.
        await t.db
          .updateTable('contracts')
          .set(fixed)
          .where('id', '=', outside[outside.length - 1])
          .execute();
        ({ inside, outside } = await idsInAndOut(fixed));
      }
      expect(inside.length, `${declaration.name} has a contract`).toBeGreaterThan(0);
      const wanted = inside.slice(0, 2);
      const asked = [...wanted, ...outside.slice(0, 1), 99_999_999];
      const answer = await list(declaration, asked.join(', '));
      expect(answer.code, answer.message).toBe(OK);
      expect(answer.content.content.map((row) => row.id).sort((a, b) => a - b)).toEqual(wanted);
      expect(answer.content.totalElements).toBe(wanted.length);
    },
  );

  it.each(CONTRACT_VIEWS.map((view) => [view.declaration.name, view.declaration] as const))(
    '%s refuses anything but positive whole numbers with a Chinese message, never a 500',
    async (_name, declaration) => {
      for (const contractIds of MALFORMED) {
        const answer = await list(declaration, contractIds);
        expect({ contractIds, code: answer.code, message: answer.message }).toEqual({
          contractIds,
          code: BUSINESS,
          message: '合同ID格式不正确，多个请用英文逗号分隔',
        });
      }
      const many = Array.from({ length: 1001 }, (_, index) => index + 1).join(',');
      const tooMany = await list(declaration, many);
      expect([tooMany.code, tooMany.message]).toEqual([BUSINESS, '最多可查询 1000 个编号']);
    },
  );
});
