import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { assignRole } from '../../server/people/roles.service';
import { BIG_BEAR_MSG } from '../../server/workers/bigBear.routes';
import { DOWNLOAD_STATUS, SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, idCard } from '../support/batchFiles';
import { zipEntries } from '../support/zipEntries';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';
import { signAsWorker } from './support/workerSigningFlow';

/**
 * 大熊: /bigBearOverview opens from the company's own data (an upload-enabled enterprise it signed
 * with, or a xiong template), its figures and list are the company's workers of 大熊 enterprises; 大熊信息下载
 * runs as a job whose zip holds the workers' sheet and signed PDFs, within the staff member's scope.
 */

let t: TestApp;
let merchant: AuthedClient;
let admin: AuthedClient;
let xgm: AuthedClient;
let bearEnterprise: number;
let signedWorker: number;
const SERIAL = 660_000 + (Date.now() % 1000);

/** The oracle: company 1's workers whose enterprise is upload-enabled or has a xiong template. */
async function bearWorkers(status?: number) {
  const bear = await t.db
    .selectFrom('enterprises')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('upload_enabled', '=', 1),
        eb(
          'id',
          'in',
          eb.selectFrom('agreement_templates').select('entid').where('xiong', '=', 1).where('entid', 'is not', null),
        ),
      ]),
    )
    .execute();
  const ids = new Set(bear.map((row) => Number(row.id)));
  const rows = await t.db
    .selectFrom('workers')
    .select(['id', 'enterprise_id', 'sign_status'])
    .where('company_id', '=', 1)
    .execute();
  return rows.filter(
    (row) =>
      row.enterprise_id !== null &&
      ids.has(Number(row.enterprise_id)) &&
      (status === undefined || row.sign_status === status),
  );
}

async function routeFlags(username: string) {
  const answer = await login(t.app, username);
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.user.routeFlags as { uploadEnterprises: boolean; xiong: number };
}

