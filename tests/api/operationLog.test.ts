import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const LOG = '/api/v1/operationlogs/search';

interface LogRow {
  id: number;
  createTime: string;
  username: string;
  roleId: number;
  action: string;
  method: string;
  path: string;
  resource: string | null;
  recordId: number | null;
  changes: string;
  ip: string;
}

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});

afterAll(async () => {
  await t?.close();
});

async function send(client: AuthedClient, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  const response = await client({ method, url, payload: body });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function logFor(q: string): Promise<Envelope<{ content: LogRow[]; totalElements: number }>> {
  const pairs = q.split(';').map((pair) => encodeURIComponent(pair));
  const response = await admin.get(`${LOG}?q=${pairs.join(';')}&size=50`);
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

describe('writes through the engine', () => {
  it('records create, update and delete with who, the record and the fields before → after', async () => {
    const created = await send(admin, 'POST', '/api/v1/industry', { nm: '日志测试行业', remark: '初始' });
    expect(created.code, created.message).toBe(OK);
    const id = created.content.id as number;
    expect((await send(admin, 'PUT', `/api/v1/industry/${id}`, { remark: '改过' })).code).toBe(OK);
    expect((await send(admin, 'DELETE', `/api/v1/industry/${id}`)).code).toBe(OK);

    const entries = (await logFor(`recordId:${id}`)).content.content.filter((row) => row.path.includes('/industry'));
    expect(entries.map((row) => row.action)).toEqual(['delete', 'update', 'create']);
    for (const row of entries) {
      expect(row).toMatchObject({ username: 'admin', roleId: 1, resource: 'adIndustrymanagement', recordId: id });
      expect(row.ip).toBe('127.0.0.1');
    }
    const [deleted, updated, inserted] = entries.map((row) => JSON.parse(row.changes));
    expect(inserted.nm).toEqual([null, '日志测试行业']);
    expect(updated).toEqual({ remark: ['初始', '改过'] });
    expect(deleted.nm).toEqual(['日志测试行业', null]);
  });

  it('a refused write leaves no entry', async () => {
    const before = (await logFor('path:/api/v1/industry')).content.totalElements;
    const refused = await send(admin, 'POST', '/api/v1/industry', { nm: 'x' });
    expect(refused.code).toBe(BUSINESS);
    const inUse = await t.db
      .selectFrom('companies')
      .select('industry_id')
      .where('industry_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect((await send(admin, 'DELETE', `/api/v1/industry/${inUse.industry_id}`)).message).toBe(
      '该行业正在使用中，不能删除',
    );
    expect((await logFor('path:/api/v1/industry')).content.totalElements).toBe(before);
  });

  it('rolls back the change when the log cannot be written (one transaction)', async () => {
    await t.db.schema.alterTable('operation_logs').renameTo('operation_logs_away').execute();
    try {
      const response = await admin({ method: 'POST', url: '/api/v1/industry', payload: { nm: '无日志行业' } });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.schema.alterTable('operation_logs_away').renameTo('operation_logs').execute();
    }
    const row = await t.db.selectFrom('industries').select('id').where('nm', '=', '无日志行业').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('hand-written writes', () => {
  it('are logged after they succeed, with the body as the changes', async () => {
    const created = await send(admin, 'POST', '/api/v1/notifications/savenotifications', {
      title: '操作日志公告',
      body: '正文',
      platformmark: 1,
    });
    expect(created.code, created.message).toBe(OK);
    const rows = (await logFor('path:savenotifications')).content.content;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'admin', method: 'POST', action: 'POST', resource: null });
    expect(JSON.parse(rows[0].changes).title).toEqual([null, '操作日志公告']);
  });

  it('leave out POSTs that only read (a search with a body)', async () => {
    const search = await admin({ method: 'POST', url: '/api/v1/companies/search?page=0&size=1', payload: {} });
    expect(envelopeOf(search).code).toBe(OK);
    expect((await logFor('path:/api/v1/companies/search')).content.totalElements).toBe(0);
  });

  it('never keep a password: only that it changed', async () => {
    const cid = (
      await t.db.selectFrom('users').select('company_id').where('username', '=', 'merchant').executeTakeFirstOrThrow()
    ).company_id;
    const answer = await merchant({
      method: 'PATCH',
      url: `/api/v1/bankaccounts/password?coid=${cid}`,
      payload: { password: '135790', loginPassword: sha256Hex('Demo1234') },
    });
    expect(envelopeOf(answer).code, envelopeOf(answer).message).toBe(OK);
    const rows = (await logFor('path:/api/v1/bankaccounts/password')).content.content;
    expect(rows).toHaveLength(1);
    expect(rows[0].changes).not.toContain('135790');
    expect(rows[0].changes).not.toContain(sha256Hex('Demo1234'));
    expect(JSON.parse(rows[0].changes)).toEqual({ password: [null, '******'], loginPassword: [null, '******'] });
  });
});

describe('the log itself', () => {
  it('is read by admins only and cannot be changed or deleted', async () => {
    expect((await kefu.get(`${LOG}?size=1`)).statusCode).toBe(403);
    expect((await merchant.get(`${LOG}?size=1`)).statusCode).toBe(403);
    const first = (await logFor('username:admin')).content.content[0];
    expect((await admin.get(`/api/v1/operationlogs/${first.id}`)).json().content).toEqual(first);
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      expect((await admin({ method, url: `/api/v1/operationlogs/${first.id}`, payload: {} })).statusCode).toBe(404);
    }
    expect((await admin({ method: 'POST', url: '/api/v1/operationlogs', payload: {} })).statusCode).toBe(404);
  });

  it('filters by user, path, time range and record id', async () => {
    const all = (await logFor('stime:2000-01-01;etime:2099-12-31')).content;
    expect(all.totalElements).toBeGreaterThan(0);
    const none = (await logFor('stime:2000-01-01;etime:2000-01-02')).content;
    expect(none.totalElements).toBe(0);
    const byUser = (await logFor('username:merchant')).content.content;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((row) => row.username === 'merchant')).toBe(true);
  });
});

describe('money services', () => {
  it('log a top-up confirmation in the transaction that credits the balance', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const pending = await t.db
      .selectFrom('recharges')
      .select(['id', 'amount'])
      .where('status', '=', 0)
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const answer = await send(caiwu, 'PUT', `/api/v1/recharges/${pending.id}/confirm`, {});
    expect(answer.code, answer.message).toBe(OK);
    const rows = (await logFor(`recordId:${pending.id};path:/confirm`)).content.content;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'caiwu', action: '确认到账', resource: 'adMoneyManagement' });
    expect(JSON.parse(rows[0].changes)).toEqual({ status: [0, 1], amount: [null, Number(pending.amount)] });
  });
});

