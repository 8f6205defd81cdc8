import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_MSG } from '../../src/domain/workers';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

let t: TestApp;
let merchant: AuthedClient;
let admin: AuthedClient;
let kefu: AuthedClient;

const HEADERS = ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'];
const SERIAL = 700_000;

function person(serial: number, overrides: Partial<Record<string, string>> = {}): string[] {
  const cells: Record<string, string> = {
    姓名: `测试${'甲乙丙丁戊己庚辛壬癸'[serial % 10]}`,
    身份证号: idCard(serial),
    手机号: `137${String(serial).padStart(8, '0')}`,
    银行卡号: bankCard(serial),
    开户银行: '招商银行',
    ...overrides,
  };
  return HEADERS.map((header) => cells[header]);
}

async function importFile(client: AuthedClient, rows: string[][], kind = 'sign', headers = HEADERS) {
  const { payload, headers: h } = multipartRequest([
    { name: 'file', filename: '人员.csv', content: csvFile(rows, { headers }) },
  ]);
  const response = await client({ method: 'POST', url: `/api/v1/workers/import/${kind}`, payload, headers: h });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function validatePayout(rows: string[][]) {
  const { payload, headers } = multipartRequest([{ name: 'file', filename: '打款.csv', content: csvFile(rows) }]);
  return envelopeOf(await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }));
}

const q = (pairs: Record<string, string>) =>
  encodeURIComponent(
    Object.entries(pairs)
      .map(([key, value]) => `${key}:${value}`)
      .join(';'),
  );

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
}, 120_000);

afterAll(async () => t?.close());

describe('import', () => {
  it('refuses a file with bad rows, listing every problem, and adds nothing', async () => {
    const before = envelopeOf(await merchant.get('/api/v1/workers/search?size=1')).content.totalElements;
    const answer = await importFile(merchant, [
      person(SERIAL),
      person(SERIAL + 1, { 身份证号: '110101199001010011' }),
      person(SERIAL + 2, { 银行卡号: bankCard(SERIAL + 2, false) }),
      person(SERIAL + 3, { 开户银行: '' }),
      person(SERIAL, { 姓名: '重复人' }),
    ]);
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(WORKER_MSG.badRows(4));
    expect(answer.content.errors).toEqual([
      { rowNo: 3, field: 'idCard', message: '身份证号格式或校验位不正确' },
      { rowNo: 4, field: 'bankCard', message: '银行卡号校验位不正确，请核对卡号' },
      { rowNo: 5, field: 'bankName', message: WORKER_MSG.bankNameRequired },
      { rowNo: 6, field: 'idCard', message: WORKER_MSG.duplicateInFile(2) },
    ]);
    expect(envelopeOf(await merchant.get('/api/v1/workers/search?size=1')).content.totalElements).toBe(before);
  });

  it('imports the corrected file; the same people again are refused as existing', async () => {
    const rows = [0, 1, 2, 3].map((index) => person(SERIAL + index));
    const answer = await importFile(merchant, rows);
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.count).toBe(4);
    const again = await importFile(merchant, [rows[0]]);
    expect(again.content.errors).toEqual([{ rowNo: 2, field: 'idCard', message: WORKER_MSG.exists }]);
  });

  it('lists masked numbers only and finds a worker by the full ID number, mobile or name', async () => {
    const list = await merchant.get(`/api/v1/workers/search?size=100&q=${q({ idCard: idCard(SERIAL + 1) })}`);
    const page = envelopeOf(list).content;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      idMasked: `${idCard(SERIAL + 1).slice(0, 6)}********${idCard(SERIAL + 1).slice(-4)}`,
      signStatus: 0,
    });
    expect(list.payload).not.toContain(idCard(SERIAL + 1));
    expect(list.payload).not.toContain(bankCard(SERIAL + 1));
    // A part of the number matches nothing: the filter compares the keyed hash of the whole number.
    const partial = envelopeOf(
      await merchant.get(`/api/v1/workers/search?q=${q({ idCard: idCard(SERIAL + 1).slice(0, 10) })}`),
    );
    expect(partial.content.totalElements).toBe(0);
    const byMobile = envelopeOf(
      await merchant.get(`/api/v1/workers/search?q=${q({ mobile: `137${String(SERIAL + 2).padStart(8, '0')}` })}`),
    );
    expect(byMobile.content.totalElements).toBe(1);
  });

  it('the referrer import requires the referrer column value; a worker can be added by hand', async () => {
    const headers = [...HEADERS, '推荐人'];
    const bad = await importFile(merchant, [[...person(SERIAL + 10), '']], 'referer', headers);
    expect(bad.content.errors).toEqual([{ rowNo: 2, field: 'referrer', message: WORKER_MSG.referrerRequired }]);
    const good = await importFile(merchant, [[...person(SERIAL + 10), '王推荐']], 'referer', headers);
    expect(good.code).toBe(1020000);
    const referer = envelopeOf(await merchant.get(`/api/v1/workers/referer/search?q=${q({ referrer: '王推荐' })}`));
    expect(referer.content.totalElements).toBe(1);

    const manual = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/workers',
        payload: {
          name: '手工甲',
          idCard: idCard(SERIAL + 11),
          mobile: '13700000011',
          bankCard: bankCard(SERIAL + 11),
          bankName: '中国银行',
        },
      }),
    );
    expect(manual.code, manual.message).toBe(1020000);
    const refused = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/workers',
        payload: { name: '手工乙', idCard: 'x', mobile: '1', bankCard: '2', bankName: '' },
      }),
    );
    expect(refused.code).toBe(1040400);
    expect(Object.keys(refused.content.errors).sort()).toEqual(['bankCard', 'bankName', 'idCard', 'mobile']);
  });

  it('staff cannot import; merchant-only routes refuse them', async () => {
    const { payload, headers } = multipartRequest([
      { name: 'file', filename: 'a.csv', content: csvFile([person(1)], { headers: HEADERS }) },
    ]);
    expect((await admin({ method: 'POST', url: '/api/v1/workers/import/sign', payload, headers })).statusCode).toBe(
      403,
    );
  });
});

