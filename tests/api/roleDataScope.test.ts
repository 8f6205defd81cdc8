import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { assignRole } from '../../server/people/roles.service';
import { ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { multipartRequest } from './support/multipart';
import { registeredRoutes } from './support/registeredRoutes';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

/**
 * A role's data scope is data on the role: every GET route and every file download, called as a staff account of
 * a role of each scope (its departments, its subsidiary, the companies assigned to it, none, or one edition) and as
 * the seeded 分公司人员 (role 11), performs the reads of a company outside that scope: its records by id, its
 * records by company id in the query, and the file its merchant uploaded. No answer may carry that company's
 * name or credit code (read from the database), and no download of its file may succeed. The same walk as a
 * merchant of each edition on the signing entities (主体) of the other edition.
 */

const OK = 1020000;
const VICTIM = 1;
const MARKER = '越权探针上海灵动科技有限公司';
/** Query parameters the company-keyed calls take the company by. */
const COMPANY_QUERY = `coid=${VICTIM}&companyId=${VICTIM}&companyid=${VICTIM}&cid=${VICTIM}&platformmark=1`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let admin: AuthedClient;
let demoHash: string;
let serial = 0;
/** What identifies the victim company in an answer. */
let victimMarkers: string[] = [];
/** Ids of the victim's records in every table that keys rows by company, and of its merchant's upload. */
let victimIds: number[] = [];
let victimUpload = 0;
/** A payout item of the victim's paid just now through the development channel: it has a receipt (下载回单). */
let victimPaidItem = 0;

interface ScopedCaller {
  label: string;
  client: AuthedClient;
}

const callers: ScopedCaller[] = [];

async function createRole(name: string, dataScope: string, dataEditions: number[]): Promise<number> {
  // Every staff code an admin holds but role settings: the widest set of routes a scope has to hold on.
  const codes = [...ROLE_TEMPLATES[1]].filter((code) => !code.startsWith('MER_') && code !== 'UI_ROLE_SETTING');
  const answer = envelopeOf(
    await admin({ method: 'POST', url: '/api/v1/roles', payload: { name, kind: 5, codes, dataScope, dataEditions } }),
  );
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.id as number;
}

async function staffOf(roleId: number, links: { departments?: number[]; subsidiaries?: number[] }) {
  serial += 1;
  const username = `scope${serial}`;
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      mobile: `1371111${String(serial).padStart(4, '0')}`,
      password_hash: demoHash,
      role_id: 5,
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
  const userId = Number(row.id);
  await t.db.transaction().execute((tx) => assignRole(tx, userId, roleId));
  for (const department_id of links.departments ?? []) {
    await t.db.insertInto('user_departments').values({ user_id: userId, department_id }).execute();
  }
  for (const subsidiary_id of links.subsidiaries ?? []) {
    await t.db.insertInto('user_subsidiaries').values({ user_id: userId, subsidiary_id }).execute();
  }
  const answer = await login(t.app, username);
  expect(answer.code, answer.message).toBe(OK);
  return authed(t.app, answer.content.token);
}

/** A funded batch of one row for the company, paid by the development channel; answers its item's id. */
async function paidItemOf(companyId: number): Promise<number> {
  const account = { companyId, platformMark: 1 };
  const idBody = '11010119570404001';
  const cardBody = '622202000000000077';
  const created = await t.db.transaction().execute(async (tx) => {
    await postEntries(
      tx,
      account,
      [{ kind: LEDGER.recharge, amount: 1_000_000, refType: 'recharge', refId: 990_101, operatorId: null }],
      chinaTime(),
    );
    return createBatch(tx, {
      ...account,
      operatorId: 1,
      rows: [
        {
          rowNo: 1,
          name: '范围回单收款人',
          idCard: idBody + nationalIdCheckChar(idBody),
          bankCard: cardBody + luhnCheckDigit(cardBody),
          mobile: null,
          amount: 100_000,
          remark: null,
        },
      ],
      rate: 600,
      draftId: null,
      now: chinaTime(),
    });
  });
  await t.app.payouts.drain();
  const item = await t.db
    .selectFrom('payout_items')
    .select(['id', 'status'])
    .where('batch_id', '=', created.batchId)
    .executeTakeFirstOrThrow();
  expect(Number(item.status)).toBe(ITEM.succeeded);
  return Number(item.id);
}

/** Every id the victim company has in a table that keys its rows by company_id. */
async function idsOfCompany(companyId: number): Promise<number[]> {
  const ids = new Set<number>([companyId]);
  for (const table of await t.db.introspection.getTables()) {
    const columns = new Set(table.columns.map((column) => column.name));
    if (!columns.has('id') || !columns.has('company_id')) continue;
    const rows = await (t.db as any)
      .selectFrom(table.name)
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(2)
      .execute();
    for (const item of rows as { id: unknown }[]) {
      const id = Number(item.id);
      if (Number.isSafeInteger(id)) ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

function getRoutes() {
  return registeredRoutes(t.app).filter(
    (route) => route.method === 'GET' && (route.url.startsWith('/api') || route.url.startsWith('/api-v1')),
  );
}

/** The GET calls that name the victim: each route with each of its ids in the path, the company in the query. */
function victimCalls(ids: readonly number[]): string[] {
  const calls = new Set<string>();
  for (const route of getRoutes()) {
    if (route.url.includes('*')) continue;
    const values = route.url.includes(':') ? ids : [0];
    for (const id of values) {
      const path = route.url.replace(/:[A-Za-z_]+/g, String(id));
      calls.add(`${path}${path.includes('?') ? '&' : '?'}${COMPANY_QUERY}&id=${id}&file=${victimUpload}`);
    }
  }
  return [...calls];
}

/** The calls whose answer carries a marker, as `url → status`. */
async function leaks(client: AuthedClient, urls: readonly string[], markers: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    const response = await client.get(url);
    const body = response.body;
    const marker = markers.find((item) => body.includes(item));
    if (marker) found.push(`${url} → ${response.statusCode} 含「${marker}」`);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  demoHash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'caiwu').executeTakeFirstOrThrow()
  ).password_hash;
  const victim = await t.db
    .selectFrom('companies')
    .select(['name', 'credit_code', 'department_id', 'subsidiary_id', 'platform_mark'])
    .where('id', '=', VICTIM)
    .executeTakeFirstOrThrow();
  // The scopes below are chosen to leave the victim out: check the seed still places it where they assume.
  expect(victim).toMatchObject({ department_id: 1, subsidiary_id: 1, platform_mark: 1 });
  await t.db.updateTable('companies').set({ name: MARKER }).where('id', '=', VICTIM).execute();
  victimMarkers = [MARKER, victim.name, victim.credit_code].filter((item): item is string => Boolean(item));

  // A file the victim's merchant uploads just now (ids are sequential: the attacker can guess it).
  const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  const uploaded = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/common/uploadfiles',
      ...multipartRequest([{ name: 'file', filename: 'voucher.png', content: PNG, contentType: 'image/png' }]),
    }),
  );
  expect(uploaded.code, uploaded.message).toBe(OK);
  victimUpload = Number(uploaded.content.id);
  // A push of the victim's (消息推送): the staff's delivery log (/adWebhookDeliveries) names its company.
  await t.db
    .insertInto('webhook_deliveries')
    .values({
      event_id: 'evt_scope_probe',
      company_id: VICTIM,
      kind: 1,
      event_type: 'payout.item.succeeded',
      record_id: 0,
      payload: '{}',
      next_time: null,
      lease_until: null,
      create_time: chinaTime(),
    })
    .execute();
  victimPaidItem = await paidItemOf(VICTIM);
  // The seed's first items of the victim may be unpaid: the walk names this one too, so the receipt route is
  // called with an id that answers a PDF to a caller in scope.
  victimIds = [...new Set([...(await idsOfCompany(VICTIM)), victimPaidItem])].sort((a, b) => a - b);

  const scoped: [string, string, number[], { departments?: number[]; subsidiaries?: number[] }][] = [
    ['本部门数据（部门 3）', 'department', [1, 3], { departments: [3] }],
    ['本分公司数据（分公司 51）', 'subsidiary', [1, 3], { subsidiaries: [51] }],
    ['本人负责的企业（无）', 'assigned', [1, 3], {}],
    ['无数据权限', 'none', [1, 3], { departments: [1] }],
    ['全部数据（仅小规模版）', 'all', [3], {}],
  ];
  for (const [label, dataScope, editions, links] of scoped) {
    const roleId = await createRole(`范围${dataScope}${editions.join('')}`, dataScope, editions);
    callers.push({ label, client: await staffOf(roleId, links) });
  }
  callers.push({
    label: '分公司人员 xgmkaipiao（角色 11）',
    client: authed(t.app, await tokenOf(t.app, 'xgmkaipiao'), 3),
  });
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('a role’s data scope holds on every GET route and download', () => {
  it('the walk reaches the company-keyed calls and the victim’s records (the test can see a leak)', async () => {
    expect(victimIds.length).toBeGreaterThan(5);
    const urls = victimCalls(victimIds);
    expect(urls.length).toBeGreaterThan(200);
    // The admin reaches the victim: the markers are in the answers a leak would carry.
    const seen = await leaks(admin, urls.slice(0, 2000), victimMarkers);
    expect(seen.length).toBeGreaterThan(20);
    const adminFile = await admin.get(`/api-v1/dl?file=${victimUpload}`);
    expect(adminFile.statusCode).toBe(200);
  }, 600_000);

  it('no scoped caller reads the victim company’s records, by id or by company', async () => {
    const urls = victimCalls(victimIds);
    const found: string[] = [];
    for (const caller of callers) {
      for (const leak of await leaks(caller.client, urls, victimMarkers)) found.push(`${caller.label}: ${leak}`);
    }
    expect(found).toEqual([]);
  }, 900_000);

  it('no scoped caller downloads the file the victim’s merchant uploaded, on any download route', async () => {
    const downloads = getRoutes().filter((route) => /(^|\/)dl$|download/i.test(route.url) && !route.url.includes(':'));
    expect(downloads.map((route) => route.url)).toContain('/api-v1/dl');
    const served: string[] = [];
    for (const caller of callers) {
      for (const route of downloads) {
        const response = await caller.client.get(`${route.url}?file=${victimUpload}&rn=voucher.png`);
        if (response.statusCode === 200 && response.body.length > 0 && !response.body.startsWith('{')) {
          served.push(`${caller.label}: ${route.url}`);
        }
      }
    }
    expect(served).toEqual([]);
  }, 300_000);

  it('no scoped caller downloads the victim’s payout receipt (下载回单), which the admin can', async () => {
    const url = `/api/v1/remittances/items/${victimPaidItem}/receipt`;
    const adminReceipt = await admin.get(url);
    expect(adminReceipt.statusCode).toBe(200);
    expect(adminReceipt.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // The walk above calls the receipt route with this very id.
    expect(victimCalls(victimIds).some((call) => call.startsWith(`${url}?`))).toBe(true);
    const served: string[] = [];
    for (const caller of callers) {
      const response = await caller.client.get(url);
      if (response.rawPayload.subarray(0, 4).toString('latin1') === '%PDF') served.push(caller.label);
    }
    expect(served).toEqual([]);
  });

  it('refuses the victim’s bank balance and company record to each scoped caller', async () => {
    for (const caller of callers) {
      for (const url of [`/api/v1/bankaccounts/balance?coid=${VICTIM}&platformmark=1`, `/api/v1/companies/${VICTIM}`]) {
        const response = await caller.client.get(url);
        const answer = response.statusCode === 200 ? envelopeOf(response) : null;
        expect(answer?.code, `${caller.label} ${url}`).not.toBe(OK);
      }
    }
  });
});

describe('signing entities (主体) of the other edition', () => {
  it('a merchant reads no signing entity of the other edition on any GET route', async () => {
    const found: string[] = [];
    for (const [username, mark, other] of [
      ['merchant', 1, 3],
      ['xgm', 3, 1],
    ] as const) {
      const entities = await t.db
        .selectFrom('enterprises')
        .select(['id', 'name'])
        .where('platform_mark', '=', other)
        .execute();
      expect(entities.length).toBeGreaterThan(0);
      const client = authed(t.app, await tokenOf(t.app, username, mark === 3 ? 3 : 1), mark);
      const urls = getRoutes()
        .filter((route) => route.url.includes(':') && !route.url.includes('*'))
        .flatMap((route) => entities.map((entity) => route.url.replace(/:[A-Za-z_]+/g, String(entity.id))));
      const names = entities.map((entity) => entity.name);
      for (const leak of await leaks(client, urls, names)) found.push(`${username}: ${leak}`);
      const risk = envelopeOf(await client.get(`/api/v1/enterprises/risk/${entities[0].id}`));
      expect(risk.code, `${username} risk/${entities[0].id}`).not.toBe(OK);
      expect(risk.message).toBe('该主体不属于此版本');
    }
    expect(found).toEqual([]);
  }, 600_000);
});
