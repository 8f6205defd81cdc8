import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRelease } from '../../resources/tasks';
import { BINDINGS } from '../../server/bindings';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { companyEnterprise } from '../../server/enterprises/enterprises.service';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { ENTERPRISE_MSG, ENTERPRISE_STATUS_CODE } from '../../src/domain/enterprises';
import { ABNORMAL, LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { BATCH_FILE_MSG, MAX_OPEN_DRAFTS } from '../../src/domain/payoutBatch';
import { TASK_MSG, TASK_STATUS } from '../../src/domain/tasks';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { RACERS, race, TASK_ACTION_SETUPS } from './support/raceKit';
import { registeredRoutes } from './support/registeredRoutes';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * Issue 31, "state changes claim first" and "money rules hold at the moment money moves": every engine action
 * that changes a status and every money route, fired RACERS times at once, changes the state once and moves the
 * money once; the payee rules are checked again when the money moves. On SQLite the parallel injects share one
 * connection; on PostgreSQL (DATABASE_URL) they run as parallel transactions on a pool.
 */
let t: TestApp;
let merchant: AuthedClient;
let industryId: number;
const ACCOUNT = { companyId: 1, platformMark: 1 };

const SERIAL = 760_000;
const PEOPLE = 40;
const NAME_A = '甲乙丙丁戊己庚辛壬癸';
const NAME_B = '子丑寅卯辰巳午未申酉';
const nameOf = (index: number) => `竞${NAME_A[index % 10]}${NAME_B[Math.floor(index / 10) % 10]}`;
/** Worker ids by index, all signed with company 1. */
const workerIds: number[] = [];
let nextWorker = 0;
const takeWorkers = (count: number) => {
  const ids = workerIds.slice(nextWorker, nextWorker + count);
  nextWorker += count;
  return ids;
};

const call = (method: 'POST' | 'PUT', url: string, payload: unknown = {}) =>
  merchant({ method, url, payload: payload as object }).then(envelopeOf);
const act = (id: number, action: string, body: unknown = {}) => call('POST', `/api/v1/tasks/${id}/${action}`, body);
const submit = (draftId: number) =>
  call('POST', '/api/v1/remittances/batch/submit', { draftId, payPassword: DEMO_PAYMENT_PASSWORD });
const balance = () => balanceOf(t.db, ACCOUNT);

async function credit(units: number): Promise<void> {
  await t.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('recharges')
      .values({
        company_id: ACCOUNT.companyId,
        platform_mark: ACCOUNT.platformMark,
        amount: units,
        payer_name: '测试付款人',
        payer_account: '6222020200000000000',
        bank_serial: `RACE${Date.now()}${Math.random().toString(36).slice(2, 10)}`,
        voucher_url: '/api-v1/dl?file=1',
        remark: null,
        status: RECHARGE.confirmed,
        reject_reason: null,
        applicant_id: 1,
        handler_id: 1,
        handle_time: chinaTime(),
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postEntries(
      tx,
      ACCOUNT,
      [{ kind: LEDGER.recharge, amount: units, refType: 'recharge', refId: Number(row.id), operatorId: 1 }],
      chinaTime(),
    );
  });
}

/** A task of company 1 in the given status: created, then published, assigned and completed as far as asked. */
async function taskIn(status: number, workers = 1): Promise<{ id: number; taskNo: string; members: number[] }> {
  const created = await call('POST', '/api/v1/tasks', {
    title: '并发结算',
    industryId,
    description: '竞态测试任务',
    headcount: workers,
    pricing: 1,
    unitPrice: 1_000_000,
    startDate: '2026-11-01',
    endDate: '2026-11-30',
  });
  expect(created.code, created.message).toBe(1020000);
  const id = created.content.id as number;
  const members = takeWorkers(workers);
  if (status >= TASK_STATUS.published) {
    expect((await act(id, 'publish')).code).toBe(1020000);
    const assigned = await call('POST', `/api/v1/tasks/${id}/members`, { workerIds: members });
    expect(assigned.code, assigned.message).toBe(1020000);
  }
  if (status >= TASK_STATUS.completed) expect((await act(id, 'complete')).code).toBe(1020000);
  if (status >= TASK_STATUS.settled) expect((await act(id, 'settle')).code).toBe(1020000);
  return { id, taskNo: created.content.taskNo as string, members };
}

async function draftOfTask(id: number): Promise<number> {
  const task = await t.db.selectFrom('worker_tasks').select('draft_id').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(task.draft_id);
}

async function idCardOfWorker(id: number): Promise<{ name: string; idCard: string }> {
  const row = await t.db
    .selectFrom('workers')
    .select(['name', 'id_card'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { name: row.name, idCard: row.id_card.toUpperCase() };
}

async function blacklist(idCardText: string): Promise<void> {
  await t.db
    .insertInto('settlement_blacklist')
    .values({ name: '竞态', id_card: idCardText, reason: '竞态测试拉黑', operator_id: 1, create_time: chinaTime() })
    .execute();
}

/** The enterprise company 1 settles through (its newest signed contract's). */
async function ownEnterprise(): Promise<{ id: number; name: string }> {
  const enterprise = await companyEnterprise(t.db, ACCOUNT.companyId, ACCOUNT.platformMark);
  if (!enterprise) throw new Error('company 1 has no enterprise to settle through');
  return enterprise;
}

/** Runs `during` while company 1's enterprise has the status (as the admin's lock / risk actions set it). */
async function withEnterpriseStatus<T>(status: number, during: () => Promise<T>): Promise<T> {
  const { id } = await ownEnterprise();
  const before = await t.db
    .selectFrom('enterprises')
    .select(['status', 'status_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await t.db.updateTable('enterprises').set({ status, status_reason: '竞态测试' }).where('id', '=', id).execute();
  try {
    return await during();
  } finally {
    await t.db.updateTable('enterprises').set(before).where('id', '=', id).execute();
  }
}

async function fundStatus(fundId: number): Promise<number> {
  const fund = await t.db
    .selectFrom('abnormal_funds')
    .select('status')
    .where('id', '=', fundId)
    .executeTakeFirstOrThrow();
  return Number(fund.status);
}

async function batchesOfDraft(draftId: number): Promise<number> {
  const rows = await t.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  const industry = await t.db.selectFrom('industries').select('id').orderBy('id').executeTakeFirstOrThrow();
  industryId = Number(industry.id);
  const people = Array.from({ length: PEOPLE }, (_, index) => ({
    name: nameOf(index),
    idCard: idCard(SERIAL + index),
    mobile: `136${String(SERIAL + index).padStart(8, '0')}`,
    bankCard: bankCard(SERIAL + index),
    bankName: '招商银行',
  }));
  await addSignedWorkers(t.db, ACCOUNT, people, t.config.idKey);
  for (const person of people) {
    const row = await t.db
      .selectFrom('workers')
      .select('id')
      .where('company_id', '=', ACCOUNT.companyId)
      .where('name', '=', person.name)
      .executeTakeFirstOrThrow();
    workerIds.push(Number(row.id));
  }
  await credit(1_000_000_000);
}, 120_000);

afterAll(async () => t?.close());

describe('engine actions claim first (every declared action, from the bindings)', () => {
  it('every bound action with side effects claims with a guard (the engine refuses to start otherwise)', () => {
    const withEffects: string[] = [];
    for (const binding of BINDINGS) {
      for (const [name, bound] of Object.entries(binding.actions ?? {})) {
        if (!bound.afterClaim) continue;
        withEffects.push(`${binding.declaration.name}.${name}`);
        expect(bound.guard, `${binding.declaration.name}.${name}`).toBeDefined();
      }
    }
    expect(withEffects).toEqual(expect.arrayContaining(['taskRelease.settle', 'signUser.rescind']));
  });

  for (const action of taskRelease.actions ?? []) {
    it(`${action.name}: ${RACERS} parallel calls change the task once, the others are refused`, async () => {
      const setup = TASK_ACTION_SETUPS[action.name];
      expect(setup, `no race setup for the task action ${action.name}`).toBeDefined();
      const task = await taskIn(setup.from);
      const logsBefore = await t.db
        .selectFrom('operation_logs')
        .select('id')
        .where('resource', '=', taskRelease.name)
        .where('record_id', '=', task.id)
        .execute();
      const url = action.path.replace(':id', String(task.id));
      const { winners, refused } = await race(() => call('POST', url, setup.body ?? {}));
      expect(winners).toHaveLength(1);
      expect(refused).toHaveLength(RACERS - 1);
      for (const answer of refused) expect(answer.message).not.toBe('');
      const logsAfter = await t.db
        .selectFrom('operation_logs')
        .select('id')
        .where('resource', '=', taskRelease.name)
        .where('record_id', '=', task.id)
        .execute();
      expect(logsAfter.length - logsBefore.length).toBe(1);
    });
  }

  it('rescind: parallel calls rescind the worker once', async () => {
    const [workerId] = takeWorkers(1);
    const { winners, refused } = await race(() =>
      call('POST', `/api/v1/workers/${workerId}/rescind`, { reason: '合作结束' }),
    );
    expect(winners).toHaveLength(1);
    expect(refused.every((answer) => answer.message === '只有已签署的人员可以解约')).toBe(true);
  });
});

/**
 * Every write route of the money modules (from the registered routes) and where the kit races it; a new money
 * route fails here until it is raced, or named with the reason it moves no money and no money status.
 */
const MONEY_PREFIXES = ['/api/v1/remittances', '/api/v1/abnormalfunds', '/api/v1/recharges', '/api/v1/invoices'];
const MONEY_ROUTES: Record<string, string> = {
  'POST /api/v1/remittances/batch/validate': 'raceKit: parallel uploads keep at most MAX_OPEN_DRAFTS drafts',
  'POST /api/v1/remittances/batch/submit': 'raceKit, raceKitProcesses: parallel submits pay once',
  'POST /api/v1/abnormalfunds/:id/repay': 'raceKit: parallel re-payments pay once',
  'POST /api/v1/abnormalfunds/:id/keep': 'raceKit: keep and re-pay together, one wins',
  'PUT /api/v1/recharges/:id/confirm': 'recharges.test: parallel confirm/reject clicks end in one outcome',
  'PUT /api/v1/recharges/:id/reject': 'recharges.test: parallel confirm/reject clicks end in one outcome',
  'POST /api/v1/invoices': 'invoices.test: parallel applications over one batch',
  'POST /api/v1/invoices/:id/issue': 'invoices.test: parallel issue/reject clicks',
  'POST /api/v1/invoices/:id/reject': 'invoices.test: parallel issue/reject clicks',
  'POST /api/v1/invoices/:id/mail': 'invoices.test: parallel 邮寄 clicks mail once',
  // No money and no money status moves: an application staff confirm later (one per bank serial, UNIQUE),
  // and two calls that only read (the application's preview, an invoice image's recognised fields).
  'POST /api/v1/recharges': 'none: an application, confirmed by the raced PUT …/confirm',
  'POST /api/v1/invoices/preview': 'none: reads',
  'POST /api/v1/invoices/ocr': 'none: reads',
};

describe('every money route is raced', () => {
  it('names each write route of the money modules with its race', () => {
    const writes = registeredRoutes(t.app)
      .filter((route) => route.method !== 'GET' && MONEY_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(5);
    expect(writes.filter((key) => !(key in MONEY_ROUTES))).toEqual([]);
  });
});

describe('every guarded engine action, on a row its guard lets through', () => {
  // Covered above with their own setups (a task in each state, a signed worker of company 1).
  const RACED_ABOVE = new Set([taskRelease.name]);
  const PLATFORM: Record<number, 1 | 3> = { 1: 1, 3: 3 };
  type Binding = (typeof BINDINGS)[number];
  type Action = NonNullable<Binding['declaration']['actions']>[number];
  type Row = Record<string, unknown>;

  /** A value for each prompt input: what a user would type or pick. */
  function promptBody(action: Action) {
    const body: Record<string, unknown> = { ...(action.body ?? {}) };
    for (const field of action.prompt ?? []) {
      if (field.type === 'text') body[field.source] = '竞态测试原因';
      else if (field.type === 'choice' && field.choices?.length) body[field.source] = field.choices[0].id;
      else if (field.type === 'number') body[field.source] = 1;
    }
    return body;
  }

  /** The first row of the view (its fixed values and condition) that `when` lets through. */
  async function rowOf(binding: Binding, when: ((eb: never) => unknown) | undefined, inView = true) {
    let rows = t.db.selectFrom(binding.table as 'companies').selectAll();
    if (when) rows = rows.where((eb) => when(eb as never) as never);
    if (inView) {
      for (const [column, value] of Object.entries(binding.fixed ?? {})) {
        rows = rows.where(column as 'id', '=', value as never);
      }
      if (binding.where) rows = rows.where((eb) => binding.where?.(eb as never) as never);
    }
    return (await rows.orderBy('id').executeTakeFirst()) as Row | undefined;
  }

  const fire = async (action: Action, row: Row) => {
    const admin = authed(t.app, await tokenOf(t.app, 'admin'), PLATFORM[Number(row.platform_mark)] ?? 1);
    const query = new URLSearchParams(
      Object.entries(action.query ?? {}).map(([key, value]) => [key, String(value)]),
    ).toString();
    const url = `${action.path.replace(':id', String(row.id))}${query ? `?${query}` : ''}`;
    return () => admin({ method: action.method as 'POST', url, payload: promptBody(action) }).then(envelopeOf);
  };

  /**
   * A row the action's guard lets through: one of the seed's; else one another action of the view moves there
   * (enable after disable); else a row of the table that the guard lets through, given the view's fixed values.
   */
  async function rowFor(binding: Binding, action: Action): Promise<Row | undefined> {
    const guard = binding.actions?.[action.name]?.guard;
    const seeded = await rowOf(binding, guard?.when);
    if (seeded) return seeded;
    for (const other of binding.declaration.actions ?? []) {
      const bound = binding.actions?.[other.name];
      if (other === action || !bound?.guard) continue;
      const candidate = await rowOf(binding, bound.guard.when);
      if (!candidate) continue;
      expect((await (await fire(other, candidate))()).code).toBe(1020000);
      const moved = await rowOf(binding, guard?.when);
      if (moved) return moved;
    }
    if (binding.table === 'open_api_keys' && !(await rowOf(binding, undefined))) {
      // The seed issues no open-API key: one for company 1, as the admin's 新增 makes it.
      await t.db
        .insertInto('open_api_keys')
        .values({
          company_id: ACCOUNT.companyId,
          platform_mark: ACCOUNT.platformMark,
          caller: '竞态测试',
          key_prefix: 'race',
          key_hash: 'race-test-key-hash',
          status: 1,
          remark: null,
          created_by: 'admin',
          last_used_time: null,
          create_time: chinaTime(),
          update_time: chinaTime(),
        })
        .execute();
      return rowFor(binding, action);
    }
    const outside = await rowOf(binding, guard?.when, false);
    if (!outside) return undefined;
    await t.db
      .updateTable(binding.table as 'companies')
      .set((binding.fixed ?? {}) as never)
      .where('id', '=', Number(outside.id))
      .execute();
    return { ...(await rowOf(binding, guard?.when)), restore: outside };
  }

  for (const binding of BINDINGS) {
    for (const action of binding.declaration.actions ?? []) {
      const bound = binding.actions?.[action.name];
      if (!bound?.guard || RACED_ABOVE.has(binding.declaration.name)) continue;
      it(`${binding.declaration.name}.${action.name}: ${RACERS} parallel calls change the row once, or repeat it`, async () => {
        const found = await rowFor(binding, action);
        expect(found, `no row of ${binding.table} for ${action.name}`).toBeDefined();
        const { restore, ...row } = found as Row & { restore?: Row };
        const id = Number(row.id);
        try {
          const { winners, refused } = await race(await fire(action, row));
          // An action that leaves the row where its guard still holds may be repeated (a reply replaced by a
          // newer one); one that moves it out of the guard's reach is done once, the others refused.
          const repeatable =
            (await rowOf(binding, (eb: any) => eb.and([bound.guard?.when(eb), eb('id', '=', id)]))) !== undefined;
          if (repeatable) {
            expect(winners).toHaveLength(RACERS);
          } else {
            expect(winners, JSON.stringify(refused.slice(0, 2))).toHaveLength(1);
            expect(refused.map((answer) => answer.message)).toEqual(Array(RACERS - 1).fill(bound.guard?.message));
          }
        } finally {
          // Put the row back: later tests here use the seed's enterprises, templates and workers.
          const { id: _id, ...values } = restore ?? row;
          await t.db
            .updateTable(binding.table as 'companies')
            .set(values as never)
            .where('id', '=', id)
            .execute();
        }
      });
    }
  }
});

describe('finding 4: a task is settled into one draft and paid once', () => {
  it(`${RACERS} parallel settles make one draft; ${RACERS} parallel submits of it pay once`, async () => {
    const task = await taskIn(TASK_STATUS.completed, 2);
    const settles = await race(() => act(task.id, 'settle'));
    expect(settles.winners).toHaveLength(1);
    expect(settles.refused.map((answer) => answer.message)).toEqual(Array(RACERS - 1).fill(TASK_MSG.draftOpen));
    const drafts = await t.db
      .selectFrom('payout_drafts')
      .select('id')
      .where('file_name', 'like', `任务结算-${task.taskNo}%`)
      .execute();
    expect(drafts.map((row) => Number(row.id))).toEqual([await draftOfTask(task.id)]);

    const before = await balance();
    const submits = await Promise.all(Array.from({ length: RACERS }, () => submit(Number(drafts[0].id))));
    expect(submits.every((answer) => answer.code === 1020000)).toBe(true);
    expect(submits.filter((answer) => answer.content.duplicate === false)).toHaveLength(1);
    expect(await batchesOfDraft(Number(drafts[0].id))).toBe(1);
    const paid = submits.find((answer) => answer.content.duplicate === false) as Envelope;
    expect(before - (await balance())).toBe(paid.content.total);
    expect(paid.content.totalAmount).toBe(2 * 1_000_000);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
    // Settling again once paid is refused.
    expect((await act(task.id, 'settle')).message).toBe(TASK_MSG.alreadyPaid);
  });

  it(`${RACERS + 4} parallel uploads keep at most ${MAX_OPEN_DRAFTS} open drafts`, async () => {
    const uploads = Array.from({ length: RACERS + 4 }, (_, index) => {
      // The last workers, which no other test here takes (rescinds or blacklists).
      const person = PEOPLE - 1 - index;
      const row = payee(SERIAL + person, { 姓名: nameOf(person), '金额（元）': '10.00' });
      const { payload, headers } = multipartRequest([
        { name: 'file', filename: `竞态${index}.csv`, content: csvFile([row]) },
      ]);
      const upload = async (): Promise<Envelope> => {
        const answer = envelopeOf(
          await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
        );
        // The parser's queue is bounded: a refused upload is sent again, as the merchant would.
        if (answer.message !== BATCH_FILE_MSG.busy) return answer;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return upload();
      };
      return upload();
    });
    const answers = await Promise.all(uploads);
    for (const answer of answers)
      expect(answer.code, `${answer.message} ${JSON.stringify(answer.content)}`).toBe(1020000);
    const open = await t.db
      .selectFrom('payout_drafts')
      .select('id')
      .where('company_id', '=', ACCOUNT.companyId)
      .where('batch_id', 'is', null)
      // A settled task's draft is never pushed out by uploads, and an expired upload waits for the retention job
      // (/remit says it expired): the limit is on the uploads still open.
      .where('task_id', 'is', null)
      .where('expire_time', '>', chinaTime())
      .execute();
    expect(open.length).toBeLessThanOrEqual(MAX_OPEN_DRAFTS);
  });
});

describe('finding 5: the payee rules hold when the money moves', () => {
  it('a draft whose payee was blacklisted after the upload is refused at submit, naming them; nothing is debited', async () => {
    const task = await taskIn(TASK_STATUS.settled, 2);
    const draftId = await draftOfTask(task.id);
    const person = await idCardOfWorker(task.members[1]);
    await blacklist(person.idCard);
    const before = await balance();
    const refused = await submit(draftId);
    expect(refused.code).toBe(1040400);
    expect(refused.message).toMatch(new RegExp(`^以下收款人现在不能打款，未扣款：${person.name}（`));
    expect(await balance()).toBe(before);
    expect(await batchesOfDraft(draftId)).toBe(0);
  });

  it('a draft whose payee was rescinded after the upload is refused at submit; nothing is debited', async () => {
    const task = await taskIn(TASK_STATUS.settled, 1);
    const draftId = await draftOfTask(task.id);
    const rescinded = await call('POST', `/api/v1/workers/${task.members[0]}/rescind`, { reason: '合作结束' });
    expect(rescinded.code, rescinded.message).toBe(1020000);
    const person = await idCardOfWorker(task.members[0]);
    const before = await balance();
    const refused = await submit(draftId);
    expect(refused.code).toBe(1040400);
    expect(refused.message).toContain(`${person.name}（`);
    expect(await balance()).toBe(before);
    expect(await batchesOfDraft(draftId)).toBe(0);
  });

  it('a draft submitted after the company’s enterprise was locked is refused, even with the risk confirmed; nothing is debited', async () => {
    const task = await taskIn(TASK_STATUS.settled, 1);
    const draftId = await draftOfTask(task.id);
    const enterprise = await ownEnterprise();
    const before = await balance();
    const refused = await withEnterpriseStatus(ENTERPRISE_STATUS_CODE.locked, () =>
      call('POST', '/api/v1/remittances/batch/submit', {
        draftId,
        payPassword: DEMO_PAYMENT_PASSWORD,
        confirmRisk: true,
      }),
    );
    expect([refused.code, refused.message]).toEqual([1040400, ENTERPRISE_MSG.locked(enterprise.name)]);
    expect(await balance()).toBe(before);
    expect(await batchesOfDraft(draftId)).toBe(0);
  });

  it('a draft submitted after the company’s enterprise became risky needs the risk confirmed', async () => {
    const task = await taskIn(TASK_STATUS.settled, 1);
    const draftId = await draftOfTask(task.id);
    const before = await balance();
    const [unconfirmed, confirmed] = await withEnterpriseStatus(ENTERPRISE_STATUS_CODE.risky, async () => [
      await submit(draftId),
      await call('POST', '/api/v1/remittances/batch/submit', {
        draftId,
        payPassword: DEMO_PAYMENT_PASSWORD,
        confirmRisk: true,
      }),
    ]);
    expect(unconfirmed.code).toBe(1040400);
    expect(unconfirmed.content?.riskConfirm, unconfirmed.message).toBeTruthy();
    expect(confirmed.code, confirmed.message).toBe(1020000);
    expect(await batchesOfDraft(draftId)).toBe(1);
    expect(before - (await balance())).toBe(confirmed.content.total);
  });

  /** An abnormal fund of a signed worker: a batch to a card the channel rejects, paid by the processor. */
  async function abnormalFundOf(workerId: number): Promise<number> {
    const person = await idCardOfWorker(workerId);
    const rejected = bankCard(SERIAL + 900 + workerId, false);
    const created = await t.db.transaction().execute((tx) =>
      createBatch(tx, {
        ...ACCOUNT,
        operatorId: 1,
        rows: [{ rowNo: 2, ...person, bankCard: rejected, mobile: null, amount: 100_000, remark: null }],
        rate: 600,
        draftId: null,
        now: chinaTime(),
      }),
    );
    await t.app.payouts.drain();
    const fund = await t.db
      .selectFrom('abnormal_funds')
      .select(['id', 'status'])
      .where('batch_id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(Number(fund.status)).toBe(ABNORMAL.pending);
    return Number(fund.id);
  }
  const repay = (id: number, serial: number) =>
    call('POST', `/api/v1/abnormalfunds/${id}/repay`, {
      bankCard: bankCard(serial),
      payPassword: DEMO_PAYMENT_PASSWORD,
    });

  it('an abnormal fund is not paid again to a person blacklisted in between', async () => {
    const [workerId] = takeWorkers(1);
    const fundId = await abnormalFundOf(workerId);
    await blacklist((await idCardOfWorker(workerId)).idCard);
    const before = await balance();
    const refused = await repay(fundId, SERIAL + 990);
    expect(refused.code).toBe(1040400);
    expect(refused.message).toMatch(/^以下收款人现在不能打款，未扣款：/);
    expect(await balance()).toBe(before);
    const fund = await t.db
      .selectFrom('abnormal_funds')
      .select('status')
      .where('id', '=', fundId)
      .executeTakeFirstOrThrow();
    expect(Number(fund.status)).toBe(ABNORMAL.pending);
  });

  it('an abnormal fund is not paid again to a person rescinded in between', async () => {
    const [workerId] = takeWorkers(1);
    const fundId = await abnormalFundOf(workerId);
    const rescinded = await call('POST', `/api/v1/workers/${workerId}/rescind`, { reason: '合作结束' });
    expect(rescinded.code, rescinded.message).toBe(1020000);
    const person = await idCardOfWorker(workerId);
    const before = await balance();
    const refused = await repay(fundId, SERIAL + 992);
    expect(refused.code).toBe(1040400);
    expect(refused.message).toContain(`${person.name}（`);
    expect(await balance()).toBe(before);
    expect(await fundStatus(fundId)).toBe(ABNORMAL.pending);
  });

  it('an abnormal fund is not paid again while the company’s enterprise is locked', async () => {
    const [workerId] = takeWorkers(1);
    const fundId = await abnormalFundOf(workerId);
    const enterprise = await ownEnterprise();
    const before = await balance();
    const refused = await withEnterpriseStatus(ENTERPRISE_STATUS_CODE.locked, () => repay(fundId, SERIAL + 993));
    expect([refused.code, refused.message]).toEqual([1040400, ENTERPRISE_MSG.locked(enterprise.name)]);
    expect(await balance()).toBe(before);
    expect(await fundStatus(fundId)).toBe(ABNORMAL.pending);
  });

  it(`keep and re-pay fired together on one abnormal fund (${RACERS} calls): one wins, the money moves at most once`, async () => {
    const [workerId] = takeWorkers(1);
    const fundId = await abnormalFundOf(workerId);
    const before = await balance();
    const { winners, refused } = await race(
      (() => {
        let index = 0;
        return () =>
          index++ % 2 === 0 ? repay(fundId, SERIAL + 994) : call('POST', `/api/v1/abnormalfunds/${fundId}/keep`);
      })(),
    );
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    const status = await fundStatus(fundId);
    if (status === ABNORMAL.kept) {
      expect(await balance()).toBe(before);
    } else {
      const batch = await t.db
        .selectFrom('payout_batches')
        .select(['total_amount', 'service_charge'])
        .where('id', '=', winners[0].content.batchId)
        .executeTakeFirstOrThrow();
      expect(before - (await balance())).toBe(Number(batch.total_amount) + Number(batch.service_charge));
    }
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });

  it(`${RACERS} parallel re-payments of one abnormal fund pay once`, async () => {
    const [workerId] = takeWorkers(1);
    const fundId = await abnormalFundOf(workerId);
    const before = await balance();
    const { winners, refused } = await race(() => repay(fundId, SERIAL + 991));
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    const batches = await t.db
      .selectFrom('payout_batches')
      .select(['id', 'total_amount', 'service_charge'])
      .where('id', '=', winners[0].content.batchId)
      .execute();
    expect(batches).toHaveLength(1);
    expect(before - (await balance())).toBe(Number(batches[0].total_amount) + Number(batches[0].service_charge));
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });
});
