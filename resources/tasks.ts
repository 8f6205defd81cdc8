import { TASK_PAY_STATUS_CHOICES, TASK_PRICING_CHOICES, TASK_STATUS_CHOICES } from '../src/domain/tasks';
import type { FieldDeclaration, FilterDeclaration, ResourceDeclaration } from './types';

/**
 * Tasks (rules in server/tasks/README.md). /taskRelease publishes and runs a company's tasks;
 * /taskSummary and /adTaskSummary summarize them per task and per assigned worker (the per-worker views are
 * the pages' second tab). Assigning workers, the pickers and the overview are server/tasks/tasks.routes.ts.
 */

const EMPLOYEE = ['MER_EMPLOYEE_LIST'] as const;
const STAFF = ['UI_TASK_SUMMARY'] as const;

const COMPANY: FieldDeclaration = { source: 'companyName', label: '企业名称', type: 'text' };
const COMPANY_FILTER: FilterDeclaration = { key: 'companyName', label: '企业名称', type: 'text', alwaysOn: true };

const STATUS_FILTER: FilterDeclaration = {
  key: 'status',
  label: '任务状态',
  type: 'enum',
  choices: TASK_STATUS_CHOICES,
  alwaysOn: true,
};

/** /taskRelease 任务发布: the company's tasks, published, assigned, completed, settled or cancelled. */
export const taskRelease: ResourceDeclaration = {
  name: 'taskRelease',
  label: '任务',
  recordTitle: 'title',
  api: {
    list: '/api/v1/tasks/search',
    one: '/api/v1/tasks/:id',
    create: '/api/v1/tasks',
    update: '/api/v1/tasks/:id',
  },
  permissions: { list: EMPLOYEE, create: EMPLOYEE, edit: EMPLOYEE },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
    { source: 'taskNo', label: '任务编号', type: 'text' },
    { source: 'title', label: '任务名称', type: 'text', sortable: true, form: true, required: true },
    { source: 'industryId', label: '行业', type: 'number', list: false, form: true, required: true },
    { source: 'industryName', label: '行业', type: 'text' },
    { source: 'description', label: '任务描述', type: 'longtext', list: false, form: true, required: true },
    { source: 'headcount', label: '需要人数', type: 'number', sortable: true, form: true, required: true },
    { source: 'assignedCount', label: '已分配', type: 'number' },
    // The assigned workers by name on the row itself (the first few, then 等N人), not only in the expanded row.
    { source: 'assignedPeople', label: '分配人员', type: 'text' },
    { source: 'pricing', label: '计价方式', type: 'enum', choices: TASK_PRICING_CHOICES, form: true, required: true },
    { source: 'unitPrice', label: '单价', type: 'money', form: true },
    { source: 'totalAmount', label: '任务总价', type: 'money', list: false, form: true },
    // What the row shows as 任务总价: a 按人单价 task's unit price × people too (server/tasks/tasks.binding.ts).
    { source: 'taskTotal', label: '任务总价', type: 'money' },
    { source: 'startDate', label: '开始日期', type: 'date', sortable: true, form: true, required: true },
    { source: 'endDate', label: '结束日期', type: 'date', sortable: true, form: true, required: true },
    { source: 'status', label: '状态', type: 'enum', choices: TASK_STATUS_CHOICES, sortable: true },
    // Its payout draft in words: 待提交 with its expiry, 已于…过期 (settle again), or the batch it became.
    { source: 'draftState', label: '打款草稿', type: 'text' },
    { source: 'draftId', label: '打款草稿编号', type: 'number', list: false },
    { source: 'draftExpireTime', label: '草稿有效期至', type: 'datetime', hidden: true },
    { source: 'batchNo', label: '打款批次', type: 'text', hidden: true },
    { source: 'publishTime', label: '发布时间', type: 'datetime', hidden: true },
    { source: 'completeTime', label: '完成时间', type: 'datetime', hidden: true },
    { source: 'settleTime', label: '结算时间', type: 'datetime', hidden: true },
    { source: 'cancelTime', label: '取消时间', type: 'datetime', hidden: true },
    { source: 'cancelReason', label: '取消原因', type: 'text', hidden: true },
    { source: 'createUser', label: '创建人', type: 'text', hidden: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'title', label: '任务名称', type: 'text', alwaysOn: true },
    { key: 'taskNo', label: '任务编号', type: 'text', alwaysOn: true },
    STATUS_FILTER,
    { key: 'stime', endKey: 'etime', label: '创建时间', type: 'dateRange' },
  ],
  actions: [
    {
      name: 'publish',
      label: '发布',
      method: 'POST',
      path: '/api/v1/tasks/:id/publish',
      confirm: '发布后即可按任务分配已签约人员。确定发布吗？',
      permissions: EMPLOYEE,
      visibleWhen: { field: 'status', in: [0] },
    },
    {
      name: 'complete',
      label: '标记完成',
      method: 'POST',
      path: '/api/v1/tasks/:id/complete',
      confirm: '标记完成后不能再调整人员。确定该任务已完成吗？',
      permissions: EMPLOYEE,
      visibleWhen: { field: 'status', in: [1] },
    },
    {
      name: 'settle',
      label: '结算',
      method: 'POST',
      path: '/api/v1/tasks/:id/settle',
      confirm:
        '结算会按已分配人员和金额生成批量打款草稿（24小时内有效），任务待打款；到「批量打款」核对后用支付密码提交。确定结算吗？',
      permissions: EMPLOYEE,
      // A completed task, or one 待打款 whose draft expired (server/tasks/tasks.binding.ts present).
      visibleWhen: { field: 'settleOffered', in: [1] },
    },
    {
      name: 'cancel',
      label: '取消',
      method: 'POST',
      path: '/api/v1/tasks/:id/cancel',
      confirm: '取消后任务不能再发布、分配或结算。确定取消吗？',
      permissions: EMPLOYEE,
      visibleWhen: { field: 'status', in: [0, 1] },
      prompt: [{ source: 'reason', label: '取消原因', type: 'text', required: true }],
    },
  ],
  customList: 'TaskReleaseList',
};

