import type { Choice } from './enums';

/**
 * 定时任务: the jobs the server runs by itself, in an operator's words, and the states of their runs. The server
 * keeps one row per job (what, when, paused or not, the last run) and one row per run.
 */
export const JOB_CATALOG: Readonly<Record<string, { label: string; description: string }>> = {
  payouts: {
    label: '打款处理',
    description: '把已提交批次中等待打款的明细发往打款通道，并按结果记账（失败的退回商户余额并记入异常资金）',
  },
  autoInvoicing: {
    label: '自动开票',
    description: '按小规模企业的自动开票设置，为已完成且未开票的打款批次申请发票',
  },
  logRetention: {
    label: '日志清理',
    description: '删除超过保留期的第三方调用、短信、操作与登录日志，以及过期的下载包、未提交的打款上传和过期会话',
  },
  webhooks: {
    label: '消息推送',
    description:
      '把打款结果、签约结果和发票开具消息推送到商户设置的地址，失败的按 1 分钟、5 分钟、30 分钟、2 小时、6 小时重试',
  },
  reconciliation: {
    label: '每日对账',
    description: '核对前一天的银行流水与平台账本，差异见「资金对账」',
  },
};

export const JOB_RUN_STATUS = { running: 0, succeeded: 1, failed: 2, interrupted: 3 } as const;

export const JOB_RUN_STATUS_CHOICES: readonly Choice[] = [
  { id: JOB_RUN_STATUS.running, name: '运行中' },
  { id: JOB_RUN_STATUS.succeeded, name: '成功' },
  { id: JOB_RUN_STATUS.failed, name: '失败' },
  // The process running it stopped (a restart, a crash) before it finished; the next run starts again.
  { id: JOB_RUN_STATUS.interrupted, name: '中断' },
];

export const JOB_RUN_KIND = { scheduled: 1, manual: 2 } as const;

export const JOB_RUN_KIND_CHOICES: readonly Choice[] = [
  { id: JOB_RUN_KIND.scheduled, name: '定时' },
  { id: JOB_RUN_KIND.manual, name: '立即执行' },
];

export const JOB_PAUSED_CHOICES: readonly Choice[] = [
  { id: 0, name: '正常' },
  { id: 1, name: '已暂停' },
];

export const JOB_MSG = {
  paused: '任务已暂停',
  resumed: '任务已恢复',
  alreadyPaused: '该任务已暂停',
  notPaused: '该任务未暂停',
  notFound: '定时任务不存在',
  unknown: '本服务器没有这个任务，请确认各服务器的版本一致',
} as const;

/** 「该任务正在 host 上运行（… 开始），请稍后再试」: a run-now refused while a run holds the job. */
export function jobBusyMessage(host: string | null, since: string | null): string {
  const where = host ? `正在 ${host} 上运行` : '正在运行';
  return `该任务${where}${since ? `（${since} 开始）` : ''}，请稍后再试`;
}

const pad = (value: string) => value.padStart(2, '0');
const NUMBER = /^\d+$/;

/**
 * A job's timing as stored ('cron:<pattern>' in China time, 'every:<ms>', 'off:<why>') in words: 每天 03:20,
 * 每分钟, 每 2 秒, 已关闭（LOG_RETENTION_CRON=off）. A pattern without a plain reading is shown as itself.
 */
export function describeTiming(timing: string): string {
  const [kind, ...rest] = timing.split(':');
  const value = rest.join(':');
  if (kind === 'off') return `已关闭（${value}）`;
  if (kind === 'every') {
    const ms = Number(value);
    return ms >= 1000 && ms % 1000 === 0 ? `每 ${ms / 1000} 秒` : `每 ${ms} 毫秒`;
  }
  if (kind !== 'cron') return timing;
  const fields = value.trim().split(/\s+/);
  // Six fields: seconds first (croner).
  const [second, minute, hour, day, month, weekday] = fields.length === 6 ? fields : ['0', ...fields];
  const everyDay = day === '*' && month === '*' && weekday === '*';
  if (fields.length === 6 && fields.every((field) => field === '*')) return '每秒（北京时间）';
  if (everyDay && second === '0' && minute === '*' && hour === '*') return '每分钟（北京时间）';
  if (everyDay && NUMBER.test(second) && NUMBER.test(minute) && NUMBER.test(hour)) {
    const seconds = second === '0' ? '' : `:${pad(second)}`;
    return `每天 ${pad(hour)}:${pad(minute)}${seconds}（北京时间）`;
  }
  return `${value}（cron，北京时间）`;
}

/** 120 → 「120 毫秒」, 1500 → 「1.5 秒」, 95 000 → 「1 分 35 秒」. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} 秒`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;
}
