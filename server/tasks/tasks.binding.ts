import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { adTaskSummary, adTaskWorkerSummary, taskRelease, taskSummary, taskWorkerSummary } from '../../resources/tasks';
import { ROLE } from '../../src/domain/roles';
import {
  assignedPeopleText,
  TASK_HEADCOUNT_MAX,
  TASK_MSG,
  TASK_PRICING,
  TASK_STATUS,
  taskDraftState,
} from '../../src/domain/tasks';
import { chinaTime } from '../db/time';
import type { ResourceBinding, WriteContext } from '../engine/binding';
import { ForbiddenError, fail } from '../http/errors';
import { type FieldCheck, lengthBetween } from '../http/fieldChecks';
import { settleTask } from './settleTask';

/**
 * Tasks on the resource engine (resources/tasks.ts, rules in server/tasks/README.md): /taskRelease (create,
 * edit while 待发布, 发布 / 标记完成 / 取消 / 结算 as guarded actions, each in one transaction with its log entry),
 * and the summaries by task and by assigned worker for the merchant and for staff (company scope: merchants their
 * own company, department staff their departments' companies). Pay figures come from the payout batch the task's
 * draft became (payout_batches.draft_id) and its items (the member's row_no).
 */

const ITEM_SUCCEEDED = 1;
const ITEM_FAILED = 2;

const batchOfTask = sql`(select b.id from payout_batches b where b.draft_id = worker_tasks.draft_id)`;
const assignedCount = sql<number>`(select count(*) from worker_task_members m where m.task_id = worker_tasks.id)`;
/** The assigned workers' names in the order they were assigned (string_agg: PostgreSQL, and SQLite from 3.44). */
const assignedPeople = sql<
  string | null
>`(select string_agg(w.name, '、' order by m.id) from worker_task_members m inner join workers w on w.id = m.worker_id where m.task_id = worker_tasks.id)`;
const batchNo = sql<string | null>`(select b.batch_no from payout_batches b where b.draft_id = worker_tasks.draft_id)`;
const paidAmount = sql<number>`cast(coalesce((select sum(i.amount) from payout_items i where i.batch_id = ${batchOfTask} and i.status = ${ITEM_SUCCEEDED}), 0) as bigint)`;
const paidCount = sql<number>`(select count(*) from payout_items i where i.batch_id = ${batchOfTask} and i.status = ${ITEM_SUCCEEDED})`;
// PostgreSQL sums bigint as numeric (a string to the driver): the sums are cast back to bigint.
/** What the task pays in all: the settled amounts once settled, before that the price times the workers assigned. */
const plannedAmount = sql<number>`case
  when worker_tasks.draft_id is not null
    then cast((select coalesce(sum(m.amount), 0) from worker_task_members m where m.task_id = worker_tasks.id) as bigint)
  when worker_tasks.pricing = ${TASK_PRICING.unit}
    then coalesce(worker_tasks.unit_price, 0) * ${assignedCount}
  else coalesce(worker_tasks.total_amount, 0) end`;
/**
 * 任务总价 on /taskRelease: the settled amounts once settled; before that the total of a 任务总价 task, or for a
 * 按人单价 task the unit price times the people it needs (its budget, known before anyone is assigned).
 */
const taskTotal = sql<number>`case
  when worker_tasks.draft_id is not null
    then cast((select coalesce(sum(m.amount), 0) from worker_task_members m where m.task_id = worker_tasks.id) as bigint)
  when worker_tasks.pricing = ${TASK_PRICING.unit}
    then coalesce(worker_tasks.unit_price, 0) * worker_tasks.headcount
  else coalesce(worker_tasks.total_amount, 0) end`;

/** When the task's draft not yet submitted expires (payout_drafts.expire_time); null once submitted or gone. */
const draftExpireTime = sql<
  string | null
>`(select d.expire_time from payout_drafts d where d.id = worker_tasks.draft_id and d.batch_id is null)`;

const memberItem = (column: string) =>
  sql.raw(
    `(select i.${column} from payout_items i where i.batch_id = (select b.id from payout_batches b where b.draft_id = worker_tasks.draft_id) and i.row_no = worker_task_members.row_no)`,
  );
/** TASK_PAY_STATUS: 未结算, 待提交打款 (a draft, no batch yet), 打款中, 已到账, 打款失败. */
const payStatus = sql<number>`case
  when worker_tasks.draft_id is null or worker_task_members.row_no is null then 0
  when ${batchOfTask} is null then 1
  when ${memberItem('status')} = ${ITEM_SUCCEEDED} then 3
  when ${memberItem('status')} = ${ITEM_FAILED} then 4
  else 2 end`;
const memberPaid = sql<number>`case when ${memberItem('status')} = ${ITEM_SUCCEEDED} then ${memberItem('amount')} else 0 end`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Only a merchant's own account runs its tasks; staff who may open the pages only read them. */
export function requireMerchant(context: Pick<WriteContext, 'auth'>): number {
  const { auth } = context;
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError('仅商户账号可以管理任务');
  return auth.companyId;
}

