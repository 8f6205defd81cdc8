// The data long work runs over, for bench/answersThroughout.ts and tests/api/answersThroughout.test.ts: copies of
// seeded rows in bulk, and waiting payout items as a submitted batch leaves them for the processor.
import type { Db } from '../../server/db/database';
import { chinaTime } from '../../server/db/time';
import { itemServiceCharge } from '../../src/domain/charges';
import { BATCH, ITEM } from '../../src/domain/moneyEnums';

/** Copies the first row of `table` `count` times (less its id), `vary` giving each copy its own values. */
export async function multiply(
  db: Db,
  table: 'ledger_entries' | 'login_logs',
  count: number,
  vary: (index: number) => Record<string, unknown>,
): Promise<void> {
  const first = (await db.selectFrom(table).selectAll().orderBy('id').executeTakeFirstOrThrow()) as Record<
    string,
    unknown
  >;
  const { id: _id, ...row } = first;
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, offset) => ({
      ...row,
      ...vary(from + offset),
    }));
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

/** Waiting payout items of company 1 in batches of 500 (what a submitted batch leaves for the processor). */
export async function waitingItems(db: Db, count: number): Promise<void> {
  const now = chinaTime();
  for (let from = 0; from < count; from += 500) {
    const size = Math.min(500, count - from);
    const batch = await db
      .insertInto('payout_batches')
      .values({
        batch_no: `BENCH${Date.now()}${from}`,
        company_id: 1,
        platform_mark: 1,
        draft_id: null,
        item_count: size,
        total_amount: size * 10_000,
        service_charge: size * itemServiceCharge(10_000, 600),
        rate: 600,
        status: BATCH.processing,
        success_count: 0,
        success_amount: 0,
        success_charge: 0,
        failed_count: 0,
        failed_amount: 0,
        invoice_status: 0,
        operator_id: 1,
        create_time: now,
        finish_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payout_items')
      .values(
        Array.from({ length: size }, (_, index) => ({
          batch_id: Number(batch.id),
          company_id: 1,
          platform_mark: 1,
          row_no: index + 2,
          name: `测试${index + 1}`,
          id_card: '11010119900307001X',
          bank_card: '6222020000000000000',
          mobile: null,
          amount: 10_000,
          service_charge: itemServiceCharge(10_000, 600),
          remark: null,
          status: ITEM.waiting,
          fail_reason: null,
          create_time: now,
          finish_time: null,
        })),
      )
      .execute();
  }
}