describe('pay only signed workers', () => {
  it('refuses a payout row whose ID number has not signed, until it signs or is whitelisted', async () => {
    const unsigned = await validatePayout([payee(SERIAL + 50)]);
    expect(unsigned.code).toBe(1040400);
    expect(unsigned.content.errors).toEqual([{ rowNo: 2, field: 'idCard', message: WORKER_MSG.notSigned }]);

    const added = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/company/employee/whitelist',
        payload: { name: '白名单', idCard: idCard(SERIAL + 50) },
      }),
    );
    expect(added.code, added.message).toBe(1020000);
    expect((await validatePayout([payee(SERIAL + 50)])).code).toBe(1020000);
    const listed = envelopeOf(await merchant.get('/api/v1/company/employee/whitelist'));
    expect(listed.content.content[0]).toMatchObject({ name: '白名单', idMasked: expect.stringContaining('********') });
    const twice = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/company/employee/whitelist',
        payload: { name: '白名单', idCard: idCard(SERIAL + 50) },
      }),
    );
    expect(twice.message).toBe(WORKER_MSG.whitelistExists);
    const removed = envelopeOf(
      await merchant({ method: 'DELETE', url: `/api/v1/company/employee/whitelist/${added.content.id}` }),
    );
    expect(removed.code).toBe(1020000);
    expect((await validatePayout([payee(SERIAL + 50)])).content.errors[0].message).toBe(WORKER_MSG.notSigned);

    await signPayees(t, { companyId: 1, platformMark: 1 }, [SERIAL + 50]);
    expect((await validatePayout([payee(SERIAL + 50)])).code).toBe(1020000);
  });

  it('a worker signed with another company is still refused', async () => {
    await signPayees(t, { companyId: 2, platformMark: 3 }, [SERIAL + 60]);
    expect((await validatePayout([payee(SERIAL + 60)])).content.errors[0].message).toBe(WORKER_MSG.notSigned);
  });
});