const money: FieldCheck = (value) => {
  const units = Number(value);
  if (units <= 0) return TASK_MSG.amountPositive;
  // A payout line has at most two decimals (validateRows): 1/10000 yuan × 100 = one cent.
  if (units % 100 !== 0) return '金额最多保留两位小数';
  if (units > 100_000_000 * 10_000) return '金额过大';
  return undefined;
};

function checks(context: WriteContext): Record<string, FieldCheck> {
  return {
    title: lengthBetween(2, 64, '请输入2-64个字的任务名称'),
    description: lengthBetween(2, 2000, '请输入2-2000个字的任务描述'),
    headcount: (value) => {
      const count = Number(value);
      return count >= 1 && count <= TASK_HEADCOUNT_MAX ? undefined : TASK_MSG.headcount;
    },
    industryId: async (value) => {
      const found = await context.db
        .selectFrom('industries')
        .select('id')
        .where('id', '=', Number(value))
        .executeTakeFirst();
      return found ? undefined : TASK_MSG.industryMissing;
    },
    unitPrice: money,
    totalAmount: money,
    startDate: (value) => (isDate(String(value)) ? undefined : '开始日期格式不正确'),
    endDate: (value) => (isDate(String(value)) ? undefined : '结束日期格式不正确'),
  };
}

/** Rules across fields, on the task as it will be (the stored row with the changes). Also: edits only while 待发布. */
async function beforeSave(context: WriteContext, values: Record<string, unknown>) {
  const companyId = requireMerchant(context);
  let current: Record<string, unknown> = {};
  if (context.id !== undefined) {
    const row = await context.db
      .selectFrom('worker_tasks')
      .selectAll()
      .where('id', '=', context.id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) fail(TASK_MSG.notFound);
    if (Number(row.status) !== TASK_STATUS.draft) fail(TASK_MSG.editOnlyDraft);
    current = row;
  }
  const task = { ...current, ...values };
  const pricing = Number(task.pricing);
  const extra: Record<string, unknown> = {};
  if (pricing === TASK_PRICING.unit) {
    if (task.unit_price === null || task.unit_price === undefined) fail(TASK_MSG.unitPriceRequired);
    extra.total_amount = null;
  } else {
    if (task.total_amount === null || task.total_amount === undefined) fail(TASK_MSG.totalRequired);
    extra.unit_price = null;
  }
  if (String(task.end_date) < String(task.start_date)) fail(TASK_MSG.endBeforeStart);
  return extra;
}

