import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { TASK_MSG, TASK_SETTLED_STATUSES, TASK_STATUS, TASK_STATUS_CHOICES } from '../../src/domain/tasks';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { resolveColumns } from '../engine/columns';
import { recordOperation } from '../engine/operationLog';
import { recordOrFail, scopeCondition } from '../engine/reads';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { requireMerchant, taskReleaseBinding } from './tasks.binding';
import {
  assignSchema,
  candidatesSchema,
  industriesSchema,
  membersSchema,
  overviewSchema,
  removeMemberSchema,
} from './tasks.schemas';

/**
 * What the engine cannot express for tasks (server/tasks/README.md):
 * - GET    /api/v1/tasks/industries?name=        the industry picker (names, at most 20);
 * - GET    /api/v1/tasks/:id/members             the task's assigned workers (scope of the task);
 * - GET    /api/v1/tasks/:id/candidates?name=    the picker of workers to assign: the company's 已签署 workers
 *                                                not yet assigned, by name or mobile (at most 20);
 * - POST   /api/v1/tasks/:id/members {workerIds} assign (待发布 / 已发布 only; signed workers of the company only;
 *                                                never beyond the headcount);
 * - DELETE /api/v1/tasks/:id/members/:workerId   remove one (same statuses);
 * - GET    /api/v1/tasks/overview                /adTaskOverview: counts by status, amounts and recent tasks in the
 *                                                caller's scope (merchants: their company; department staff: their
 *                                                departments' companies).
 */

const EMPLOYEE = { config: { access: { permissions: ['MER_EMPLOYEE_LIST'] } } };
const PICKER_SIZE = 20;
const MAX_ASSIGN = 200;
const OPEN = [TASK_STATUS.draft, TASK_STATUS.published];

const taskColumns = resolveColumns(taskReleaseBinding);

function likeText(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().slice(0, 32) : '';
  return text.replace(/[%_\\]/g, '');
}

/** The task as its list shows it, within the caller's scope (403 outside it, 任务不存在 when absent). */
/**
 * Takes the task's row (an update) while it is still open, so changes to one task's members run one at a time and
 * two assignments at once cannot pass the headcount; refuses with `closed` once the task is no longer open.
 */
async function lockOpenTask(tx: Db, taskId: number, closed: string): Promise<void> {
  const locked = await tx
    .updateTable('worker_tasks')
    .set({ update_time: chinaTime() })
    .where('id', '=', taskId)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) fail(closed);
}

async function taskOf(db: Db, request: FastifyRequest) {
  const id = parseId((request.params as { id: string }).id, '任务编号');
  return recordOrFail(db, taskReleaseBinding, taskColumns, id, requireAuth(request));
}

function workerIdsOf(body: unknown): number[] {
  const raw =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { workerIds?: unknown }).workerIds : [];
  if (!Array.isArray(raw) || raw.length === 0) fail(TASK_MSG.pickWorkers);
  if (raw.length > MAX_ASSIGN) fail(`一次最多分配 ${MAX_ASSIGN} 人`);
  const ids = raw.map((value) => parseId(value, '人员编号'));
  return [...new Set(ids)];
}