async function waitForJob(client: AuthedClient, id: number) {
  for (let round = 0; round < 100; round += 1) {
    const job = envelopeOf(await client.get(`/api/v1/enterprises/downloadstatus/${id}`));
    expect(job.code, job.message).toBe(1020000);
    if (job.content.status === DOWNLOAD_STATUS.done || job.content.status === DOWNLOAD_STATUS.failed)
      return job.content;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the download job did not end');
}

/** A staff member (role 3) holding the download code, confined to a department without company 1. */
async function outsider(): Promise<AuthedClient> {
  const hash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'kefu').executeTakeFirstOrThrow()
  ).password_hash;
  const row = await t.db
    .insertInto('users')
    .values({
      username: 'bearOutsider',
      mobile: '13700009911',
      password_hash: hash,
      role_id: 3,
      company_id: null,
      platform_mark: 1,
      display_name: '外部门客服',
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await t.db.transaction().execute((tx) => assignRole(tx, id, 3));
  await t.db
    .insertInto('user_authorities')
    .values({ user_id: id, authority: 'UI_INFORMATION_DOWNLOAD_BEAR' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const company = await t.db
    .selectFrom('companies')
    .select('department_id')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_departments')
    .values({ user_id: id, department_id: Number(company.department_id ?? 0) + 9000 })
    .execute();
  return authed(t.app, await tokenOf(t.app, 'bearOutsider'));
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  const contract = await t.db
    .selectFrom('contracts')
    .select('enterprise_id')
    .where('company_id', '=', 1)
    .where('sign_status', '=', 1)
    .where('data_status', '=', 1)
    .where('enterprise_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  bearEnterprise = Number(contract.enterprise_id);

  // One worker of company 1 signs with that enterprise through the link, so the zip has a PDF.
  const added = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/workers',
      payload: {
        name: '大熊测试',
        idCard: idCard(SERIAL),
        mobile: `135${String(SERIAL).padStart(8, '0')}`,
        bankCard: bankCard(SERIAL),
        bankName: '中国银行',
      },
    }),
  );
  expect(added.code, added.message).toBe(1020000);
  const worker = await t.db
    .selectFrom('workers')
    .select('id')
    .where('company_id', '=', 1)
    .where('mobile', '=', `135${String(SERIAL).padStart(8, '0')}`)
    .executeTakeFirstOrThrow();
  signedWorker = Number(worker.id);
  await t.db.updateTable('workers').set({ enterprise_id: bearEnterprise }).where('id', '=', signedWorker).execute();
  const link = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${signedWorker}/sign_link` }));
  expect(link.code, link.message).toBe(1020000);
  const token = String(link.content.url).split('/').pop();
  const signed = await signAsWorker(t, String(token));
  expect(signed.code, signed.message).toBe(1020000);
}, 120_000);

afterAll(async () => t?.close());

describe('/bigBearOverview opens from the company data', () => {
  it('closed without an upload-enabled enterprise or a xiong template; each condition alone opens it', async () => {
    await t.db.updateTable('enterprises').set({ upload_enabled: 0 }).execute();
    await t.db.updateTable('agreement_templates').set({ xiong: 0 }).execute();
    expect(await routeFlags('merchant')).toEqual({ uploadEnterprises: false, xiong: 0 });
    const closed = await merchant.get('/api/v1/workers/bigbear/summary');
    expect(closed.statusCode).toBe(403);
    expect(envelopeOf(closed).message).toBe(BIG_BEAR_MSG.overviewDenied);

    await t.db.updateTable('agreement_templates').set({ xiong: 1 }).where('entid', '=', bearEnterprise).execute();
    expect((await routeFlags('merchant')).xiong).toBe(1);
    expect((await merchant.get('/api/v1/workers/bigbear/summary')).statusCode).toBe(200);

    await t.db.updateTable('agreement_templates').set({ xiong: 0 }).execute();
    await t.db.updateTable('enterprises').set({ upload_enabled: 1 }).where('id', '=', bearEnterprise).execute();
    expect(await routeFlags('merchant')).toEqual({ uploadEnterprises: true, xiong: 0 });
    expect((await merchant.get('/api/v1/workers/bigbear/summary')).statusCode).toBe(200);
  });

  it('staff have no company flags and cannot read a merchant overview', async () => {
    expect(await routeFlags('kefu')).toEqual({});
    expect((await admin.get('/api/v1/workers/bigbear/summary')).statusCode).toBe(403);
  });

  it('counts and lists exactly the company’s workers of 大熊 enterprises', async () => {
    const summary = envelopeOf(await merchant.get('/api/v1/workers/bigbear/summary')).content;
    const all = await bearWorkers();
    expect(all.length).toBeGreaterThan(0);
    expect(summary.total).toBe(all.length);
    expect(summary.signed).toBe((await bearWorkers(SIGN_STATUS.signed)).length);
    expect(summary.pending).toBe((await bearWorkers(SIGN_STATUS.pending)).length);
    expect(summary.enterprises.map((row: { id: number }) => row.id)).toContain(bearEnterprise);
    const list = envelopeOf(await merchant.get('/api/v1/workers/bigbear/search?page=0&size=200')).content;
    expect(list.totalElements).toBe(all.length);
    expect(list.content.every((row: { enterpriseName: string }) => row.enterpriseName)).toBe(true);
    expect(list.content.some((row: { id: number }) => row.id === signedWorker)).toBe(true);
  });

  it('another company’s merchant sees none of them and cannot fetch their agreements', async () => {
    const list = envelopeOf(await xgm.get('/api/v1/workers/bigbear/search?page=0&size=200')).content;
    expect(list?.content?.some((row: { id: number }) => row.id === signedWorker) ?? false).toBe(false);
    expect((await xgm.get(`/api/v1/workers/bigbear/${signedWorker}`)).statusCode).not.toBe(200);
    expect((await xgm.get(`/api/v1/workers/${signedWorker}/signed_agreement`)).statusCode).toBe(403);
    const own = await merchant.get(`/api/v1/workers/${signedWorker}/signed_agreement`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('大熊信息下载 jobs', () => {
  it('builds the zip in the background: the sheet of every worker and each signed PDF', async () => {
    const started = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/enterprises/download/0/all', payload: { companyId: 1 } }),
    );
    expect(started.code, started.message).toBe(1020000);
    expect([DOWNLOAD_STATUS.queued, DOWNLOAD_STATUS.running, DOWNLOAD_STATUS.done]).toContain(started.content.status);
    const job = await waitForJob(admin, started.content.id);
    expect(job.status, job.message).toBe(DOWNLOAD_STATUS.done);
    const expected = await bearWorkers();
    expect(job.workerCount).toBe(expected.length);
    expect(job.agreementCount).toBeGreaterThanOrEqual(1);

    const file = await admin.get(job.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(file.rawPayload);
    const pdfs = [...entries.keys()].filter((name) => name.endsWith('.pdf'));
    expect(pdfs.length).toBe(job.agreementCount);
    expect(pdfs.some((name) => name.includes('大熊测试'))).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get('人员信息.xlsx')?.bytes as never);
    const sheet = workbook.getWorksheet('人员信息');
    expect(sheet?.actualRowCount).toBe(expected.length + 1);
    const names = sheet?.getColumn(1).values.slice(2);
    expect(names).toContain('大熊测试');

    const logged = await t.db
      .selectFrom('operation_logs')
      .select(['action'])
      .where('resource', '=', 'adSignUserBigBear')
      .where('record_id', '=', job.id)
      .execute();
    expect(logged.map((row) => row.action).sort()).toEqual(['download', 'downloadFile']);
    const listed = envelopeOf(await admin.get('/api/v1/workers/downloads/search?page=0&size=10')).content;
    expect(listed.content[0].id).toBe(job.id);
    expect(listed.content[0].status).toBe(DOWNLOAD_STATUS.done);
  });

  it('a sign status narrows the selection', async () => {
    const started = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/enterprises/download/0/0', payload: { companyId: 1 } }),
    );
    const job = await waitForJob(admin, started.content.id);
    expect(job.workerCount).toBe((await bearWorkers(SIGN_STATUS.pending)).length);
    expect(job.agreementCount).toBe(0);
  });

  it('refuses bad input with a message, never a 500', async () => {
    for (const [url, payload] of [
      ['/api/v1/enterprises/download/0/7', { companyId: 1 }],
      ['/api/v1/enterprises/download/x/all', { companyId: 1 }],
      ['/api/v1/enterprises/download/0/all', { companyId: 'abc' }],
      ['/api/v1/enterprises/download/0/all', {}],
    ] as const) {
      const answer = envelopeOf(await admin({ method: 'POST', url, payload }));
      expect(answer.code, url).toBe(1040400);
    }
    const other = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('id', '<>', bearEnterprise)
      .where('upload_enabled', '=', 0)
      .executeTakeFirstOrThrow();
    const refused = envelopeOf(
      await admin({ method: 'POST', url: `/api/v1/enterprises/download/${other.id}/all`, payload: { companyId: 1 } }),
    );
    expect(refused.message).toBe(BIG_BEAR_MSG.noEnterprise);
    expect(envelopeOf(await admin.get('/api/v1/enterprises/downloadstatus/99999999')).message).toBe('下载任务不存在');
  });

  it('merchants and staff outside the company’s departments are refused', async () => {
    const job = envelopeOf(await admin.get('/api/v1/workers/downloads/search?page=0&size=1')).content.content[0];
    expect(
      (await merchant({ method: 'POST', url: '/api/v1/enterprises/download/0/all', payload: { companyId: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await merchant.get(`/api/v1/enterprises/downloadstatus/${job.id}`)).statusCode).toBe(403);
    const stranger = await outsider();
    const before = await t.db
      .selectFrom('worker_downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      (await stranger({ method: 'POST', url: '/api/v1/enterprises/download/0/all', payload: { companyId: 1 } }))
        .statusCode,
    ).toBe(403);
    const after = await t.db
      .selectFrom('worker_downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await stranger.get(`/api/v1/enterprises/downloadstatus/${job.id}`)).statusCode).toBe(403);
    expect((await stranger.get(`/api/v1/workers/downloads/${job.id}/file`)).statusCode).toBe(403);
    const seen = envelopeOf(await stranger.get('/api/v1/workers/downloads/search?page=0&size=50')).content;
    expect(seen.content.some((row: { id: number }) => row.id === job.id)).toBe(false);
  });
});