describe('invoice steps', () => {
  async function appliedInvoice(): Promise<number> {
    const row = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('status', '=', 1)
      .where('platform_mark', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('leave the invoice as it was when the entry cannot be written', async () => {
    const id = await appliedInvoice();
    await t.db.schema.alterTable('operation_logs').renameTo('operation_logs_away').execute();
    try {
      const response = await admin({
        method: 'POST',
        url: `/api/v1/invoices/${id}/reject`,
        payload: { reason: '测试回滚' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.schema.alterTable('operation_logs_away').renameTo('operation_logs').execute();
    }
    const invoice = await t.db.selectFrom('invoices').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(invoice.status)).toBe(1);
    const released = await t.db.selectFrom('payout_batches').select('id').where('invoice_id', '=', id).execute();
    expect(released.length).toBeGreaterThan(0);
  });

  it('log a rejection in the transaction that releases the batches', async () => {
    const id = await appliedInvoice();
    const answer = await send(admin, 'POST', `/api/v1/invoices/${id}/reject`, { reason: '抬头有误，请重新申请' });
    expect(answer.code, answer.message).toBe(OK);
    const rows = (await logFor(`recordId:${id};path:/reject`)).content.content;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'admin', action: '驳回', resource: 'adInvoice' });
    expect(JSON.parse(rows[0].changes)).toEqual({ reason: [null, '抬头有误，请重新申请'] });
  });
});

describe('an update that changes nothing', () => {
  it('is no operation and leaves no entry', async () => {
    const created = await send(admin, 'POST', '/api/v1/industry', { nm: '无变化行业' });
    const id = created.content.id as number;
    expect((await send(admin, 'PUT', `/api/v1/industry/${id}`, {})).code).toBe(OK);
    const entries = (await logFor(`recordId:${id}`)).content.content.filter((row) => row.path.includes('/industry'));
    expect(entries.map((row) => row.action)).toEqual(['create']);
  });
});

describe('in operator words', () => {
  interface Shown extends LogRow {
    pageName: string;
    actionText: string;
    recordText: string;
    changeText: string;
  }
  const shown = async (q: string) => (await logFor(q)).content.content as Shown[];

  it('names the page, the action in Chinese, the record, and each change as 「label: old → new」', async () => {
    const created = await send(admin, 'POST', '/api/v1/industry', { nm: '话术行业', remark: '初始', processStatus: 0 });
    const id = created.content.id as number;
    expect((await send(admin, 'PUT', `/api/v1/industry/${id}`, { remark: '改过', processStatus: 1 })).code).toBe(OK);
    const [updated, inserted] = (await shown(`recordId:${id}`)).filter((row) => row.path.includes('/industry'));
    expect(updated).toMatchObject({ pageName: '行业管理', actionText: '修改行业', recordText: `话术行业（#${id}）` });
    expect(updated.changeText).toContain('备注: 初始 → 改过');
    expect(updated.changeText).toContain('处理状态: 未处理 → 已处理');
    expect(updated.changeText).not.toMatch(/[{}[\]"]/);
    expect(inserted).toMatchObject({ actionText: '新增行业', recordText: `话术行业（#${id}）` });
    expect(inserted.changeText).toContain('行业名称: 话术行业');
    // The one record's read says the same.
    const one = envelopeOf(await admin.get(`/api/v1/operationlogs/${updated.id}`)).content as Shown;
    expect(one.changeText).toBe(updated.changeText);
  });

  it('a hand-written write and an entry written before read in words too, never as a method or raw JSON', async () => {
    await send(admin, 'POST', '/api/v1/notifications/savenotifications', {
      title: '话术公告',
      body: '正文',
      platformmark: 1,
    });
    const [notice] = await shown('path:savenotifications');
    expect(notice.actionText).not.toMatch(/^[A-Z]+$/);
    expect(notice.pageName).not.toBe('—');
    expect(notice.changeText).toContain('话术公告');
    expect(notice.changeText).not.toContain('"');

    await t.db
      .insertInto('operation_logs')
      .values({
        user_id: 1,
        username: 'admin',
        role_id: 1,
        create_time: '2026-01-02 03:04:05',
        method: 'PUT',
        path: '/api/v1/industry/424242',
        resource: 'adIndustrymanagement',
        action: 'update',
        record_id: 424242,
        changes: JSON.stringify({ nm: ['旧名', '新名'] }),
        ip: '127.0.0.1',
      })
      .execute();
    const [old] = await shown('recordId:424242');
    expect(old).toMatchObject({
      pageName: '行业管理',
      actionText: '修改行业',
      recordText: '#424242',
      changeText: '行业名称: 旧名 → 新名',
    });
  });
});