export async function tasksRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/tasks/industries', { ...EMPLOYEE, schema: industriesSchema }, async (request) => {
    requireAuth(request);
    const name = likeText((request.query as { name?: unknown }).name);
    const rows = await db
      .selectFrom('industries')
      .select(['id', 'nm as name'])
      .$if(name !== '', (query) => query.where('nm', 'like', `%${name}%`))
      .orderBy('nm')
      .limit(PICKER_SIZE)
      .execute();
    return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
  });

  app.get('/api/v1/tasks/overview', { ...EMPLOYEE, schema: overviewSchema }, async (request) => {
    const auth = requireAuth(request);
    const scope = scopeCondition(taskReleaseBinding, auth);
    const tasks = () => {
      const query = db.selectFrom('worker_tasks');
      return scope ? query.where(scope as never) : query;
    };
    const counts = await tasks()
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    const settled = await tasks()
      .innerJoin('worker_task_members', 'worker_task_members.task_id', 'worker_tasks.id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('worker_task_members.amount'), sql<number>`0`).as('amount'))
      // Settled into a payout (待打款 on): the amounts fixed at 结算, paid or not yet.
      .where('worker_tasks.status', 'in', TASK_SETTLED_STATUSES)
      .executeTakeFirst();
    const paid = await tasks()
      .innerJoin('payout_batches', 'payout_batches.draft_id', 'worker_tasks.draft_id')
      .innerJoin('payout_items', 'payout_items.batch_id', 'payout_batches.id')
      .select([
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('payout_items.amount'), sql<number>`0`).as('amount'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .where('payout_items.status', '=', 1)
      .executeTakeFirst();
    const workers = await tasks()
      .innerJoin('worker_task_members', 'worker_task_members.task_id', 'worker_tasks.id')
      .select((eb) => eb.fn.count<number>('worker_task_members.worker_id').distinct().as('count'))
      .where('worker_tasks.status', '<>', TASK_STATUS.cancelled)
      .executeTakeFirst();
    const recent = await tasks()
      .leftJoin('companies', 'companies.id', 'worker_tasks.company_id')
      .select([
        'worker_tasks.id',
        'worker_tasks.task_no as taskNo',
        'worker_tasks.title',
        'worker_tasks.status',
        'worker_tasks.headcount',
        'worker_tasks.start_date as startDate',
        'worker_tasks.end_date as endDate',
        'worker_tasks.create_time as createTime',
        'companies.name as companyName',
        sql<number>`(select count(*) from worker_task_members m where m.task_id = worker_tasks.id)`.as('assignedCount'),
      ])
      .orderBy('worker_tasks.id', 'desc')
      .limit(10)
      .execute();
    const byStatus = new Map(counts.map((row) => [Number(row.status), Number(row.count)]));
    return ok({
      statusCounts: TASK_STATUS_CHOICES.map((choice) => ({
        status: choice.id,
        name: choice.name,
        count: byStatus.get(Number(choice.id)) ?? 0,
      })),
      taskCount: [...byStatus.values()].reduce((sum, count) => sum + count, 0),
      workerCount: Number(workers?.count ?? 0),
      settledAmount: Number(settled?.amount ?? 0),
      paidAmount: Number(paid?.amount ?? 0),
      paidCount: Number(paid?.count ?? 0),
      recent: recent.map((row) => ({
        ...row,
        id: Number(row.id),
        status: Number(row.status),
        headcount: Number(row.headcount),
        assignedCount: Number(row.assignedCount),
      })),
    });
  });

  app.get('/api/v1/tasks/:id/members', { ...EMPLOYEE, schema: membersSchema }, async (request) => {
    const task = await taskOf(db, request);
    const rows = await db
      .selectFrom('worker_task_members')
      .innerJoin('workers', 'workers.id', 'worker_task_members.worker_id')
      .select([
        'worker_task_members.id',
        'worker_task_members.worker_id as workerId',
        'workers.name',
        'workers.id_masked as idMasked',
        'workers.mobile',
        'workers.sign_status as signStatus',
        'worker_task_members.amount',
        'worker_task_members.create_time as createTime',
      ])
      .where('worker_task_members.task_id', '=', task.id)
      .orderBy('worker_task_members.id')
      .execute();
    return ok(
      rows.map((row) => ({
        ...row,
        id: Number(row.id),
        workerId: Number(row.workerId),
        signStatus: Number(row.signStatus),
        amount: Number(row.amount),
      })),
    );
  });

  app.get('/api/v1/tasks/:id/candidates', { ...EMPLOYEE, schema: candidatesSchema }, async (request) => {
    const companyId = requireMerchant({ auth: requireAuth(request) });
    const task = await taskOf(db, request);
    const text = likeText((request.query as { name?: unknown }).name);
    const rows = await db
      .selectFrom('workers')
      .select(['id', 'name', 'id_masked as idMasked', 'mobile'])
      .where('company_id', '=', companyId)
      .where('sign_status', '=', SIGN_STATUS.signed)
      .where('id', 'not in', db.selectFrom('worker_task_members').select('worker_id').where('task_id', '=', task.id))
      .$if(text !== '', (query) =>
        query.where((eb) => eb.or([eb('name', 'like', `%${text}%`), eb('mobile', 'like', `${text}%`)])),
      )
      .orderBy('name')
      .limit(PICKER_SIZE)
      .execute();
    return ok(rows.map((row) => ({ ...row, id: Number(row.id) })));
  });

  app.post('/api/v1/tasks/:id/members', { ...EMPLOYEE, schema: assignSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = requireMerchant({ auth });
    const task = await taskOf(db, request);
    const workerIds = workerIdsOf(request.body);
    const added = await db.transaction().execute(async (tx) => {
      await lockOpenTask(tx, task.id, TASK_MSG.assignClosed);
      const current = await tx
        .selectFrom('worker_tasks')
        .select('headcount')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      const workers = await tx
        .selectFrom('workers')
        .select(['id', 'name', 'sign_status as signStatus'])
        .where('company_id', '=', companyId)
        .where('id', 'in', workerIds)
        .execute();
      if (workers.length !== workerIds.length) fail(TASK_MSG.workerMissing);
      const unsigned = workers.filter((worker) => Number(worker.signStatus) !== SIGN_STATUS.signed);
      if (unsigned.length > 0) fail(TASK_MSG.unsigned(unsigned.map((worker) => worker.name)));
      const existing = await tx
        .selectFrom('worker_task_members')
        .select('worker_id')
        .where('task_id', '=', task.id)
        .execute();
      const assigned = new Set(existing.map((row) => Number(row.worker_id)));
      const twice = workers.filter((worker) => assigned.has(Number(worker.id)));
      if (twice.length > 0) fail(TASK_MSG.alreadyAssigned(twice.map((worker) => worker.name)));
      const headcount = Number(current.headcount);
      if (assigned.size + workers.length > headcount) fail(TASK_MSG.overHeadcount(headcount, assigned.size));
      const now = chinaTime();
      await tx
        .insertInto('worker_task_members')
        .values(
          workers.map((worker) => ({
            task_id: task.id,
            worker_id: Number(worker.id),
            company_id: companyId,
            create_time: now,
          })),
        )
        .execute();
      await recordOperation(tx, request, auth, {
        action: 'assign',
        resource: 'taskRelease',
        recordId: task.id,
        changes: { workers: [null, workers.map((worker) => worker.name).join('、')] },
      });
      return workers.length;
    });
    return ok({ added }, `已分配 ${added} 人`);
  });

  app.delete('/api/v1/tasks/:id/members/:workerId', { ...EMPLOYEE, schema: removeMemberSchema }, async (request) => {
    const auth = requireAuth(request);
    requireMerchant({ auth });
    const task = await taskOf(db, request);
    const workerId = parseId((request.params as { workerId: string }).workerId, '人员编号');
    await db.transaction().execute(async (tx) => {
      await lockOpenTask(tx, task.id, TASK_MSG.removeClosed);
      const member = await tx
        .selectFrom('worker_task_members')
        .innerJoin('workers', 'workers.id', 'worker_task_members.worker_id')
        .select(['worker_task_members.id', 'workers.name'])
        .where('worker_task_members.task_id', '=', task.id)
        .where('worker_task_members.worker_id', '=', workerId)
        .executeTakeFirst();
      if (!member) fail(TASK_MSG.memberMissing);
      await tx.deleteFrom('worker_task_members').where('id', '=', member.id).execute();
      await recordOperation(tx, request, auth, {
        action: 'unassign',
        resource: 'taskRelease',
        recordId: task.id,
        changes: { workers: [member.name, null] },
      });
    });
    return ok(null, '已移除');
  });
}
