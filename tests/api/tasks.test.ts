import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { deleteUnsubmittedDraftsBefore } from '../../server/money/payouts/drafts';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { MAX_OPEN_DRAFTS } from '../../src/domain/payoutBatch';
import { TASK_MSG, TASK_STATUS } from '../../src/domain/tasks';
import { SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

let t: TestApp;
let merchant: AuthedClient;
let other: AuthedClient;
let admin: AuthedClient;
let kefu: AuthedClient;
let industryId: number;

const SERIAL = 730_000;
const NAMES = ['任务甲', '任务乙', '任务丙', '任务丁'];
/** Worker ids of company 1, by name. */
const workerIds: Record<string, number> = {};
let pendingId: number;

const json = (client: AuthedClient, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown = {}) =>
  client({ method, url, payload: payload as object }).then(envelopeOf);
const get = (client: AuthedClient, url: string) => client.get(url).then(envelopeOf);

function newTask(overrides: Record<string, unknown> = {}) {
  return {
    title: '仓库分拣',
    industryId,
    description: '双十一仓库分拣，按件计酬',
    headcount: 2,
    pricing: 1,
    unitPrice: 1_500_000, // 150.00 元
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const answer = await json(merchant, 'POST', '/api/v1/tasks', newTask(overrides));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content as { id: number; status: number; taskNo: string };
}

const act = (client: AuthedClient, id: number, action: string, body: unknown = {}) =>
  json(client, 'POST', `/api/v1/tasks/${id}/${action}`, body);

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  other = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  const industry = await t.db.selectFrom('industries').select('id').orderBy('id').executeTakeFirstOrThrow();
  industryId = Number(industry.id);
  await addSignedWorkers(
    t.db,
    { companyId: 1, platformMark: 1 },
    NAMES.map((name, index) => ({
      name,
      idCard: idCard(SERIAL + index),
      mobile: `136${String(SERIAL + index).padStart(8, '0')}`,
      bankCard: bankCard(SERIAL + index),
      bankName: '招商银行',
    })),
    t.config.idKey,
  );
  const rows = await t.db.selectFrom('workers').select(['id', 'name']).where('name', 'in', NAMES).execute();
  for (const row of rows) workerIds[row.name] = Number(row.id);
  const pending = await t.db
    .selectFrom('workers')
    .select(['id'])
    .where('company_id', '=', 1)
    .where('sign_status', '=', SIGN_STATUS.pending)
    .executeTakeFirstOrThrow();
  pendingId = Number(pending.id);
}, 120_000);

afterAll(async () => t?.close());

