import type { Choice } from './enums';

/**
 * Tasks (任务发布 / 任务汇总; rules in server/tasks/README.md). A task is drafted, published, assigned signed
 * workers and completed; 结算 turns it into a payout draft the /remit flow pays, and from then on its status is its
 * payout's: 待打款 until the draft is submitted, 打款中 while the batch is paid, 已结算 only when every worker was paid,
 * 打款失败 when some were not (each one's state is in 任务汇总). It may be cancelled before it is completed.
 */
export const TASK_STATUS = {
  draft: 0,
  published: 1,
  completed: 2,
  settled: 3,
  cancelled: 4,
  awaitingPayment: 5,
  paying: 6,
  payFailed: 7,
} as const;
/** In the order a task goes through them. */
export const TASK_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '待发布' },
  { id: 1, name: '已发布' },
  { id: 2, name: '已完成' },
  { id: 5, name: '待打款' },
  { id: 6, name: '打款中' },
  { id: 3, name: '已结算' },
  { id: 7, name: '打款失败' },
  { id: 4, name: '已取消' },
];
/** The statuses of a task that went through 结算 (its members' amounts are fixed, it has a payout draft). */
export const TASK_SETTLED_STATUSES: readonly number[] = [
  TASK_STATUS.awaitingPayment,
  TASK_STATUS.paying,
  TASK_STATUS.settled,
  TASK_STATUS.payFailed,
];

/** How the task is priced: a unit price per worker, or a total split evenly among the assigned workers. */
export const TASK_PRICING = { unit: 1, total: 2 } as const;
export const TASK_PRICING_CHOICES: readonly Choice[] = [
  { id: 1, name: '按人单价' },
  { id: 2, name: '任务总价' },
];

/** Where an assigned worker's pay stands (read from the draft and the payout item of the settled batch). */
export const TASK_PAY_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '未结算' },
  { id: 1, name: '待提交打款' },
  { id: 2, name: '打款中' },
  { id: 3, name: '已到账' },
  { id: 4, name: '打款失败' },
];

export const TASK_HEADCOUNT_MAX = 1000;
export const TASK_TITLE_MAX = 64;
export const TASK_DESCRIPTION_MAX = 2000;

export const TASK_MSG = {
  notFound: '任务不存在',
  editOnlyDraft: '只有待发布的任务可以修改',
  publishOnlyDraft: '只有待发布的任务可以发布',
  completeOnlyPublished: '只有已发布的任务可以标记完成',
  completeNeedsMembers: '请先分配人员再标记完成',
  cancelOnlyOpen: '只有待发布或已发布的任务可以取消',
  settleOnlyCompleted: '只有已完成的任务（或打款草稿已过期的待打款任务）可以结算',
  alreadyPaid: '该任务的打款已提交，不能重新结算',
  draftOpen: '该任务的打款草稿待提交，请到批量打款页核对并提交',
  assignClosed: '只有待发布或已发布的任务可以分配人员',
  removeClosed: '只有待发布或已发布的任务可以移除人员',
  pickWorkers: '请选择要分配的人员',
  workerMissing: '所选人员不存在或不属于本企业',
  memberMissing: '该人员不在此任务中',
  unsigned: (names: readonly string[]) => `以下人员尚未签署协议，不能分配：${names.join('、')}`,
  alreadyAssigned: (names: readonly string[]) => `以下人员已在该任务中：${names.join('、')}`,
  overHeadcount: (headcount: number, assigned: number) =>
    `超出任务人数：该任务需要 ${headcount} 人，已分配 ${assigned} 人，最多还能分配 ${Math.max(0, headcount - assigned)} 人`,
  notPayable: (details: readonly string[]) => `以下人员不能打款，请处理后再结算：${details.join('；')}`,
  unitPriceRequired: '按人单价的任务请输入单价',
  totalRequired: '任务总价的任务请输入总价',
  amountPositive: '金额必须大于 0',
  tooSmallToSplit: '任务总价不足以分给每位人员（每人至少 0.01 元）',
  endBeforeStart: '结束日期不能早于开始日期',
  headcount: `人数须为 1-${TASK_HEADCOUNT_MAX} 的整数`,
  industryMissing: '所选行业不存在',
} as const;

/** Units per hundredth of a yuan: a payout line has at most two decimals. */
const CENT = 100;

/**
 * Each assigned worker's pay in 1/10000 yuan: the unit price each, or the total split evenly in whole cents
 * (payout lines have two decimals), the leftover cents going one each to the first workers, so the lines add up
 * to the total exactly. Integers only.
 */
export function memberAmounts(
  pricing: number,
  unitPrice: number | null,
  totalAmount: number | null,
  count: number,
): number[] {
  if (count <= 0) return [];
  if (pricing === TASK_PRICING.unit) return Array.from({ length: count }, () => unitPrice ?? 0);
  const cents = Math.floor((totalAmount ?? 0) / CENT);
  const share = Math.floor(cents / count);
  const extra = cents - share * count;
  return Array.from({ length: count }, (_, index) => (share + (index < extra ? 1 : 0)) * CENT);
}

/** The amount the task pays in all (1/10000 yuan) for `count` workers. */
export function taskTotal(
  pricing: number,
  unitPrice: number | null,
  totalAmount: number | null,
  count: number,
): number {
  return memberAmounts(pricing, unitPrice, totalAmount, count).reduce((sum, amount) => sum + amount, 0);
}

/**
 * What /taskRelease says of a task's payout draft (打款草稿), at `now` (China time): waiting with its expiry, expired
 * with the time it did, or submitted; and whether 结算 is offered (a completed task, or one 待打款 whose draft
 * expired or is gone). Read from the record's status, `draftExpireTime` (null once submitted) and `batchNo`.
 */
export function taskDraftState(
  record: Record<string, unknown>,
  now: string,
): { text: string; expired: boolean; settle: boolean } {
  const status = Number(record.status);
  const expireTime = record.draftExpireTime ? String(record.draftExpireTime) : null;
  if (status === TASK_STATUS.completed) return { text: '', expired: false, settle: true };
  if (status === TASK_STATUS.awaitingPayment) {
    if (expireTime === null) return { text: '草稿已失效，请重新结算', expired: true, settle: true };
    if (expireTime <= now) return { text: `已于 ${expireTime} 过期，请重新结算`, expired: true, settle: true };
    return { text: `待提交，${expireTime} 前有效`, expired: false, settle: false };
  }
  if (record.batchNo) return { text: `已提交，批次号 ${String(record.batchNo)}`, expired: false, settle: false };
  return { text: '', expired: false, settle: false };
}

/** How many assigned workers a task's row names before it says 等N人 (the rest are in the expanded row). */
export const ASSIGNED_NAMES_SHOWN = 3;

/**
 * 分配人员 on a task's row: the assigned workers' names (、-separated, in assignment order), the first
 * ASSIGNED_NAMES_SHOWN of them and 等N人 when there are more, or 未分配.
 */
export function assignedPeopleText(names: unknown, count: number): string {
  const list = typeof names === 'string' && names ? names.split('、') : [];
  if (list.length === 0) return '未分配';
  if (list.length <= ASSIGNED_NAMES_SHOWN) return list.join('、');
  return `${list.slice(0, ASSIGNED_NAMES_SHOWN).join('、')} 等${Math.max(count, list.length)}人`;
}
