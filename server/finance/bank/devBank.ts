import { type RawBuilder, sql } from 'kysely';
import { DIRECTION, SUB_ACCOUNT } from '../../../src/domain/finance';
import { ITEM, RECHARGE } from '../../../src/domain/moneyEnums';
import { clientHash, hashClientPassword } from '../../auth/passwords';
import type { Db } from '../../db/database';
import { shareTurn } from '../../system/eventLoopTurns';
import type { BankChannel, PlatformAccount, StatementLine, SubAccount } from './bankChannel';

/**
 * The development bank: real books, kept locally and deterministically in its own tables (bank_sub_accounts,
 * bank_transactions). What a real bank would see happen, it books the first time it is asked anything:
 * - a sub-account for every company account of the platform (account number 6228 + edition + company id);
 * - a credit on the company's sub-account for every confirmed top-up (serial DEP<id>, the payer's serial as the
 *   reference, at the time finance confirmed its arrival);
 * - a debit for every payout item the payout channel paid (PAY<id>, to the worker's card) and one for its service
 *   charge moved to the platform's fee account (FEE<id>), both referencing the batch number.
 * Deposits nobody can attribute are planted by the demo seed on the collection account. Transfers and returns
 * asked by finance are booked at once, idempotent by their reference.
 */
export const DEV_PLATFORM_ACCOUNT: PlatformAccount = {
  accountName: '灵工结算平台有限公司',
  accountNumber: '310066726018800012345',
  bankName: '交通银行',
  branchName: '交通银行上海张江支行',
  bankCode: '301290050037',
};
export const DEV_FEE_ACCOUNT = { name: '灵工结算平台有限公司（服务费户）', number: '310066726018800067890' };

export function devSubAccountNumber(companyId: number, platformMark: number): string {
  return `6228${platformMark}${String(companyId).padStart(9, '0')}`;
}

function subAccountOfRow(row: Record<string, unknown>): SubAccount {
  return {
    accountNumber: String(row.account_number),
    companyId: Number(row.company_id),
    platformMark: Number(row.platform_mark),
    accountName: String(row.account_name),
    status: Number(row.status),
    openTime: String(row.open_time),
  };
}

function lineOfRow(row: Record<string, unknown>): StatementLine {
  return {
    serial: String(row.serial),
    accountNumber: String(row.account_number),
    direction: Number(row.direction),
    amount: Number(row.amount),
    counterpartyName: String(row.counterparty_name),
    counterpartyAccount: String(row.counterparty_account),
    reference: String(row.reference),
    memo: (row.memo as string | null) ?? null,
    valueDay: String(row.value_day),
    valueTime: String(row.value_time),
  };
}

const BOOK_CHUNK = 1000;

