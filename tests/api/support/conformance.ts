import { expect } from 'vitest';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from '../../../resources/types';
import { filterKeys, sortFields } from '../../../resources/types';
import { findRoute } from '../../../src/domain/routes';
import { type AuthedClient, type Envelope, envelopeOf } from './testApp';

/**
 * The contract walk of DESIGN §2 against the real server, for any declared list: paging (0-based, last page,
 * beyond the last, size cap), every declared filter alone, an unknown key, malformed and twice-encoded pairs,
 * the sort whitelist, each demo account allowed or denied, and (given an oracle) the rows each scoped account
 * may see. tests/api/conformance.test.ts runs it for every declaration in resources/index.ts.
 */

export const OK = 1020000;
export const BUSINESS = 1040400;

export type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
export const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

export interface Page {
  content: Record<string, unknown>[];
  totalElements: number;
  number: number;
  size: number;
}

export interface KitContext {
  clients: Record<Account, AuthedClient>;
  /** The codes each account holds (role 1, admin, passes every check). */
  authorities: Record<Account, ReadonlySet<string>>;
  /** Every declaration, to know which share a list path (the server then accepts the union of their keys). */
  all: readonly ResourceDeclaration[];
}

type ListParams = { q?: string; page?: number | string; size?: number | string; sort?: string };

/**
 * The list URL as the web app builds it for this declaration: its fixed filters join q=, its extra query
 * parameters (an edition's platformmark) ride along.
 */
