import { JOB_MSG, JOB_PAUSED_CHOICES, JOB_RUN_KIND_CHOICES, JOB_RUN_STATUS_CHOICES } from '../src/domain/scheduledJobs';
import type { FieldDeclaration, ResourceDeclaration } from './types';

const CODES = ['UI_SYSTEM_TOOL'];

const RUN_FIELDS: readonly FieldDeclaration[] = [
  { source: 'startTime', label: '开始时间', type: 'datetime' },
  { source: 'kind', label: '触发方式', type: 'enum', choices: JOB_RUN_KIND_CHOICES },
  { source: 'operator', label: '执行人', type: 'text' },
  { source: 'host', label: '执行进程', type: 'text' },
  { source: 'status', label: '结果', type: 'enum', choices: JOB_RUN_STATUS_CHOICES },
  { source: 'duration', label: '耗时', type: 'text' },
  { source: 'message', label: '说明', type: 'text' },
];

/**
 * 定时任务: /adScheduledJob (UI_SYSTEM_TOOL, a system tool beside /adAdminTool). The jobs the server runs by itself
 * — what, when (China time), the last run with its duration and result, the next run — and their recent runs (the
 * detail view). 立即执行 runs a job once, on the process the request reaches, unless a run holds it; 暂停 holds it
 * on every process until 恢复 (server/system/jobRuns.ts, jobLock.ts). Each action is in the operation log.
 */
export const scheduledJobs: ResourceDeclaration = {
  name: 'adScheduledJob',
  label: '定时任务',
  recordTitle: 'label',
  api: { list: '/api/v1/scheduledjobs/search', one: '/api/v1/scheduledjobs/:id' },
  permissions: { list: CODES, edit: CODES },
  views: { show: true },
  defaultSort: { field: 'id', order: 'ASC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
    { source: 'label', label: '任务名称', type: 'text' },
    { source: 'description', label: '任务说明', type: 'text' },
    { source: 'timingText', label: '执行时间', type: 'text' },
    { source: 'paused', label: '状态', type: 'enum', choices: JOB_PAUSED_CHOICES },
    { source: 'lastStartTime', label: '上次执行', type: 'datetime', sortable: true },
    { source: 'lastDuration', label: '耗时', type: 'text' },
    { source: 'lastStatus', label: '上次结果', type: 'enum', choices: JOB_RUN_STATUS_CHOICES },
    { source: 'lastMessage', label: '结果说明', type: 'text', hidden: true },
    { source: 'nextRunTime', label: '下次执行', type: 'datetime' },
    { source: 'name', label: '任务代码', type: 'text', hidden: true },
    { source: 'pausedBy', label: '暂停人', type: 'text', hidden: true },
    { source: 'pausedTime', label: '暂停时间', type: 'datetime', hidden: true },
  ],
  filters: [
    { key: 'label', label: '任务名称', type: 'text', alwaysOn: true },
    { key: 'paused', label: '状态', type: 'enum', choices: JOB_PAUSED_CHOICES, alwaysOn: true },
  ],
  related: [{ label: '最近运行记录', path: '/api/v1/scheduledjobs/:id/runs', key: 'runs', fields: RUN_FIELDS }],
  actions: [
    {
      name: 'run',
      label: '立即执行',
      method: 'POST',
      path: '/api/v1/scheduledjobs/:id/run',
      confirm: '确定立即执行该任务一次吗？它在当前服务器进程上运行（暂停中的任务也会执行这一次），完成后显示结果。',
      permissions: CODES,
      result: {
        kind: 'values',
        title: '执行结果',
        fields: RUN_FIELDS.filter((field) =>
          ['startTime', 'host', 'status', 'duration', 'message'].includes(field.source),
        ),
      },
    },
    {
      name: 'pause',
      label: '暂停',
      method: 'POST',
      path: '/api/v1/scheduledjobs/:id/pause',
      confirm: '确定暂停该任务吗？暂停后所有服务器都不再按时执行它，直到恢复。',
      success: JOB_MSG.paused,
      permissions: CODES,
      visibleWhen: { field: 'paused', in: [0] },
    },
    {
      name: 'resume',
      label: '恢复',
      method: 'POST',
      path: '/api/v1/scheduledjobs/:id/resume',
      confirm: '确定恢复该任务吗？恢复后从下一个执行时间起按时执行。',
      success: JOB_MSG.resumed,
      permissions: CODES,
      visibleWhen: { field: 'paused', in: [1] },
    },
  ],
};
