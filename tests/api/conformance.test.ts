import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { BINDINGS } from '../../server/bindings';
import type { ResourceBinding } from '../../server/engine/binding';
import {
  ACCOUNTS,
  type Account,
  callerOf,
  checkFilters,
  checkOne,
  checkPaging,
  checkQueryContract,
  checkRoles,
  checkSort,
  checkWritesDenied,
  type KitContext,
  listUrl,
  mayList,
  OK,
} from './support/conformance';
import { authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The conformance kit for every declared resource (resources/index.ts): a new declaration gets the whole
 * contract walk without a line here. Resources the engine serves (server/bindings.ts) are also checked for
 * data scope against an oracle that counts the rows each account may see straight from the database.
 */

let t: TestApp;
const context = {} as KitContext;
const sessions = {} as Record<
  Account,
  { companyId: number | null; platformMark: number; deptScope: number[] | null; salePartnerId: number | null }
>;

beforeAll(async () => {
  t = await createTestApp();
  // The seed gives hehuoren every company of its department: take half of them away, so that the partner's
  // own companies (sale partner) and its departments' companies differ and the scope oracle tells them apart.
  await t.db
    .updateTable('companies')
    .set({ sale_partner_id: null })
    .where('department_id', '=', 2)
    .where(sql<boolean>`id % 2 = 0`)
    .execute();
  context.all = RESOURCES;
  context.clients = {} as KitContext['clients'];
  context.authorities = {} as KitContext['authorities'];
  for (const account of ACCOUNTS) {
    const type = account === 'xgm' ? 3 : 1;
    context.clients[account] = authed(t.app, await tokenOf(t.app, account, type), type);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'role_id', 'company_id', 'platform_mark'])
      .where('username', '=', account)
      .executeTakeFirstOrThrow();
    const codes = await t.db
      .selectFrom('user_authorities')
      .select('authority')
      .where('user_id', '=', user.id)
      .execute();
    context.authorities[account] = new Set(codes.map((row) => row.authority));
    const departments = await t.db
      .selectFrom('user_departments')
      .select('department_id')
      .where('user_id', '=', user.id)
      .execute();
    sessions[account] = {
      companyId: user.company_id,
      platformMark: user.platform_mark,
      deptScope: user.role_id === 3 || user.role_id === 4 ? departments.map((row) => row.department_id) : null,
      // A partner's companies are those whose sale partner it is, within its departments.
      salePartnerId: user.role_id === 4 ? Number(user.id) : null,
    };
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** How many rows of a bound table an account may see, counted without the server. */
async function visibleRows(binding: ResourceBinding, account: Account): Promise<number> {
  const rule = binding.scope;
  const session = sessions[account];
  const table = sql.table(binding.table);
  // A view's fixed column values (one edition or list of a shared table) hold for every account.
  const fixed = sql.join(
    Object.entries(binding.fixed ?? {}).map(([name, value]) => sql`${sql.ref(`${binding.table}.${name}`)} = ${value}`),
    sql` and `,
  );
  let inView = binding.fixed ? fixed : sql`1 = 1`;
  // A view's own condition (binding.where, e.g. workers of 大熊 enterprises) holds for every account too.
  if (binding.where) {
    const rows = (t.db.selectFrom(binding.table as any) as any).select(`${binding.table}.id`).where(binding.where);
    inView = sql`${inView} and ${sql.ref(`${binding.table}.id`)} in (${rows})`;
  }
  // A page with a code per edition: an account sees the editions whose codes it holds (admin all).
  if (binding.editionCodes && account !== 'admin') {
    const marks = Object.entries(binding.editionCodes.codes)
      .filter(([, codes]) => codes.some((code) => context.authorities[account].has(code)))
      .map(([mark]) => Number(mark));
    inView = sql`${inView} and ${sql.ref(binding.editionCodes.column)} in (${sql.join(marks.length > 0 ? marks : [-1])})`;
  }
  if (!rule) {
    return Number(
      (await sql<{ n: number }>`select count(*) as n from ${table} where ${inView}`.execute(t.db)).rows[0].n,
    );
  }
  const column = sql.ref(rule.column);
  let where = sql`1 = 1`;
  if (rule.kind === 'edition') where = sql`${column} = ${session.platformMark}`;
  else if (rule.kind === 'company' && account !== 'admin' && session.companyId !== null && !session.deptScope) {
    where = sql`${column} = ${session.companyId}`;
  } else if (session.deptScope) {
    const ids = session.deptScope.length > 0 ? session.deptScope : [-1];
    where =
      rule.kind === 'company'
        ? sql`${column} in (select id from companies where department_id in (${sql.join(ids)})${
            session.salePartnerId === null ? sql`` : sql` and sale_partner_id = ${session.salePartnerId}`
          })`
        : rule.kind === 'partner'
          ? session.salePartnerId !== null
            ? sql`${column} = ${session.salePartnerId}`
            : sql`${column} in (select user_id from user_departments where department_id in (${sql.join(ids)}))`
          : sql`${column} in (${sql.join(ids)})`;
  }
  return Number(
    (await sql<{ n: number }>`select count(*) as n from ${table} where ${where} and ${inView}`.execute(t.db)).rows[0].n,
  );
}

for (const declaration of RESOURCES) {
  describe(`${declaration.name} (${declaration.api.list})`, () => {
    const caller = () => context.clients[callerOf(context, declaration)];

    it('pages from 0, ends on the last page, caps the size', async () => {
      await checkPaging(caller(), declaration);
    });

    it('applies every declared filter alone, refusing malformed values', async () => {
      await checkFilters(caller(), declaration);
    });

    it('refuses unknown keys and malformed pairs, reads a twice-encoded q', async () => {
      await checkQueryContract(context, caller(), declaration);
    });

    it('sorts on the whitelisted fields only', async () => {
      await checkSort(caller(), declaration);
    });

    it('answers each account as its codes allow', async () => {
      await checkRoles(context, declaration);
    });

    it('refuses writes to accounts without the codes, and everything without a token', async () => {
      await checkWritesDenied(context, declaration, (options) => t.app.inject(options));
    });

    it('reads one record by id and refuses a missing one', async () => {
      await checkOne(caller(), declaration);
    });

    const binding = BINDINGS.find((candidate) => candidate.declaration === declaration);
    if (binding) {
      it(`shows each account only its ${binding.scope ? `${binding.scope.kind} scope` : 'rows'}`, async () => {
        for (const account of ACCOUNTS) {
          if (!mayList(context, declaration, account)) continue;
          const response = await context.clients[account].get(listUrl(declaration, { page: 0, size: 1 }));
          const body = envelopeOf(response);
          expect(body.code, `${account}: ${body.message}`).toBe(OK);
          expect(body.content.totalElements, `${declaration.name} as ${account}`).toBe(
            await visibleRows(binding, account),
          );
        }
      });
    }
  });
}
