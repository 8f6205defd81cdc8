import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { canAccessRoute } from '../../src/domain/permissions';
import { findRoute, ROUTES } from '../../src/domain/routes';
import { bankCard, idCard } from '../support/batchFiles';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  login,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

/** What a sub-account is shown and may open; what a task's 任务总价 and members say. */

let t: TestApp;
let merchant: AuthedClient;
let industryId: number;

const OK = 1020000;
const SERIAL = 760_000;
const NAMES = ['周一甲', '周一乙', '周一丙'];
const workerIds: number[] = [];

const json = (client: AuthedClient, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  client({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) }).then(envelopeOf);
const statusOf = (client: AuthedClient, url: string) => client.get(url).then((response) => response.statusCode);

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  const industry = await t.db.selectFrom('industries').select('id').orderBy('id').executeTakeFirstOrThrow();
  industryId = Number(industry.id);
  await addSignedWorkers(
    t.db,
    { companyId: 1, platformMark: 1 },
    NAMES.map((name, index) => ({
      name,
      idCard: idCard(SERIAL + index),
      mobile: `137${String(SERIAL + index).padStart(8, '0')}`,
      bankCard: bankCard(SERIAL + index),
      bankName: '招商银行',
    })),
    t.config.idKey,
  );
  const rows = await t.db.selectFrom('workers').select('id').where('name', 'in', NAMES).orderBy('id').execute();
  workerIds.push(...rows.map((row) => Number(row.id)));
}, 120_000);

afterAll(async () => t?.close());

async function createTask(pricing: Record<string, unknown>, headcount: number) {
  const answer = await json(merchant, 'POST', '/api/v1/tasks', {
    title: '周末盘点',
    industryId,
    description: '门店周末盘点',
    headcount,
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    ...pricing,
  });
  expect(answer.code, answer.message).toBe(OK);
  return Number(answer.content.id);
}

async function listed(id: number) {
  const page = await json(merchant, 'GET', '/api/v1/tasks/search?page=0&size=50');
  expect(page.code, page.message).toBe(OK);
  return (page.content.content as Record<string, unknown>[]).find((row) => Number(row.id) === id);
}

describe('任务总价 on the task list', () => {
  it('a per-person task shows unit price × people; a total-priced task its total', async () => {
    const perPerson = await createTask({ pricing: 1, unitPrice: 1_234_500 }, 3); // 123.45 元 × 3
    expect(Number((await listed(perPerson))?.taskTotal)).toBe(3_703_500);
    const total = await createTask({ pricing: 2, totalAmount: 10_000_000 }, 3);
    expect(Number((await listed(total))?.taskTotal)).toBe(10_000_000);
  });

  it('after 结算 each member carries its whole-fen share and the total is their sum', async () => {
    const id = await createTask({ pricing: 2, totalAmount: 1_000_000 }, 3); // 100.00 元 over 3 people
    expect((await json(merchant, 'POST', `/api/v1/tasks/${id}/publish`, {})).code).toBe(OK);
    const assigned = await json(merchant, 'POST', `/api/v1/tasks/${id}/members`, { workerIds });
    expect(assigned.code, assigned.message).toBe(OK);
    expect((await json(merchant, 'POST', `/api/v1/tasks/${id}/complete`, {})).code).toBe(OK);
    const settled = await json(merchant, 'POST', `/api/v1/tasks/${id}/settle`, {});
    expect(settled.code, settled.message).toBe(OK);

    const members = await json(merchant, 'GET', `/api/v1/tasks/${id}/members`);
    const amounts = (members.content as { amount: number }[]).map((member) => member.amount);
    // 10000 fen over 3: 3334, 3333, 3333 fen (1/10000 yuan: × 100).
    expect(amounts).toEqual([333_400, 333_300, 333_300]);
    expect(Number((await listed(id))?.taskTotal)).toBe(1_000_000);
  });
});