function newTaskNo(now: string): string {
  return `RW${now.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function reasonOf(context: WriteContext): string {
  const reason = typeof context.body.reason === 'string' ? context.body.reason.trim() : '';
  const length = [...reason].length;
  if (length < 2 || length > 200) fail('请填写取消原因（2-200个字符）');
  return reason;
}

const status =
  (...values: number[]) =>
  (eb: any) =>
    eb('worker_tasks.status', 'in', values);

export const taskReleaseBinding: ResourceBinding = {
  declaration: taskRelease,
  table: 'worker_tasks',
  joins: [{ table: 'industries', on: ['industries.id', 'worker_tasks.industry_id'] }],
  columns: { industryName: 'industries.nm' },
  computed: { assignedCount, assignedPeople, batchNo, taskTotal, draftExpireTime, draftState: draftExpireTime },
  scope: { kind: 'company', column: 'worker_tasks.company_id' },
  filters: {
    stime: { column: 'worker_tasks.create_time' },
    etime: { column: 'worker_tasks.create_time' },
  },
  // 打款草稿 in words (its expiry said, an expired one named so), and whether 结算 is offered (a completed task, or
  // one 待打款 whose draft expired): both need the time of the read.
  present: (record) => {
    const state = taskDraftState(record, chinaTime());
    return {
      ...record,
      assignedPeople: assignedPeopleText(record.assignedPeople, Number(record.assignedCount)),
      draftState: state.text,
      draftExpired: state.expired ? 1 : 0,
      settleOffered: state.settle ? 1 : 0,
    };
  },
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: ({ auth }) => ({
    company_id: auth.companyId,
    platform_mark: auth.platformMark,
    status: TASK_STATUS.draft,
    task_no: newTaskNo(chinaTime()),
    create_user: auth.displayName,
  }),
  checks,
  beforeSave,
  actions: {
    publish: {
      beforeUpdate: async (context) => {
        requireMerchant(context);
      },
      set: () => ({ status: TASK_STATUS.published, publish_time: chinaTime(), update_time: chinaTime() }),
      guard: { when: status(TASK_STATUS.draft), message: TASK_MSG.publishOnlyDraft },
      message: '发布成功',
    },
    complete: {
      beforeUpdate: async (context) => {
        requireMerchant(context);
        const members = await context.db
          .selectFrom('worker_task_members')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('task_id', '=', context.id ?? 0)
          .executeTakeFirst();
        const task = await context.db
          .selectFrom('worker_tasks')
          .select('status')
          .where('id', '=', context.id ?? 0)
          .executeTakeFirst();
        if (Number(task?.status) === TASK_STATUS.published && Number(members?.count ?? 0) === 0) {
          fail(TASK_MSG.completeNeedsMembers);
        }
      },
      set: () => ({ status: TASK_STATUS.completed, complete_time: chinaTime(), update_time: chinaTime() }),
      guard: { when: status(TASK_STATUS.published), message: TASK_MSG.completeOnlyPublished },
      message: '已标记完成',
    },
    cancel: {
      beforeUpdate: async (context) => {
        requireMerchant(context);
        reasonOf(context);
      },
      set: (context) => ({
        status: TASK_STATUS.cancelled,
        cancel_time: chinaTime(),
        cancel_reason: reasonOf(context),
        update_time: chinaTime(),
      }),
      guard: { when: status(TASK_STATUS.draft, TASK_STATUS.published), message: TASK_MSG.cancelOnlyOpen },
      message: '任务已取消',
    },
    settle: {
      beforeUpdate: async (context) => {
        const companyId = requireMerchant(context);
        // A task whose payout was submitted says so, rather than the guard's general rule.
        const task = await context.db
          .selectFrom('worker_tasks')
          .select('status')
          .where('id', '=', context.id ?? 0)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        const submitted: readonly number[] = [TASK_STATUS.paying, TASK_STATUS.settled, TASK_STATUS.payFailed];
        if (task && submitted.includes(Number(task.status))) fail(TASK_MSG.alreadyPaid);
      },
      // After the claim: of parallel settles, the first makes the draft, the others find it (settleTask.ts).
      afterClaim: async (context) => {
        await settleTask(context.db, requireMerchant(context), context.auth, context.id ?? 0);
      },
      // 待打款 until the draft is submitted; the payout moves it on (taskPayment.ts). A task 待打款 settles again only
      // when its draft expired (settleTask refuses an open one).
      set: () => ({ status: TASK_STATUS.awaitingPayment, settle_time: chinaTime(), update_time: chinaTime() }),
      guard: {
        when: status(TASK_STATUS.completed, TASK_STATUS.awaitingPayment),
        message: TASK_MSG.settleOnlyCompleted,
      },
      message: '结算成功，已生成打款草稿，任务待打款：请到批量打款页核对并提交',
    },
  },
  messages: { notFound: TASK_MSG.notFound, idLabel: '任务编号', created: '任务已创建，发布后可分配人员' },
};

function taskSummaryBinding(declaration: typeof taskSummary): ResourceBinding {
  return {
    declaration,
    table: 'worker_tasks',
    joins: [
      { table: 'industries', on: ['industries.id', 'worker_tasks.industry_id'] },
      { table: 'companies', on: ['companies.id', 'worker_tasks.company_id'] },
    ],
    columns: { industryName: 'industries.nm', companyName: 'companies.name' },
    computed: { assignedCount, batchNo, paidAmount, paidCount, plannedAmount },
    scope: { kind: 'company', column: 'worker_tasks.company_id' },
    filters: {
      stime: { column: 'worker_tasks.start_date' },
      etime: { column: 'worker_tasks.start_date' },
    },
    messages: { notFound: TASK_MSG.notFound, idLabel: '任务编号' },
  };
}

function workerSummaryBinding(declaration: typeof taskWorkerSummary): ResourceBinding {
  return {
    declaration,
    table: 'worker_task_members',
    joins: [
      { table: 'worker_tasks', on: ['worker_tasks.id', 'worker_task_members.task_id'] },
      { table: 'workers', on: ['workers.id', 'worker_task_members.worker_id'] },
      { table: 'companies', on: ['companies.id', 'worker_task_members.company_id'] },
    ],
    columns: {
      taskNo: 'worker_tasks.task_no',
      title: 'worker_tasks.title',
      workerName: 'workers.name',
      idMasked: 'workers.id_masked',
      mobile: 'workers.mobile',
      taskStatus: 'worker_tasks.status',
      companyName: 'companies.name',
    },
    computed: { paidAmount: memberPaid, payStatus },
    scope: { kind: 'company', column: 'worker_task_members.company_id' },
    messages: { notFound: '记录不存在', idLabel: '记录编号' },
  };
}

export const TASK_BINDINGS: readonly ResourceBinding[] = [
  taskReleaseBinding,
  taskSummaryBinding(taskSummary),
  workerSummaryBinding(taskWorkerSummary),
  taskSummaryBinding(adTaskSummary),
  workerSummaryBinding(adTaskWorkerSummary),
];