describe('publishing a task', () => {
  it('creates a task 待发布 with a number, the industry name and the creator', async () => {
    const task = await create();
    const one = await get(merchant, `/api/v1/tasks/${task.id}`);
    expect(one.content).toMatchObject({
      title: '仓库分拣',
      status: TASK_STATUS.draft,
      headcount: 2,
      unitPrice: 1_500_000,
      totalAmount: null,
      assignedCount: 0,
    });
    expect(one.content.taskNo).toMatch(/^RW\d{20}$/);
    expect(one.content.industryName).toBeTruthy();
  });

  it('refuses a task without its price, with the end before the start, or with an unknown industry', async () => {
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ unitPrice: null }))).message).toBe(
      TASK_MSG.unitPriceRequired,
    );
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ pricing: 2, unitPrice: null }))).message).toBe(
      TASK_MSG.totalRequired,
    );
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ endDate: '2026-10-01' }))).message).toBe(
      TASK_MSG.endBeforeStart,
    );
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ industryId: 999_999 }))).message).toBe(
      TASK_MSG.industryMissing,
    );
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ headcount: 0 }))).message).toBe(TASK_MSG.headcount);
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ unitPrice: 12_345 }))).message).toBe(
      '金额最多保留两位小数',
    );
    expect((await json(merchant, 'POST', '/api/v1/tasks', newTask({ startDate: '2026-02-30' }))).message).toBe(
      '开始日期格式不正确',
    );
  });

  it('edits only while 待发布; publishing twice is refused', async () => {
    const task = await create();
    const edited = await json(merchant, 'PUT', `/api/v1/tasks/${task.id}`, { title: '仓库分拣（夜班）' });
    expect(edited.code, edited.message).toBe(1020000);
    expect(edited.content.title).toBe('仓库分拣（夜班）');
    expect((await act(merchant, task.id, 'publish')).message).toBe('发布成功');
    expect((await act(merchant, task.id, 'publish')).message).toBe(TASK_MSG.publishOnlyDraft);
    expect((await json(merchant, 'PUT', `/api/v1/tasks/${task.id}`, { title: '再改' })).message).toBe(
      TASK_MSG.editOnlyDraft,
    );
  });

  it('the industry picker answers names', async () => {
    const answer = await get(merchant, '/api/v1/tasks/industries');
    expect(answer.content.length).toBeGreaterThan(0);
    expect(answer.content[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});

describe('assigning workers', () => {
  it('assigns signed workers only, never beyond the headcount, and lists them by name', async () => {
    const task = await create();
    await act(merchant, task.id, 'publish');
    const candidates = await get(merchant, `/api/v1/tasks/${task.id}/candidates?name=${encodeURIComponent('任务')}`);
    expect(candidates.content.map((row: { name: string }) => row.name).sort()).toEqual([...NAMES].sort());
    expect(JSON.stringify(candidates.content)).not.toContain(idCard(SERIAL));

    const unsigned = await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, {
      workerIds: [workerIds.任务甲, pendingId],
    });
    expect(unsigned.code).toBe(1040400);
    expect(unsigned.message).toMatch(/^以下人员尚未签署协议，不能分配：/);

    const three = await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, {
      workerIds: [workerIds.任务甲, workerIds.任务乙, workerIds.任务丙],
    });
    expect(three.message).toBe(TASK_MSG.overHeadcount(2, 0));

    const two = await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, {
      workerIds: [workerIds.任务甲, workerIds.任务乙],
    });
    expect(two.message).toBe('已分配 2 人');
    expect(
      (await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务丙] })).message,
    ).toBe(TASK_MSG.overHeadcount(2, 2));
    expect(
      (await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务甲] })).message,
    ).toBe(TASK_MSG.alreadyAssigned(['任务甲']));
    const members = await get(merchant, `/api/v1/tasks/${task.id}/members`);
    expect(members.content.map((row: { name: string }) => row.name)).toEqual(['任务甲', '任务乙']);
    expect((await json(merchant, 'DELETE', `/api/v1/tasks/${task.id}/members/${workerIds.任务乙}`)).message).toBe(
      '已移除',
    );
    expect((await get(merchant, `/api/v1/tasks/${task.id}`)).content.assignedCount).toBe(1);
  });

  it('names the assigned people on the task list row: up to three by name, more as 等N人, none as 未分配', async () => {
    const task = await create({ title: '分配人员展示', headcount: 4 });
    const row = async () => {
      const list = await get(
        merchant,
        `/api/v1/tasks/search?q=${encodeURIComponent('title:分配人员展示')}&page=0&size=50`,
      );
      return list.content.content.find((one: { id: number }) => one.id === task.id);
    };
    expect((await row()).assignedPeople).toBe('未分配');
    await act(merchant, task.id, 'publish');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务丙] });
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务甲] });
    // In the order they were assigned (任务甲 is the older worker, with the smaller id), not by name or id.
    expect((await row()).assignedPeople).toBe('任务丙、任务甲');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务丁] });
    expect((await row()).assignedPeople).toBe('任务丙、任务甲、任务丁');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务乙] });
    expect((await row()).assignedPeople).toBe('任务丙、任务甲、任务丁 等4人');
  });

  it("refuses another company's worker and malformed bodies", async () => {
    const task = await create();
    const foreign = await t.db.selectFrom('workers').select('id').where('company_id', '=', 2).executeTakeFirstOrThrow();
    expect(
      (await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [Number(foreign.id)] })).message,
    ).toBe(TASK_MSG.workerMissing);
    expect((await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: 'x' })).message).toBe(
      TASK_MSG.pickWorkers,
    );
    expect((await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: ['abc'] })).code).toBe(
      1040400,
    );
  });

  it('completing needs a worker; a cancelled task takes no more workers', async () => {
    const task = await create();
    expect((await act(merchant, task.id, 'complete')).message).toBe(TASK_MSG.completeOnlyPublished);
    await act(merchant, task.id, 'publish');
    expect((await act(merchant, task.id, 'complete')).message).toBe(TASK_MSG.completeNeedsMembers);
    expect((await act(merchant, task.id, 'cancel', { reason: '' })).message).toBe('请填写取消原因（2-200个字符）');
    expect((await act(merchant, task.id, 'cancel', { reason: '客户取消订单' })).message).toBe('任务已取消');
    expect((await get(merchant, `/api/v1/tasks/${task.id}`)).content.cancelReason).toBe('客户取消订单');
    expect((await act(merchant, task.id, 'cancel', { reason: '再取消一次' })).message).toBe(TASK_MSG.cancelOnlyOpen);
    expect(
      (await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务甲] })).message,
    ).toBe(TASK_MSG.assignClosed);
    expect((await act(merchant, task.id, 'settle')).message).toBe(TASK_MSG.settleOnlyCompleted);
  });
});