describe('a sub-account', () => {
  let sub: AuthedClient;
  let subUser: Parameters<typeof canAccessRoute>[0];

  beforeAll(async () => {
    const created = await json(merchant, 'POST', '/api/v1/company/subaccounts', {
      username: 'week_sub',
      mobile: '13911114444',
      password: sha256Hex('Sub12345'),
      authorities: ['MER_HOME'],
    });
    expect(created.code, created.message).toBe(OK);
    const answer = await login(t.app, 'week_sub', 'Sub12345');
    expect(answer.code, answer.message).toBe(OK);
    sub = authed(t.app, answer.content.token);
    subUser = answer.content.user;
  });

  it('is told so at login; the owner is not', async () => {
    expect(subUser?.routeFlags?.subAccount).toBe(true);
    const owner = await login(t.app, 'merchant');
    expect(owner.content.user.routeFlags?.subAccount).toBeUndefined();
  });

  it('every merchant page its login answer lets it open also opens on the server; the others answer 403', async () => {
    // /teamAdmin: owner-only on the server, so the browser's one check must say no as well.
    const team = findRoute('/teamAdmin');
    if (!team) throw new Error('no /teamAdmin route');
    expect(canAccessRoute(subUser, team)).toBe(false);
    expect(await statusOf(sub, '/api/v1/company/subaccounts')).toBe(403);
    const ownerUser = (await login(t.app, 'merchant')).content.user;
    expect(canAccessRoute(ownerUser, team)).toBe(true);
  });

  it('without MER_IMPORT_EMPLOYEE it does not get 大熊人员概览 through the company’s xiong flag', async () => {
    // Give company 1 a xiong contract template, as 大熊 demo companies have.
    const contract = await t.db
      .selectFrom('contracts')
      .select(['id', 'template_id', 'enterprise_id'])
      .where('company_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    if (contract.template_id !== null) {
      await t.db.updateTable('agreement_templates').set({ xiong: 1 }).where('id', '=', contract.template_id).execute();
    } else {
      await t.db
        .updateTable('agreement_templates')
        .set({ xiong: 1 })
        .where('entid', '=', contract.enterprise_id)
        .execute();
    }
    const subFlags = (await login(t.app, 'week_sub', 'Sub12345')).content.user;
    expect(subFlags.routeFlags.xiong).toBe(1);
    const overview = findRoute('/bigBearOverview');
    if (!overview) throw new Error('no /bigBearOverview route');
    expect(canAccessRoute(subFlags, overview)).toBe(false);
    expect(await statusOf(sub, '/api/v1/workers/bigbear/summary')).toBe(403);
    expect(await statusOf(sub, '/api/v1/workers/bigbear/search?page=0&size=10')).toBe(403);
    // The owner keeps the company's exception.
    const ownerUser = (await login(t.app, 'merchant')).content.user;
    expect(canAccessRoute(ownerUser, overview)).toBe(true);
    expect((await json(merchant, 'GET', '/api/v1/workers/bigbear/summary')).code).toBe(OK);
  });

  it('no merchant route its menu would show is refused by the route guard’s own check', async () => {
    const fresh = (await login(t.app, 'week_sub', 'Sub12345')).content.user;
    const open = ROUTES.filter((rule) => rule.shell === 'merchant' && canAccessRoute(fresh, rule)).map(
      (rule) => rule.path,
    );
    expect(open).not.toContain('/teamAdmin');
    expect(open).not.toContain('/bigBearOverview');
    expect(open).toContain('/manage');
  });
});

describe('自由职业者协议管理 (/adLibertyAgreement)', () => {
  it('lists the agreements workers signed, with worker and company, to staff holding ADM_FREE_CONTRACT_MGR', async () => {
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    // Three workers' agreements as the signing page leaves them (signed, with the time and file digest).
    for (const [index, workerId] of workerIds.entries()) {
      await t.db
        .insertInto('worker_agreements')
        .values({
          agreement_no: `XY-WEEK-${SERIAL + index}`,
          worker_id: workerId,
          company_id: 1,
          platform_mark: 1,
          enterprise_id: null,
          enterprise_name: '演示服务主体',
          template_id: null,
          status: 1,
          token_hash: null,
          token_expires: null,
          draft_file_id: null,
          signed_file_id: null,
          sha256: 'a'.repeat(64),
          original_sha256: null,
          sign_time: '2026-11-20 10:00:00',
          sign_ip: '127.0.0.1',
          willingness_ref: null,
          willingness_method: 'sms',
          willingness_mobile: null,
          willingness_time: '2026-11-20 10:00:00',
          sign_user_agent: null,
          rescind_time: null,
          rescind_reason: null,
          create_time: '2026-11-20 09:59:00',
        })
        .execute();
    }
    const page = await json(admin, 'GET', '/api/v1/agreements/freelance/search?page=0&size=100');
    expect(page.code, page.message).toBe(OK);
    const rows = page.content.content as Record<string, unknown>[];
    const signed = await t.db
      .selectFrom('worker_agreements')
      .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
      .select(['worker_agreements.agreement_no as agreementNo', 'workers.name'])
      .where('workers.name', 'in', NAMES)
      .execute();
    expect(signed.length).toBe(NAMES.length);
    for (const agreement of signed) {
      const row = rows.find((item) => item.agreementNo === agreement.agreementNo);
      expect(row, agreement.agreementNo).toMatchObject({ workerName: agreement.name, status: 1 });
      expect(row?.companyName).toBeTruthy();
    }
    const merchantAsks = await statusOf(merchant, '/api/v1/agreements/freelance/search?page=0&size=10');
    expect(merchantAsks).toBe(403);
  });
});