export function listUrl(declaration: ResourceDeclaration, params: ListParams) {
  const parts: string[] = [];
  const fixed = declaration.api.fixedFilters ? qOf(declaration.api.fixedFilters) : '';
  const q = [fixed, params.q ?? ''].filter(Boolean).join(';');
  if (q) parts.push(`q=${q}`);
  for (const [key, value] of Object.entries(declaration.api.listQuery ?? {})) {
    parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  if (params.page !== undefined) parts.push(`page=${params.page}`);
  if (params.size !== undefined) parts.push(`size=${params.size}`);
  if (params.sort !== undefined) parts.push(`sort=${encodeURIComponent(params.sort)}`);
  return parts.length > 0 ? `${declaration.api.list}?${parts.join('&')}` : declaration.api.list;
}

export function qOf(filters: Record<string, string | number>): string {
  return Object.entries(filters)
    .map(([key, value]) => encodeURIComponent(`${key}:${value}`))
    .join(';');
}

async function answer(client: AuthedClient, url: string): Promise<Envelope> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`).toBe(200);
  return envelopeOf(response);
}

async function page(client: AuthedClient, declaration: ResourceDeclaration, params: ListParams): Promise<Page> {
  const url = listUrl(declaration, params);
  const body = await answer(client, url);
  expect(body.code, `${url}: ${body.message}`).toBe(OK);
  return body.content as Page;
}

async function refused(client: AuthedClient, declaration: ResourceDeclaration, params: ListParams): Promise<string> {
  const url = listUrl(declaration, params);
  const body = await answer(client, url);
  expect(body.code, `${url} should be refused`).toBe(BUSINESS);
  expect(body.message.length).toBeGreaterThan(0);
  return body.message;
}

/** Declarations served by the same list path: the server cannot tell them apart, so it takes the union. */
function siblings(context: KitContext, declaration: ResourceDeclaration): ResourceDeclaration[] {
  return context.all.filter((other) => other.api.list === declaration.api.list);
}

/** Whether an account may call the list: role 1, or any code of any declaration sharing the path ([] = anyone). */
export function mayList(context: KitContext, declaration: ResourceDeclaration, account: Account): boolean {
  if (account === 'admin') return true;
  // Staff on an edition's view (platformmark rides along) are checked against that view's own codes; a
  // merchant on a shared path gets its own company's rows under the merchant page's codes.
  const merchant = account === 'merchant' || account === 'xgm';
  const views = declaration.api.listQuery && !merchant ? [declaration] : siblings(context, declaration);
  return views.some(
    (other) =>
      other.permissions.list.length === 0 ||
      other.permissions.list.some((code) => context.authorities[account].has(code)),
  );
}

/** The account the walk runs as: the page's own shell and edition (merchant pages as a merchant). */
export function callerOf(context: KitContext, declaration: ResourceDeclaration): Account {
  const route = findRoute(`/${declaration.name}`);
  const candidates: Account[] =
    route?.shell === 'merchant'
      ? route.edition === 3 || declaration.name.startsWith('small')
        ? ['xgm', 'merchant']
        : ['merchant', 'xgm']
      : route?.edition === 3
        ? ['admin', 'caiwu', 'kefu']
        : ['admin', 'caiwu', 'kefu', 'hehuoren'];
  const allowed = candidates.find((account) =>
    declaration.permissions.list.length === 0
      ? true
      : account === 'admin' || declaration.permissions.list.some((code) => context.authorities[account].has(code)),
  );
  return allowed ?? 'admin';
}

function fieldOf(declaration: ResourceDeclaration, key: string): FieldDeclaration | undefined {
  return declaration.fields.find((field) => field.source === key);
}

function comparable(value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : String(value);
}

function assertOrdered(rows: Record<string, unknown>[], field: string, order: 'asc' | 'desc', label: string) {
  const values = rows.map((row) => comparable(row[field])).filter((value) => value !== null) as (number | string)[];
  for (let index = 1; index < values.length; index += 1) {
    const [a, b] = [values[index - 1], values[index]];
    if (typeof a !== typeof b) continue;
    if (order === 'asc') expect(a <= b, `${label}: ${a} before ${b}`).toBe(true);
    else expect(a >= b, `${label}: ${a} before ${b}`).toBe(true);
  }
}

/** Paging: page 0, the last page, the page after it, a full walk equal to one large page, and the size cap. */
export async function checkPaging(client: AuthedClient, declaration: ResourceDeclaration): Promise<void> {
  const first = await page(client, declaration, { page: 0, size: 2 });
  expect(first.number).toBe(0);
  expect(first.size).toBe(2);
  expect(first.content.length).toBe(Math.min(2, first.totalElements));
  const total = first.totalElements;
  if (total > 0) {
    const last = Math.ceil(total / 2) - 1;
    const lastPage = await page(client, declaration, { page: last, size: 2 });
    expect(lastPage.content.length).toBe(total - last * 2);
    expect(lastPage.totalElements).toBe(total);
  }
  const beyond = await page(client, declaration, { page: Math.ceil(total / 2), size: 2 });
  expect(beyond.content).toEqual([]);
  expect(beyond.totalElements).toBe(total);
  if (total > 0 && total <= 60) {
    const whole = await page(client, declaration, { page: 0, size: total });
    const walked: unknown[] = [];
    for (let index = 0; index * 7 < total; index += 1) {
      walked.push(...(await page(client, declaration, { page: index, size: 7 })).content);
    }
    expect(walked.map((row) => JSON.stringify(row))).toEqual(whole.content.map((row) => JSON.stringify(row)));
  }
  await refused(client, declaration, { page: 0, size: 100_001 });
  await refused(client, declaration, { page: 0, size: 0 });
  await refused(client, declaration, { page: -1, size: 10 });
  await refused(client, declaration, { page: 'x', size: 10 });
}

/** A value for a filter taken from a row that has it, so the filter is known to match at least that row. */
function sampleValue(declaration: ResourceDeclaration, filter: FilterDeclaration, rows: Record<string, unknown>[]) {
  const field = fieldOf(declaration, filter.key);
  if (!field) return undefined;
  for (const row of rows) {
    const value = row[filter.key];
    if ((filter.type === 'number' || filter.type === 'reference') && typeof value === 'number') return String(value);
    if (filter.type === 'text' && typeof value === 'string' && value.trim() && !value.includes('*')) {
      return value.trim();
    }
  }
  return undefined;
}

/** Every declared filter alone: accepted, and where a field shows the filtered value, every row agrees. */
export async function checkFilters(client: AuthedClient, declaration: ResourceDeclaration): Promise<void> {
  const sample = (await page(client, declaration, { page: 0, size: 50 })).content;
  for (const filter of declaration.filters) {
    const label = `${declaration.name} filter ${filter.key}`;
    if (filter.type === 'dateRange' && filter.endKey) {
      await page(client, declaration, {
        q: qOf({ [filter.key]: '2000-01-01', [filter.endKey]: '2099-12-31' }),
        size: 10,
      });
      await refused(client, declaration, { q: qOf({ [filter.key]: '2000-01-01' }) });
      await refused(client, declaration, { q: qOf({ [filter.key]: '2024-02-01', [filter.endKey]: '2024-01-01' }) });
      await refused(client, declaration, { q: qOf({ [filter.key]: 'not-a-date', [filter.endKey]: '2024-01-01' }) });
      continue;
    }
    if (filter.type === 'enum') {
      for (const choice of filter.choices ?? []) {
        const rows = (await page(client, declaration, { q: qOf({ [filter.key]: choice.id }), size: 50 })).content;
        if (fieldOf(declaration, filter.key)?.type === 'enum') {
          for (const row of rows) if (filter.key in row) expect(row[filter.key], label).toBe(choice.id);
        }
      }
      await refused(client, declaration, { q: qOf({ [filter.key]: 'abc' }) });
      continue;
    }
    const value = sampleValue(declaration, filter, sample);
    if (value === undefined) {
      // No row shows this key's value: the filter must still answer, or refuse a value of the wrong form.
      const url = listUrl(declaration, { q: qOf({ [filter.key]: filter.type === 'text' ? '测试' : 1 }), size: 5 });
      expect([OK, BUSINESS], label).toContain((await answer(client, url)).code);
    } else {
      const rows = (await page(client, declaration, { q: qOf({ [filter.key]: value }), size: 50 })).content;
      expect(rows.length, `${label}=${value} matches the row it was taken from`).toBeGreaterThan(0);
      for (const row of rows) {
        const shown = row[filter.key];
        if (filter.type !== 'text') expect(String(shown), label).toBe(value);
        else expect(String(shown).toLowerCase(), label).toContain(value.toLowerCase());
      }
    }
    if (filter.type === 'number' || filter.type === 'reference') {
      await refused(client, declaration, { q: qOf({ [filter.key]: 'abc' }) });
    }
  }
}

/** Unknown keys, malformed pairs and a twice-encoded q. */
export async function checkQueryContract(
  context: KitContext,
  client: AuthedClient,
  declaration: ResourceDeclaration,
): Promise<void> {
  const known = new Set(siblings(context, declaration).flatMap((other) => filterKeys(other)));
  expect(known.has('nosuchkey')).toBe(false);
  expect(await refused(client, declaration, { q: qOf({ nosuchkey: 1 }) })).toContain('nosuchkey');
  await refused(client, declaration, { q: 'abc' });
  await refused(client, declaration, { q: encodeURIComponent(':orphan') });
  await refused(client, declaration, { q: '%E0%A4%A' });
  await refused(client, declaration, { q: encodeURIComponent('x:a\u0000b') });
  const enumFilter = declaration.filters.find((filter) => filter.type === 'enum' && filter.choices?.length);
  if (enumFilter?.choices) {
    const once = listUrl(declaration, { q: qOf({ [enumFilter.key]: enumFilter.choices[0].id }), size: 5 });
    const q = /[?&]q=([^&]*)/.exec(once)?.[1] ?? '';
    const twice = once.replace(`q=${q}`, `q=${encodeURIComponent(q)}`);
    const [a, b] = [await answer(client, once), await answer(client, twice)];
    expect(a.code, a.message).toBe(OK);
    expect(b).toEqual(a);
  }
}

/** Each sortable field both ways (in order), and a field outside the whitelist refused. */
export async function checkSort(client: AuthedClient, declaration: ResourceDeclaration): Promise<void> {
  for (const field of sortFields(declaration)) {
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await page(client, declaration, { sort: `${field},${order}`, size: 50 })).content;
      assertOrdered(rows, field, order, `${declaration.name} sort ${field},${order}`);
    }
  }
  await refused(client, declaration, { sort: 'nosuchfield,asc' });
  const first = sortFields(declaration)[0];
  if (first) await refused(client, declaration, { sort: `${first},sideways` });
}

/** Every demo account: the list answers when its codes allow it, 403 otherwise. */
export async function checkRoles(context: KitContext, declaration: ResourceDeclaration): Promise<void> {
  const merchantPage = findRoute(`/${declaration.name}`)?.shell === 'merchant';
  for (const account of ACCOUNTS) {
    const response = await context.clients[account].get(listUrl(declaration, { page: 0, size: 1 }));
    expect(response.statusCode, `${declaration.name} as ${account}`).not.toBe(500);
    const staff = account !== 'merchant' && account !== 'xgm';
    // A merchant page's list as staff: the staff page sharing the path decides, with its own parameters.
    if (merchantPage && staff) continue;
    const expected = mayList(context, declaration, account);
    expect(response.statusCode, `${declaration.name} as ${account}: ${response.body.slice(0, 160)}`).toBe(
      expected ? 200 : 403,
    );
    if (expected) expect(envelopeOf(response).code, `${declaration.name} as ${account}`).toBe(OK);
  }
}

/** One record by id equals its row; an id that does not exist is a clear refusal. */
export async function checkOne(client: AuthedClient, declaration: ResourceDeclaration): Promise<void> {
  if (!declaration.api.one?.includes(':id')) return;
  const rows = (await page(client, declaration, { page: 0, size: 1 })).content;
  if (rows.length > 0 && typeof rows[0].id === 'number') {
    const body = await answer(client, declaration.api.one.replace(':id', String(rows[0].id)));
    expect(body.code, body.message).toBe(OK);
    expect((body.content as { id: number }).id).toBe(rows[0].id);
  }
  const missing = await client.get(declaration.api.one.replace(':id', '987654321'));
  expect([200, 403, 404]).toContain(missing.statusCode);
  if (missing.statusCode === 200) expect(envelopeOf(missing).code).toBe(BUSINESS);
  const malformed = await client.get(declaration.api.one.replace(':id', 'abc'));
  expect(malformed.statusCode).not.toBe(500);
}

const WRITES = [
  ['create', 'POST', 'create'],
  ['update', 'PUT', 'edit'],
  ['delete', 'DELETE', 'delete'],
] as const;

/**
 * Every declared write path, for every account that holds none of the codes its siblings on that path grant:
 * 403 before anything is read or written (the body is irrelevant). Without a token every declared path is 401.
 */
export async function checkWritesDenied(
  context: KitContext,
  declaration: ResourceDeclaration,
  inject: (options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }) => Promise<{
    statusCode: number;
  }>,
): Promise<void> {
  const anonymous = await inject({ method: 'GET', url: listUrl(declaration, { page: 0, size: 1 }) });
  expect(anonymous.statusCode, `${declaration.name} list without a token`).toBe(401);
  const merchantPage = findRoute(`/${declaration.name}`)?.shell === 'merchant';
  for (const [api, method, permission] of WRITES) {
    const path = declaration.api[api];
    if (!path) continue;
    const url = path.replace(':id', '987654321');
    const sameWrite = context.all.filter((other) => other.api[api] === path);
    const codes = sameWrite.map((other) => other.permissions[permission] ?? other.permissions.list);
    expect((await inject({ method, url, payload: {} })).statusCode, `${method} ${url} without a token`).toBe(401);
    for (const account of ACCOUNTS) {
      if (account === 'admin') continue;
      const staff = account !== 'merchant' && account !== 'xgm';
      if (merchantPage && staff) continue;
      const may = codes.some(
        (list) => list.length === 0 || list.some((code) => context.authorities[account].has(code)),
      );
      if (may) continue;
      const response = await context.clients[account]({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url} as ${account}`).toBe(403);
    }
  }
}