const TASK_SUMMARY_FIELDS: readonly FieldDeclaration[] = [
  { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
  { source: 'taskNo', label: '任务编号', type: 'text' },
  { source: 'title', label: '任务名称', type: 'text', sortable: true },
  { source: 'industryName', label: '行业', type: 'text' },
  { source: 'status', label: '状态', type: 'enum', choices: TASK_STATUS_CHOICES, sortable: true },
  { source: 'headcount', label: '需要人数', type: 'number' },
  { source: 'assignedCount', label: '已分配', type: 'number' },
  { source: 'plannedAmount', label: '应付金额', type: 'money' },
  { source: 'paidCount', label: '已到账人数', type: 'number' },
  { source: 'paidAmount', label: '已到账金额', type: 'money' },
  { source: 'batchNo', label: '打款批次', type: 'text' },
  { source: 'startDate', label: '开始日期', type: 'date', sortable: true },
  { source: 'endDate', label: '结束日期', type: 'date', hidden: true },
  { source: 'settleTime', label: '结算时间', type: 'datetime', sortable: true },
];

const TASK_SUMMARY_FILTERS: readonly FilterDeclaration[] = [
  { key: 'title', label: '任务名称', type: 'text', alwaysOn: true },
  { key: 'taskNo', label: '任务编号', type: 'text' },
  STATUS_FILTER,
  { key: 'stime', endKey: 'etime', label: '开始日期', type: 'dateRange' },
];

const WORKER_SUMMARY_FIELDS: readonly FieldDeclaration[] = [
  { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
  { source: 'taskNo', label: '任务编号', type: 'text' },
  { source: 'title', label: '任务名称', type: 'text' },
  { source: 'workerName', label: '姓名', type: 'text', sortable: true },
  { source: 'idMasked', label: '身份证号', type: 'text' },
  { source: 'mobile', label: '手机号', type: 'text' },
  { source: 'taskStatus', label: '任务状态', type: 'enum', choices: TASK_STATUS_CHOICES },
  { source: 'amount', label: '应付金额', type: 'money', sortable: true },
  { source: 'paidAmount', label: '已到账金额', type: 'money' },
  { source: 'payStatus', label: '打款状态', type: 'enum', choices: TASK_PAY_STATUS_CHOICES },
  { source: 'createTime', label: '分配时间', type: 'datetime', sortable: true },
];

const WORKER_SUMMARY_FILTERS: readonly FilterDeclaration[] = [
  { key: 'workerName', label: '姓名', type: 'text', alwaysOn: true },
  { key: 'title', label: '任务名称', type: 'text', alwaysOn: true },
  { key: 'taskNo', label: '任务编号', type: 'text' },
  { key: 'taskStatus', label: '任务状态', type: 'enum', choices: TASK_STATUS_CHOICES, alwaysOn: true },
];

/** /taskSummary 任务汇总, by task. */
export const taskSummary: ResourceDeclaration = {
  name: 'taskSummary',
  label: '任务汇总',
  recordTitle: 'title',
  api: { list: '/api/v1/tasks/summary/search', one: '/api/v1/tasks/summary/:id' },
  permissions: { list: EMPLOYEE },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: TASK_SUMMARY_FIELDS,
  filters: TASK_SUMMARY_FILTERS,
  customList: 'TaskSummaryTabs',
};

/** /taskSummary's second tab: each assigned worker, with the pay the settled batch made. */
export const taskWorkerSummary: ResourceDeclaration = {
  name: 'taskWorkerSummary',
  label: '任务人员汇总',
  route: 'taskSummary',
  recordTitle: 'workerName',
  api: { list: '/api/v1/tasks/summary/workers/search', one: '/api/v1/tasks/summary/workers/:id' },
  permissions: { list: EMPLOYEE },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: WORKER_SUMMARY_FIELDS,
  filters: WORKER_SUMMARY_FILTERS,
};

/** /adTaskSummary 任务汇总: staff, across the companies of their scope, by task. */
export const adTaskSummary: ResourceDeclaration = {
  name: 'adTaskSummary',
  label: '任务汇总',
  recordTitle: 'title',
  api: { list: '/api/v1/tasks/staff/summary/search', one: '/api/v1/tasks/staff/summary/:id' },
  permissions: { list: STAFF },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [COMPANY, ...TASK_SUMMARY_FIELDS],
  filters: [COMPANY_FILTER, ...TASK_SUMMARY_FILTERS],
  customList: 'TaskSummaryTabs',
};

/** /adTaskSummary's second tab. */
export const adTaskWorkerSummary: ResourceDeclaration = {
  name: 'adTaskWorkerSummary',
  label: '任务人员汇总',
  route: 'adTaskSummary',
  recordTitle: 'workerName',
  api: { list: '/api/v1/tasks/staff/summary/workers/search', one: '/api/v1/tasks/staff/summary/workers/:id' },
  permissions: { list: STAFF },
  views: {},
  defaultSort: { field: 'id', order: 'DESC' },
  fields: [COMPANY, ...WORKER_SUMMARY_FIELDS],
  filters: [COMPANY_FILTER, ...WORKER_SUMMARY_FILTERS],
};

/** Each summary page's per-worker tab. */
export const TASK_WORKER_TABS: Readonly<Record<string, ResourceDeclaration>> = {
  taskSummary: taskWorkerSummary,
  adTaskSummary: adTaskWorkerSummary,
};

export const TASK_RESOURCES: readonly ResourceDeclaration[] = [
  taskRelease,
  taskSummary,
  taskWorkerSummary,
  adTaskSummary,
  adTaskWorkerSummary,
];
