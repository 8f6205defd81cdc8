import { memberAmounts, TASK_MSG, TASK_PRICING } from '../../src/domain/tasks';
import { SIGN_STATUS } from '../../src/domain/workers';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { fail } from '../http/errors';
import { createDraft } from '../money/payouts/drafts';
import { validateRows } from '../money/payouts/validateRows';
import { blacklistedAmong } from '../money/settlementBlacklist.service';

/** 1/10000 yuan → the yuan text of a payout line ('12.5000'), integers only. */
function yuanText(units: number): string {
  return `${Math.floor(units / 10000)}.${String(units % 10000).padStart(4, '0')}`;
}

/**
 * Settles a task, in the settle action's transaction after its claim (the guarded UPDATE to 已结算 that only one
 * of parallel settles wins at a time): each assigned worker becomes a line of a payout draft with the task's pay,
 * checked by the payout upload's own rules (validateRows: signed agreement, blacklist, card and amount), and the
 * draft is what /remit lists and submits (the task reads 待打款 until then). A task has one draft, never pruned by
 * uploads nor swept by the retention job: while it is open (not expired) settling again is refused; a task whose
 * draft was never submitted and has expired (it says when) may be settled again, the old draft deleted first (a
 * conditional DELETE: a submission that got there first keeps it).
 * Members keep their amount and row number, which is how the summary finds each one's payout item in the batch.
 */
export async function settleTask(db: Db, companyId: number, auth: AuthContext, taskId: number): Promise<void> {
  const task = await db
    .selectFrom('worker_tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!task) fail(TASK_MSG.notFound);
  if (task.draft_id !== null) await replaceableDraft(db, Number(task.draft_id));

  const members = await db
    .selectFrom('worker_task_members')
    .innerJoin('workers', 'workers.id', 'worker_task_members.worker_id')
    .select([
      'worker_task_members.id as memberId',
      'workers.name',
      'workers.id_card as idCard',
      'workers.bank_card as bankCard',
      'workers.payout_method as method',
      'workers.alipay_account as alipayAccount',
      'workers.mobile',
      'workers.sign_status as signStatus',
    ])
    .where('worker_task_members.task_id', '=', taskId)
    .orderBy('worker_task_members.id')
    .execute();
  if (members.length === 0) fail(TASK_MSG.completeNeedsMembers);
  const amounts = memberAmounts(
    Number(task.pricing),
    task.unit_price === null ? null : Number(task.unit_price),
    task.total_amount === null ? null : Number(task.total_amount),
    members.length,
  );
  if (Number(task.pricing) === TASK_PRICING.total && amounts.some((amount) => amount <= 0)) {
    fail(TASK_MSG.tooSmallToSplit);
  }

  const raw = members.map((member, index) => ({
    rowNo: index + 1,
    values: {
      name: member.name,
      idCard: member.idCard,
      bankCard: member.bankCard,
      mobile: member.mobile ?? '',
      amount: yuanText(amounts[index]),
      remark: `任务${task.task_no}`,
      // Each member is paid the way the worker record says (银行卡 or 支付宝).
      method: member.method === 'alipay' ? '支付宝' : '',
      alipayAccount: member.alipayAccount ?? '',
    },
    cellErrors: [],
  }));
  const idCards = members.map((member) => member.idCard.toUpperCase());
  const unsigned = new Set(
    members.filter((member) => Number(member.signStatus) !== SIGN_STATUS.signed).map((m) => m.idCard.toUpperCase()),
  );
  const { rows, errors } = validateRows(raw, await blacklistedAmong(db, idCards), unsigned);
  if (errors.length > 0) {
    const byRow = new Map<number, string[]>();
    for (const error of errors) byRow.set(error.rowNo, [...(byRow.get(error.rowNo) ?? []), error.message]);
    fail(
      TASK_MSG.notPayable(
        [...byRow].map(([rowNo, messages]) => `${members[rowNo - 1].name}（${messages.join('，')}）`),
      ),
    );
  }

  const draft = await createDraft(
    db,
    { companyId, platformMark: Number(task.platform_mark) },
    auth.userId,
    `任务结算-${task.task_no}-${task.title}`,
    rows,
    Date.now(),
    taskId,
  );
  for (const [index, member] of members.entries()) {
    await db
      .updateTable('worker_task_members')
      .set({ amount: amounts[index], row_no: index + 1 })
      .where('id', '=', member.memberId)
      .execute();
  }
  await db.updateTable('worker_tasks').set({ draft_id: draft.draftId }).where('id', '=', taskId).execute();
}

/** The task's previous draft is deleted if it may be replaced; refuses while it is paid or still open. */
async function replaceableDraft(db: Db, draftId: number): Promise<void> {
  const paid = async () =>
    !!(await db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).executeTakeFirst());
  if (await paid()) fail(TASK_MSG.alreadyPaid);
  const open = await db
    .selectFrom('payout_drafts')
    .select('id')
    .where('id', '=', draftId)
    .where('batch_id', 'is', null)
    .where('expire_time', '>', chinaTime())
    .executeTakeFirst();
  if (open) fail(TASK_MSG.draftOpen);
  const deleted = await db
    .deleteFrom('payout_drafts')
    .where('id', '=', draftId)
    .where('batch_id', 'is', null)
    .executeTakeFirst();
  // Nothing deleted: the draft was dropped earlier, or a submission claimed it meanwhile (then its batch exists).
  if (Number(deleted.numDeletedRows) === 0 && (await paid())) fail(TASK_MSG.alreadyPaid);
}