/** Books what the bank has seen happen since it was last asked (idempotent: serials are unique). */
export async function bookDevBank(db: Db): Promise<void> {
  const missing = await db
    .selectFrom('accounts')
    .innerJoin('companies', 'companies.id', 'accounts.company_id')
    .leftJoin('bank_sub_accounts', (join) =>
      join
        .onRef('bank_sub_accounts.company_id', '=', 'accounts.company_id')
        .onRef('bank_sub_accounts.platform_mark', '=', 'accounts.platform_mark'),
    )
    .where('bank_sub_accounts.id', 'is', null)
    .select(['accounts.company_id', 'accounts.platform_mark', 'companies.name', 'companies.create_time'])
    .orderBy('accounts.company_id')
    .orderBy('accounts.platform_mark')
    .execute();
  for (const row of missing) {
    await db
      .insertInto('bank_sub_accounts')
      .values({
        account_number: devSubAccountNumber(Number(row.company_id), Number(row.platform_mark)),
        company_id: row.company_id,
        platform_mark: row.platform_mark,
        account_name: row.name,
        status: SUB_ACCOUNT.normal,
        open_time: row.create_time,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  const id = (alias: string) => sql.raw(`CAST(${alias}.id AS VARCHAR(20))`);
  await bookInChunks(
    db,
    (after) => sql<{ id: number }>`SELECT r.id FROM recharges r
      WHERE r.status = ${RECHARGE.confirmed} AND r.handle_time IS NOT NULL AND r.id > ${after}
        AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'DEP' || ${id('r')})
      ORDER BY r.id LIMIT ${sql.lit(BOOK_CHUNK)}`,
    (from, to) => sql`INSERT INTO bank_transactions (serial,
      account_number, direction, amount, counterparty_name, counterparty_account, reference, memo, value_day,
      value_time)
    SELECT 'DEP' || ${id('r')}, s.account_number, ${DIRECTION.credit}, r.amount, r.payer_name, r.payer_account,
      r.bank_serial, '来账', SUBSTR(r.handle_time, 1, 10), r.handle_time
    FROM recharges r
    JOIN bank_sub_accounts s ON s.company_id = r.company_id AND s.platform_mark = r.platform_mark
    WHERE r.status = ${RECHARGE.confirmed} AND r.handle_time IS NOT NULL AND r.id BETWEEN ${from} AND ${to}
      AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'DEP' || ${id('r')})`,
  );
  await bookInChunks(
    db,
    (after) => sql<{ id: number }>`SELECT i.id FROM payout_items i
      WHERE i.status = ${ITEM.succeeded} AND i.finish_time IS NOT NULL AND i.id > ${after}
        AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'PAY' || ${id('i')})
      ORDER BY i.id LIMIT ${sql.lit(BOOK_CHUNK)}`,
    (from, to) => sql`INSERT INTO bank_transactions (serial,
      account_number, direction, amount, counterparty_name, counterparty_account, reference, memo, value_day,
      value_time)
    SELECT 'PAY' || ${id('i')}, s.account_number, ${DIRECTION.debit}, i.amount, i.name, i.bank_card,
      b.batch_no, '代发劳务报酬', SUBSTR(i.finish_time, 1, 10), i.finish_time
    FROM payout_items i
    JOIN payout_batches b ON b.id = i.batch_id
    JOIN bank_sub_accounts s ON s.company_id = i.company_id AND s.platform_mark = i.platform_mark
    WHERE i.status = ${ITEM.succeeded} AND i.finish_time IS NOT NULL AND i.id BETWEEN ${from} AND ${to}
      AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'PAY' || ${id('i')})`,
  );
  await bookInChunks(
    db,
    (after) => sql<{ id: number }>`SELECT i.id FROM payout_items i
      WHERE i.status = ${ITEM.succeeded} AND i.finish_time IS NOT NULL AND i.service_charge > 0 AND i.id > ${after}
        AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'FEE' || ${id('i')})
      ORDER BY i.id LIMIT ${sql.lit(BOOK_CHUNK)}`,
    (from, to) => sql`INSERT INTO bank_transactions (serial,
      account_number, direction, amount, counterparty_name, counterparty_account, reference, memo, value_day,
      value_time)
    SELECT 'FEE' || ${id('i')}, s.account_number, ${DIRECTION.debit}, i.service_charge, ${DEV_FEE_ACCOUNT.name},
      ${DEV_FEE_ACCOUNT.number}, b.batch_no, '服务费划转', SUBSTR(i.finish_time, 1, 10), i.finish_time
    FROM payout_items i
    JOIN payout_batches b ON b.id = i.batch_id
    JOIN bank_sub_accounts s ON s.company_id = i.company_id AND s.platform_mark = i.platform_mark
    WHERE i.status = ${ITEM.succeeded} AND i.finish_time IS NOT NULL AND i.service_charge > 0
      AND i.id BETWEEN ${from} AND ${to}
      AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.serial = 'FEE' || ${id('i')})`,
  );
}

/**
 * Books the rows `pending` finds (ids after a given one, in order), BOOK_CHUNK at a time: after a day of a large
 * payroll the bank has many thousand lines to book, and one statement for all of them holds the event loop for
 * hundreds of milliseconds (db/database.ts).
 */
async function bookInChunks(
  db: Db,
  pending: (after: number) => RawBuilder<{ id: number }>,
  book: (from: number, to: number) => RawBuilder<unknown>,
): Promise<void> {
  for (let after = 0; ; ) {
    const ids = (await pending(after).execute(db)).rows.map((row) => Number(row.id));
    if (ids.length === 0) return;
    await book(ids[0], ids[ids.length - 1]).execute(db);
    if (ids.length < BOOK_CHUNK) return;
    after = ids[ids.length - 1];
    await shareTurn();
  }
}

export function createDevBank(db: Db): BankChannel {
  const book = () => bookDevBank(db);
  const insertOnce = async (line: Omit<StatementLine, 'valueDay'> & { valueTime: string }) => {
    await db
      .insertInto('bank_transactions')
      .values({
        serial: line.serial,
        account_number: line.accountNumber,
        direction: line.direction,
        amount: line.amount,
        counterparty_name: line.counterpartyName,
        counterparty_account: line.counterpartyAccount,
        reference: line.reference,
        memo: line.memo,
        value_day: line.valueTime.slice(0, 10),
        value_time: line.valueTime,
      })
      .onConflict((conflict) => conflict.column('serial').doNothing())
      .execute();
    return line.serial;
  };
  return {
    name: 'dev',
    platformAccount: DEV_PLATFORM_ACCOUNT,
    async subAccounts() {
      await book();
      const rows = await db.selectFrom('bank_sub_accounts').selectAll().orderBy('id').execute();
      return rows.map((row) => subAccountOfRow(row));
    },
    async subAccount(accountNumber) {
      await book();
      const row = await db
        .selectFrom('bank_sub_accounts')
        .selectAll()
        .where('account_number', '=', accountNumber)
        .executeTakeFirst();
      return row ? subAccountOfRow(row) : null;
    },
    async subAccountOf(companyId, platformMark) {
      await book();
      const row = await db
        .selectFrom('bank_sub_accounts')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('platform_mark', '=', platformMark)
        .executeTakeFirst();
      return row ? subAccountOfRow(row) : null;
    },
    async balances() {
      await book();
      const rows = await db
        .selectFrom('bank_transactions')
        .select('account_number')
        .select(sql<string>`SUM(CASE WHEN direction = ${DIRECTION.credit} THEN amount ELSE -amount END)`.as('balance'))
        .groupBy('account_number')
        .execute();
      return new Map(rows.map((row) => [row.account_number, Number(row.balance)]));
    },
    async statement(day) {
      await book();
      const rows = await db
        .selectFrom('bank_transactions')
        .selectAll()
        .where('value_day', '=', day)
        .orderBy('id')
        .execute();
      return rows.map((row) => lineOfRow(row));
    },
    async setPassword(accountNumber, password, now) {
      const hash = await hashClientPassword(clientHash(password));
      await db
        .updateTable('bank_sub_accounts')
        .set({ password_hash: hash, password_time: now })
        .where('account_number', '=', accountNumber)
        .execute();
    },
    async transferToSubAccount({ reference, accountNumber, amount, now }) {
      const suffix = reference.replace(/^ATTR:/, '');
      await insertOnce({
        serial: `TRO${suffix}`.slice(0, 40),
        accountNumber: DEV_PLATFORM_ACCOUNT.accountNumber,
        direction: DIRECTION.debit,
        amount,
        counterpartyName: accountNumber,
        counterpartyAccount: accountNumber,
        reference,
        memo: '划入子账户',
        valueTime: now,
      });
      return insertOnce({
        serial: `TRI${suffix}`.slice(0, 40),
        accountNumber,
        direction: DIRECTION.credit,
        amount,
        counterpartyName: DEV_PLATFORM_ACCOUNT.accountName,
        counterpartyAccount: DEV_PLATFORM_ACCOUNT.accountNumber,
        reference,
        memo: '无法归属资金归属',
        valueTime: now,
      });
    },
    async returnToPayer({ reference, amount, payerName, payerAccount, now }) {
      return insertOnce({
        serial: `RET${reference.replace(/^RET:/, '')}`.slice(0, 40),
        accountNumber: DEV_PLATFORM_ACCOUNT.accountNumber,
        direction: DIRECTION.debit,
        amount,
        counterpartyName: payerName,
        counterpartyAccount: payerAccount,
        reference,
        memo: '来账退回',
        valueTime: now,
      });
    },
  };
}