describe('scope', () => {
  it("another company's merchant can neither read nor act on the task, and does not list it", async () => {
    const task = await create();
    expect((await other.get(`/api/v1/tasks/${task.id}`)).statusCode).toBe(403);
    expect((await other.get(`/api/v1/tasks/${task.id}/members`)).statusCode).toBe(403);
    for (const action of ['publish', 'complete', 'cancel', 'settle']) {
      const response = await other({
        method: 'POST',
        url: `/api/v1/tasks/${task.id}/${action}`,
        payload: { reason: '越权取消' },
      });
      expect(response.statusCode, action).toBe(403);
    }
    const assign = await other({
      method: 'POST',
      url: `/api/v1/tasks/${task.id}/members`,
      payload: { workerIds: [workerIds.任务甲] },
    });
    expect(assign.statusCode).toBe(403);
    expect(
      (await other({ method: 'PUT', url: `/api/v1/tasks/${task.id}`, payload: { title: '篡改标题' } })).statusCode,
    ).toBe(403);
    const list = await get(other, '/api/v1/tasks/search?size=200');
    expect(list.content.content.some((row: { id: number }) => row.id === task.id)).toBe(false);
    expect((await get(merchant, `/api/v1/tasks/${task.id}`)).content.status).toBe(TASK_STATUS.draft);
    const overview = await get(other, '/api/v1/tasks/overview');
    expect(overview.content.recent.some((row: { id: number }) => row.id === task.id)).toBe(false);
  });

  it('staff see tasks in the summary but cannot run them', async () => {
    const task = await create({ title: '员工可见的任务' });
    const summary = await get(
      admin,
      `/api/v1/tasks/staff/summary/search?q=${encodeURIComponent(`title:员工可见的任务`)}`,
    );
    expect(summary.content.content.map((row: { id: number }) => row.id)).toContain(task.id);
    expect(summary.content.content[0].companyName).toBeTruthy();
    const refused = await admin({ method: 'POST', url: `/api/v1/tasks/${task.id}/publish` });
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).message).toBe('仅商户账号可以管理任务');
    // kefu sees only the tasks of its departments' companies.
    const scoped = await get(kefu, '/api/v1/tasks/staff/summary/search?size=200');
    const departments = await t.db
      .selectFrom('users')
      .innerJoin('user_departments', 'user_departments.user_id', 'users.id')
      .select('user_departments.department_id')
      .where('users.username', '=', 'kefu')
      .execute();
    const companies = await t.db
      .selectFrom('companies')
      .select('name')
      .where('department_id', 'in', [...departments.map((row) => Number(row.department_id)), -1])
      .execute();
    const allowed = new Set(companies.map((row) => row.name));
    for (const row of scoped.content.content as { companyName: string }[])
      expect(allowed.has(row.companyName)).toBe(true);
    expect((await merchant.get('/api/v1/tasks/staff/summary/search')).statusCode).toBe(403);
  });
});