describe('rescind and audit', () => {
  it('rescinding keeps the record and moves the worker from the signed to the rescinded list', async () => {
    await signPayees(t, { companyId: 1, platformMark: 1 }, [SERIAL + 70]);
    const filter = q({ idCard: idCard(SERIAL + 70) });
    const found = envelopeOf(await merchant.get(`/api/v1/workers/search?q=${filter}`)).content.content[0];
    expect(found.signStatus).toBe(1);
    expect(envelopeOf(await admin.get(`/api/v1/workers/signed/1/search?q=${filter}`)).content.totalElements).toBe(1);
    const noReason = envelopeOf(
      await merchant({ method: 'POST', url: `/api/v1/workers/${found.id}/rescind`, payload: {} }),
    );
    expect(noReason.code).toBe(1040400);
    const done = envelopeOf(
      await merchant({ method: 'POST', url: `/api/v1/workers/${found.id}/rescind`, payload: { reason: '合作结束' } }),
    );
    expect(done.code, done.message).toBe(1020000);
    expect(envelopeOf(await admin.get(`/api/v1/workers/signed/1/search?q=${filter}`)).content.totalElements).toBe(0);
    const rescinded = envelopeOf(await admin.get(`/api/v1/workers/rescinded/1/search?q=${filter}`)).content.content;
    expect(rescinded[0]).toMatchObject({ signStatus: 2, rescindReason: '合作结束', companyName: expect.any(String) });
    expect((await validatePayout([payee(SERIAL + 70)])).content.errors[0].message).toBe(WORKER_MSG.notSigned);
  });

  it('staff approve, or reject with a reason', async () => {
    const row = envelopeOf(await admin.get(`/api/v1/workers/audit/search?q=${q({ idCard: idCard(SERIAL + 3) })}`))
      .content.content[0];
    expect(row.auditStatus).toBe(0);
    const bare = envelopeOf(await admin({ method: 'PUT', url: `/api/v1/workers/audit/${row.id}/reject`, payload: {} }));
    expect(bare.code).toBe(1040400);
    const rejected = envelopeOf(
      await admin({
        method: 'PUT',
        url: `/api/v1/workers/audit/${row.id}/reject`,
        payload: { reason: '银行卡户名不符' },
      }),
    );
    expect(rejected.content).toMatchObject({
      auditStatus: 2,
      auditReason: '银行卡户名不符',
      auditor: expect.any(String),
    });
    const approved = envelopeOf(await admin({ method: 'PUT', url: `/api/v1/workers/audit/${row.id}/approve` }));
    expect(approved.content.auditStatus).toBe(1);
  });

  it('kefu sees only workers of their departments', async () => {
    // Granted the page's code (role settings would), kefu still sees only companies of their departments.
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_authorities')
      .values({ user_id: user.id, authority: 'UI_INFORMATION_COLLECTION' })
      .execute();
    kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const all = envelopeOf(await admin.get('/api/v1/workers/collected/search?size=1')).content.totalElements;
    const theirs = envelopeOf(await kefu.get('/api/v1/workers/collected/search?size=1000')).content.content;
    const departments = await t.db
      .selectFrom('user_departments')
      .innerJoin('users', 'users.id', 'user_departments.user_id')
      .select('department_id')
      .where('username', '=', 'kefu')
      .execute();
    const companies = await t.db.selectFrom('companies').select(['name', 'department_id']).execute();
    const allowed = new Set(
      companies.filter((c) => departments.some((d) => d.department_id === c.department_id)).map((c) => c.name),
    );
    const theirTotal = envelopeOf(await kefu.get('/api/v1/workers/collected/search?size=1')).content.totalElements;
    expect(theirTotal).toBeGreaterThan(0);
    expect(theirTotal).toBeLessThan(all);
    for (const row of theirs) expect(allowed.has(row.companyName)).toBe(true);
  });

  it('GET /api/v1/labor/list answers the labour import of the company', async () => {
    const imported = await importFile(merchant, [person(SERIAL + 80)], 'labor');
    expect(imported.code).toBe(1020000);
    const list = envelopeOf(await merchant.get('/api/v1/labor/list'));
    expect(list.content.content.map((row: { idMasked: string }) => row.idMasked)).toContain(
      `${idCard(SERIAL + 80).slice(0, 6)}********${idCard(SERIAL + 80).slice(-4)}`,
    );
  });
});
