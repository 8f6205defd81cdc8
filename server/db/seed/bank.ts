import { DIRECTION, SUB_ACCOUNT, TRIGGER } from '../../../src/domain/finance';
import { bankChannel } from '../../finance/bank/bankChannel';
import { bookDevBank, DEV_PLATFORM_ACCOUNT } from '../../finance/bank/devBank';
import { syncBalances } from '../../finance/bank.routes';
import { reconcileDay } from '../../finance/reconciliation.service';
import type { Db } from '../database';
import { chinaTime } from '../time';

const DAY = 86_400_000;
const Y = 10_000;

/**
 * The development bank's demo books: the sub-accounts and the statement it derives from the
 * seeded top-ups and payouts, four deposits on the collection account that match no top-up (无法归属资金), one
 * sub-account being closed and one frozen, a balance sync, and the daily reconciliation of the last seven days.
 */
const PLANTED = [
  { daysAgo: 6, amount: 12_800 * Y, payer: '杭州云栖信息技术有限公司', account: '571908765432101', memo: '货款' },
  { daysAgo: 4, amount: 3_560.5 * Y, payer: '王建国', account: '6222021001122334455', memo: '充值' },
  { daysAgo: 3, amount: 50_000 * Y, payer: '深圳市前海拓远贸易有限公司', account: '755912345678902', memo: '平台服务' },
  { daysAgo: 2, amount: 888 * Y, payer: '李晓梅', account: '6217001234567890123', memo: '' },
];

export async function seedBank(db: Db): Promise<void> {
  const now = Date.now();
  await bookDevBank(db);
  for (const [index, deposit] of PLANTED.entries()) {
    const time = chinaTime(now - deposit.daysAgo * DAY - (index + 1) * 3_600_000);
    await db
      .insertInto('bank_transactions')
      .values({
        serial: `BKD${time.slice(0, 10).replaceAll('-', '')}${String(index + 1).padStart(4, '0')}`,
        account_number: DEV_PLATFORM_ACCOUNT.accountNumber,
        direction: DIRECTION.credit,
        amount: Math.round(deposit.amount),
        counterparty_name: deposit.payer,
        counterparty_account: deposit.account,
        reference: deposit.memo || '无附言',
        memo: '来账',
        value_day: time.slice(0, 10),
        value_time: time,
      })
      .execute();
  }
  const subs = await db.selectFrom('bank_sub_accounts').select(['id', 'account_number']).orderBy('id').execute();
  if (subs.length > 3) {
    await db
      .updateTable('bank_sub_accounts')
      .set({ status: SUB_ACCOUNT.closing })
      .where('id', '=', subs.at(-1)?.id ?? 0)
      .execute();
    await db
      .updateTable('bank_sub_accounts')
      .set({ status: SUB_ACCOUNT.frozen })
      .where('id', '=', subs.at(-2)?.id ?? 0)
      .execute();
  }
  const bank = bankChannel(db, 'dev');
  await syncBalances({ db, bank });
  for (let daysAgo = 7; daysAgo >= 1; daysAgo -= 1) {
    await reconcileDay(db, { bank }, chinaTime(now - daysAgo * DAY).slice(0, 10), TRIGGER.seed, null);
  }
}