describe('/adTaskOverview', () => {
  it('opens for staff whose role holds MER_EMPLOYEE_LIST, confined to their departments', async () => {
    const user = await t.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow();
    const held = await t.db
      .selectFrom('user_authorities')
      .select('authority')
      .where('user_id', '=', user.id)
      .where('authority', '=', 'MER_EMPLOYEE_LIST')
      .executeTakeFirst();
    if (held) {
      await t.db
        .deleteFrom('user_authorities')
        .where('user_id', '=', user.id)
        .where('authority', '=', 'MER_EMPLOYEE_LIST')
        .execute();
    }
    expect((await kefu.get('/api/v1/tasks/overview')).statusCode).toBe(403);
    await t.db.insertInto('user_authorities').values({ user_id: user.id, authority: 'MER_EMPLOYEE_LIST' }).execute();
    const answer = await get(kefu, '/api/v1/tasks/overview');
    expect(answer.code, answer.message).toBe(1020000);
    const all = await get(admin, '/api/v1/tasks/overview');
    const inScope = await t.db
      .selectFrom('worker_tasks')
      .innerJoin('companies', 'companies.id', 'worker_tasks.company_id')
      .innerJoin('user_departments', 'user_departments.department_id', 'companies.department_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_departments.user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(answer.content.taskCount).toBe(Number(inScope.n));
    expect(all.content.taskCount).toBeGreaterThanOrEqual(answer.content.taskCount);
  });
});

describe('settling into a payout draft the /remit flow pays', () => {
  it('settles the assigned workers into a draft, which /remit opens and pays; the summary shows what arrived', async () => {
    const task = await create({ title: '会展布置', pricing: 2, unitPrice: null, totalAmount: 1_000_000, headcount: 3 });
    await act(merchant, task.id, 'publish');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, {
      workerIds: [workerIds.任务甲, workerIds.任务乙, workerIds.任务丙],
    });
    expect((await act(merchant, task.id, 'settle')).message).toBe(TASK_MSG.settleOnlyCompleted);
    expect((await act(merchant, task.id, 'complete')).message).toBe('已标记完成');
    expect(
      (await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务丁] })).message,
    ).toBe(TASK_MSG.assignClosed);

    const settled = await act(merchant, task.id, 'settle');
    expect(settled.code, settled.message).toBe(1020000);
    // 待打款 until its payout is submitted, never 已结算 with nothing paid.
    expect(settled.content.status).toBe(TASK_STATUS.awaitingPayment);
    const draftId = settled.content.draftId as number;
    expect(draftId).toBeGreaterThan(0);

    // /remit lists it among the drafts waiting, from the task, with when it expires (24 h, said on the task too).
    const waiting = await get(merchant, '/api/v1/remittances/batch/drafts');
    expect(waiting.code, waiting.message).toBe(1020000);
    const listed = waiting.content.find((row: { id: number }) => row.id === draftId);
    expect(listed).toMatchObject({ taskId: task.id, itemCount: 3, totalAmount: 1_000_000, expired: false });
    const hoursLeft = (Date.parse(`${String(listed.expireTime).replace(' ', 'T')}+08:00`) - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const released = await get(merchant, `/api/v1/tasks/${task.id}`);
    expect(released.content).toMatchObject({
      status: TASK_STATUS.awaitingPayment,
      draftExpireTime: listed.expireTime,
      draftState: `待提交，${listed.expireTime} 前有效`,
      settleOffered: 0,
    });
    expect(
      (await get(other, '/api/v1/remittances/batch/drafts')).content.map((row: { id: number }) => row.id),
    ).not.toContain(draftId);
    // While its draft is open, settling again is refused.
    expect((await act(merchant, task.id, 'settle')).message).toBe(TASK_MSG.draftOpen);

    // 100.00 元 split three ways in whole cents: 33.34 + 33.33 + 33.33.
    const members = await get(merchant, `/api/v1/tasks/${task.id}/members`);
    expect(members.content.map((row: { amount: number }) => row.amount)).toEqual([333_400, 333_300, 333_300]);

    const preview = await get(merchant, `/api/v1/remittances/batch/drafts/${draftId}`);
    expect(preview.code, preview.message).toBe(1020000);
    expect(preview.content).toMatchObject({ draftId, itemCount: 3, totalAmount: 1_000_000 });
    expect(preview.content.rows.map((row: { name: string }) => row.name)).toEqual(['任务甲', '任务乙', '任务丙']);
    expect(JSON.stringify(preview.content)).not.toContain(idCard(SERIAL));
    // Another company cannot open the draft.
    expect((await get(other, `/api/v1/remittances/batch/drafts/${draftId}`)).message).toBe(
      '上传记录不存在，请重新上传文件',
    );

    const byWorker = `/api/v1/tasks/summary/workers/search?q=${encodeURIComponent(`taskNo:${task.taskNo}`)}`;
    expect((await get(merchant, byWorker)).content.content.map((row: { payStatus: number }) => row.payStatus)).toEqual([
      1, 1, 1,
    ]);

    const paid = await json(merchant, 'POST', '/api/v1/remittances/batch/submit', {
      draftId,
      payPassword: DEMO_PAYMENT_PASSWORD,
    });
    expect(paid.code, paid.message).toBe(1020000);
    // Submitted: no longer waiting on /remit, and the task reads its payout's state.
    expect(
      (await get(merchant, '/api/v1/remittances/batch/drafts')).content.map((row: { id: number }) => row.id),
    ).not.toContain(draftId);
    expect([TASK_STATUS.paying, TASK_STATUS.settled]).toContain(
      (await get(merchant, `/api/v1/tasks/${task.id}`)).content.status,
    );
    await t.app.payouts.drain();
    expect((await get(merchant, `/api/v1/tasks/${task.id}`)).content).toMatchObject({
      status: TASK_STATUS.settled,
      draftState: `已提交，批次号 ${paid.content.batchNo}`,
    });

    // Settling again once the batch exists is refused, saying why; the batch is not paid twice.
    expect((await act(merchant, task.id, 'settle')).message).toBe(TASK_MSG.alreadyPaid);
    expect(await t.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute()).toHaveLength(
      1,
    );

    const workers = (await get(merchant, byWorker)).content.content as {
      workerName: string;
      paidAmount: number;
      payStatus: number;
    }[];
    expect(workers.map((row) => [row.workerName, row.paidAmount, row.payStatus]).sort()).toEqual([
      ['任务丙', 333_300, 3],
      ['任务乙', 333_300, 3],
      ['任务甲', 333_400, 3],
    ]);
    const summary = await get(
      merchant,
      `/api/v1/tasks/summary/search?q=${encodeURIComponent(`taskNo:${task.taskNo}`)}`,
    );
    expect(summary.content.content[0]).toMatchObject({
      plannedAmount: 1_000_000,
      paidAmount: 1_000_000,
      paidCount: 3,
      batchNo: paid.content.batchNo,
      status: TASK_STATUS.settled,
    });
    const overview = await get(merchant, '/api/v1/tasks/overview');
    expect(overview.content.paidAmount).toBeGreaterThanOrEqual(1_000_000);
    expect(
      overview.content.statusCounts.find((row: { status: number }) => row.status === TASK_STATUS.settled).count,
    ).toBeGreaterThan(0);
  });

  it("a task's draft says when it expires, is never pushed out by uploads nor swept, and once expired is settled again", async () => {
    const task = await create({ headcount: 1 });
    await act(merchant, task.id, 'publish');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务乙] });
    await act(merchant, task.id, 'complete');
    const settled = await act(merchant, task.id, 'settle');
    expect(settled.code, settled.message).toBe(1020000);
    const draftId = settled.content.draftId as number;

    // More uploads than a company keeps open: the oldest uploads go (and the answer names them), the task's stays.
    const row = payee(SERIAL + 1, { 姓名: '任务乙', '金额（元）': '1.00' });
    const answers = [];
    for (let upload = 0; upload <= MAX_OPEN_DRAFTS; upload += 1) {
      const { payload, headers } = multipartRequest([
        { name: 'file', filename: `上传${upload}.csv`, content: csvFile([row]) },
      ]);
      answers.push(
        envelopeOf(await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers })),
      );
    }
    expect(answers.every((answer) => answer.code === 1020000)).toBe(true);
    expect(answers.at(-1)?.message).toContain('已移除较早的：「上传0.csv」');
    const ids = (await get(merchant, '/api/v1/remittances/batch/drafts')).content.map((d: { id: number }) => d.id);
    expect(ids).toContain(draftId);
    expect(ids).not.toContain(answers[0]?.content.draftId);

    // The retention job sweeps unsubmitted uploads older than its cutoff, never a task's draft.
    const longAgo = chinaTime(Date.now() - 40 * 24 * 3600_000);
    await t.db
      .updateTable('payout_drafts')
      .set({ create_time: longAgo, expire_time: chinaTime(Date.now() - 39 * 24 * 3600_000) })
      .where('id', 'in', [draftId, answers[1]?.content.draftId])
      .execute();
    await deleteUnsubmittedDraftsBefore(t.db, chinaTime(Date.now() - 30 * 24 * 3600_000), 100);
    const kept = await t.db
      .selectFrom('payout_drafts')
      .select('id')
      .where('id', 'in', [draftId, answers[1]?.content.draftId])
      .execute();
    expect(kept.map((d) => Number(d.id))).toEqual([draftId]);

    // Expired: the task says when, /remit lists it as expired, opening it says when and what to do, 结算 is offered.
    const expiredAt = chinaTime(Date.now() - 39 * 24 * 3600_000);
    const after = await get(merchant, `/api/v1/tasks/${task.id}`);
    expect(after.content).toMatchObject({
      status: TASK_STATUS.awaitingPayment,
      draftState: `已于 ${expiredAt} 过期，请重新结算`,
      draftExpired: 1,
      settleOffered: 1,
    });
    const listed = (await get(merchant, '/api/v1/remittances/batch/drafts')).content.find(
      (d: { id: number }) => d.id === draftId,
    );
    expect(listed).toMatchObject({ expired: true, expireTime: expiredAt, taskId: task.id });
    expect((await get(merchant, `/api/v1/remittances/batch/drafts/${draftId}`)).message).toBe(
      `该任务的打款草稿已于 ${expiredAt} 过期，请在任务发布页重新结算`,
    );
    const again = await act(merchant, task.id, 'settle');
    expect(again.code, again.message).toBe(1020000);
    expect(again.content.draftId).not.toBe(draftId);
    expect(again.content.status).toBe(TASK_STATUS.awaitingPayment);
    expect(await t.db.selectFrom('payout_drafts').select('id').where('id', '=', draftId).execute()).toEqual([]);
  });

  it('refuses to settle a worker who was rescinded after being assigned, naming them', async () => {
    const task = await create({ headcount: 1 });
    await act(merchant, task.id, 'publish');
    await json(merchant, 'POST', `/api/v1/tasks/${task.id}/members`, { workerIds: [workerIds.任务丁] });
    await act(merchant, task.id, 'complete');
    await t.db
      .updateTable('workers')
      .set({ sign_status: SIGN_STATUS.rescinded })
      .where('id', '=', workerIds.任务丁)
      .execute();
    const refused = await act(merchant, task.id, 'settle');
    expect(refused.code).toBe(1040400);
    expect(refused.message).toMatch(/^以下人员不能打款，请处理后再结算：任务丁（/);
    const after = await get(merchant, `/api/v1/tasks/${task.id}`);
    expect(after.content.status).toBe(TASK_STATUS.completed);
    expect(after.content.draftId).toBeNull();
  });

  it('exports the summary as xlsx', async () => {
    const response = await merchant.get('/api/v1/exports/taskSummary?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });
});
