import { type Kysely, sql } from 'kysely';
import { itemServiceCharge } from '../../../src/domain/charges';
import { invoiceFiguresFor } from '../../../src/domain/invoiceFormulas';
import { regroupRollups } from './111_statistics_sale_partner';
import { isPostgres } from './columns';

/**
 * Service charges were rounded to 1/10000 yuan and debited so, leaving ledger amounts, running
 * balances, statistics and invoices below a fen. This brings stored data under the rule (server/money/README.md,
 * 金额取整规则) and keeps every derived figure consistent with it:
 *
 * 1. a payout item's charge not in whole fen is recomputed by the rule from its amount and its batch's rate;
 *    its abnormal fund (if it failed) and its refund entry (amount + charge) follow; its batch's charge and
 *    success charge are again the sums of its items', and the batch's charge entry is minus that sum;
 * 2. any other ledger amount below a fen (none is known) is rounded half up;
 * 3. every account touched gets its running balances recomputed in entry order, and its balance = their sum;
 * 4. invoices over a changed batch get their totals and tax again by their formula; open drafts their charge;
 * 5. the statistics rows of the companies touched are summed again from the ledger (keeping each row's
 *    department and 分公司), then the group rows are regrouped;
 * 6. figures copied from the ledger or the bank at some moment (settlement sheets, bank syncs, reconciliation,
 *    the dev bank's statement) are rounded half up in place: regenerating a settlement sheet gives the exact
 *    sums of the migrated ledger.
 *
 * Only rows below a fen are touched, so on data already in fen (a fresh database) this does nothing, and running
 * it again changes nothing. Then the database itself refuses a ledger row below a fen (a CHECK on PostgreSQL,
 * triggers on SQLite, which cannot add a CHECK to an existing table), behind postEntries' own check.
 */
const CHUNK = 500;
const KIND = { payout: 2, serviceCharge: 3, refund: 4 } as const;
const ITEM_SUCCEEDED = 1;

/** Snapshot columns rounded in place (step 6). Frozen as of this migration, not the living list. */
const SNAPSHOT_COLUMNS: readonly (readonly [string, string])[] = [
  ['settlement_sheets', 'opening_balance'],
  ['settlement_sheets', 'topup_amount'],
  ['settlement_sheets', 'payout_amount'],
  ['settlement_sheets', 'charge_amount'],
  ['settlement_sheets', 'refund_amount'],
  ['settlement_sheets', 'closing_balance'],
  ['bank_transactions', 'amount'],
  ['bank_account_syncs', 'bank_balance'],
  ['bank_account_syncs', 'ledger_balance'],
  ['bank_sync_totals', 'bank_balance'],
  ['bank_sync_totals', 'ledger_balance'],
  ['reconciliation_items', 'bank_amount'],
  ['reconciliation_items', 'ledger_amount'],
  ['reconciliation_runs', 'bank_credit'],
  ['reconciliation_runs', 'bank_debit'],
  ['reconciliation_runs', 'ledger_credit'],
  ['reconciliation_runs', 'ledger_debit'],
  ['auto_invoice_runs', 'total'],
];

/** SQL for `column` rounded half up (away from zero) to a whole fen; integer division on both databases. */
function halfUpToFen(column: string): string {
  return `CASE WHEN ${column} >= 0 THEN (${column} + 50) / 100 * 100 ELSE -((50 - ${column}) / 100 * 100) END`;
}

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(values.slice(start, start + CHUNK));
  return out;
}

const accountKey = (companyId: number, platformMark: number) => `${companyId}:${platformMark}`;

/** Drops the database's whole-fen checks on ledger_entries (before rewriting rows, and in down). */
export async function dropWholeFenChecks(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_whole_fen`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS ledger_entries_whole_fen_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ledger_entries_whole_fen_update`.execute(db);
  }
}

async function addWholeFenChecks(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_whole_fen
      CHECK (amount % 100 = 0 AND balance_after % 100 = 0)`.execute(db);
    return;
  }
  const refuse = `WHEN NEW.amount % 100 <> 0 OR NEW.balance_after % 100 <> 0
    BEGIN SELECT RAISE(ABORT, 'ledger_entries: amount and balance_after must be whole fen'); END`;
  await sql.raw(`CREATE TRIGGER ledger_entries_whole_fen_insert BEFORE INSERT ON ledger_entries ${refuse}`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ledger_entries_whole_fen_update BEFORE UPDATE OF amount, balance_after ON ledger_entries ${refuse}`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await dropWholeFenChecks(db);
  const accounts = new Set<string>();

  // 1. Items, their abnormal funds and refunds, their batches and the batches' charge entries.
  const items = await db
    .selectFrom('payout_items')
    .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
    .select(['payout_items.id', 'payout_items.batch_id', 'payout_items.amount', 'payout_batches.rate'])
    .where(sql<boolean>`payout_items.service_charge % 100 <> 0`)
    .execute();
  const batchIds = [...new Set(items.map((item) => Number(item.batch_id)))];
  for (const item of items) {
    await db
      .updateTable('payout_items')
      .set({ service_charge: itemServiceCharge(Number(item.amount), Number(item.rate)) })
      .where('id', '=', Number(item.id))
      .execute();
  }
  for (const ids of chunks(items.map((item) => Number(item.id)))) {
    await db
      .updateTable('abnormal_funds')
      .set({
        service_charge: sql`(SELECT i.service_charge FROM payout_items i WHERE i.id = abnormal_funds.item_id)`,
      })
      .where('item_id', 'in', ids)
      .execute();
    await db
      .updateTable('ledger_entries')
      .set({ amount: sql`(SELECT i.amount + i.service_charge FROM payout_items i WHERE i.id = ledger_entries.ref_id)` })
      .where('ref_type', '=', 'item')
      .where('kind', '=', KIND.refund)
      .where('ref_id', 'in', ids)
      .execute();
  }
  for (const ids of chunks(batchIds)) {
    await db
      .updateTable('payout_batches')
      .set({
        service_charge: sql`(SELECT COALESCE(SUM(i.service_charge), 0) FROM payout_items i WHERE i.batch_id = payout_batches.id)`,
        success_charge: sql`(SELECT COALESCE(SUM(i.service_charge), 0) FROM payout_items i
          WHERE i.batch_id = payout_batches.id AND i.status = ${ITEM_SUCCEEDED})`,
      })
      .where('id', 'in', ids)
      .execute();
    await db
      .updateTable('ledger_entries')
      .set({ amount: sql`-(SELECT b.service_charge FROM payout_batches b WHERE b.id = ledger_entries.ref_id)` })
      .where('ref_type', '=', 'batch')
      .where('kind', '=', KIND.serviceCharge)
      .where('ref_id', 'in', ids)
      .execute();
    const owners = await db
      .selectFrom('payout_batches')
      .select(['company_id', 'platform_mark'])
      .distinct()
      .where('id', 'in', ids)
      .execute();
    for (const owner of owners) accounts.add(accountKey(Number(owner.company_id), Number(owner.platform_mark)));
  }

  // 2. Anything else in the ledger below a fen.
  const strays = await db
    .selectFrom('ledger_entries')
    .select(['company_id', 'platform_mark'])
    .distinct()
    .where((eb) => eb.or([sql<boolean>`amount % 100 <> 0`, sql<boolean>`balance_after % 100 <> 0`]))
    .execute();
  for (const stray of strays) accounts.add(accountKey(Number(stray.company_id), Number(stray.platform_mark)));
  await sql.raw(`UPDATE ledger_entries SET amount = ${halfUpToFen('amount')} WHERE amount % 100 <> 0`).execute(db);
  const oddBalances = await db
    .selectFrom('accounts')
    .select(['company_id', 'platform_mark'])
    .where(sql<boolean>`balance % 100 <> 0`)
    .execute();
  for (const odd of oddBalances) accounts.add(accountKey(Number(odd.company_id), Number(odd.platform_mark)));

  // 3. Running balances and balances of the accounts touched.
  for (const key of accounts) {
    const [companyId, platformMark] = key.split(':').map(Number);
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['id', 'amount', 'balance_after'])
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', platformMark)
      .orderBy('id')
      .execute();
    let running = 0;
    for (const entry of entries) {
      running += Number(entry.amount);
      if (Number(entry.balance_after) !== running) {
        await db.updateTable('ledger_entries').set({ balance_after: running }).where('id', '=', entry.id).execute();
      }
    }
    await db
      .updateTable('accounts')
      .set({ balance: running })
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', platformMark)
      .execute();
  }

  // 4. Invoices over the changed batches, and open drafts.
  const invoiceIds = new Set<number>();
  for (const ids of chunks(batchIds)) {
    await db
      .updateTable('invoice_batches')
      .set({
        success_charge: sql`(SELECT b.success_charge FROM payout_batches b WHERE b.id = invoice_batches.batch_id)`,
      })
      .where('batch_id', 'in', ids)
      .execute();
    const rows = await db.selectFrom('invoice_batches').select('invoice_id').where('batch_id', 'in', ids).execute();
    for (const row of rows) invoiceIds.add(Number(row.invoice_id));
  }
  const oddInvoices = await db
    .selectFrom('invoices')
    .select('id')
    .where(sql<boolean>`total % 100 <> 0 OR net % 100 <> 0`)
    .execute();
  for (const row of oddInvoices) invoiceIds.add(Number(row.id));
  for (const invoiceId of invoiceIds) await refigureInvoice(db, invoiceId);
  const drafts = await db
    .selectFrom('payout_drafts')
    .select(['id', 'items', 'rate'])
    .where(sql<boolean>`service_charge % 100 <> 0`)
    .execute();
  for (const draft of drafts) {
    const rows = JSON.parse(String(draft.items)) as { amount: number }[];
    const charge = rows.reduce((sum, row) => sum + itemServiceCharge(Number(row.amount), Number(draft.rate)), 0);
    await db.updateTable('payout_drafts').set({ service_charge: charge }).where('id', '=', draft.id).execute();
  }

  // 5. Statistics of the companies touched, from the migrated ledger.
  if (accounts.size > 0) {
    for (const key of accounts) {
      const [companyId, platformMark] = key.split(':').map(Number);
      await resumCompanyRollups(db, 'stat_company_day', 'day', 10, companyId, platformMark);
      await resumCompanyRollups(db, 'stat_company_month', 'month', 7, companyId, platformMark);
    }
    await regroupRollups(db);
  }

  // 6. Snapshots.
  for (const [table, column] of SNAPSHOT_COLUMNS) {
    await sql.raw(`UPDATE ${table} SET ${column} = ${halfUpToFen(column)} WHERE ${column} % 100 <> 0`).execute(db);
  }
  await addWholeFenChecks(db);
}

async function refigureInvoice(db: Kysely<any>, invoiceId: number): Promise<void> {
  const invoice = await db
    .selectFrom('invoices')
    .select(['platform_mark'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return;
  const sums = await db
    .selectFrom('invoice_batches')
    .select([
      sql<string>`COALESCE(SUM(success_amount + success_charge), 0)`.as('total'),
      sql<string>`COALESCE(SUM(success_amount), 0)`.as('payouts'),
    ])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  const figures = invoiceFiguresFor(Number(invoice.platform_mark), Number(sums.total), Number(sums.payouts));
  await db
    .updateTable('invoices')
    .set({ total: figures.total, deduction: figures.deduction, tax: figures.tax, net: figures.net })
    .where('id', '=', invoiceId)
    .execute();
}

/** The money sums of one company's rollup rows, from its ledger entries (counts do not change: no entry moved). */
async function resumCompanyRollups(
  db: Kysely<any>,
  table: 'stat_company_day' | 'stat_company_month',
  period: 'day' | 'month',
  length: number,
  companyId: number,
  platformMark: number,
): Promise<void> {
  const sum = (expression: string) =>
    `(SELECT COALESCE(SUM(${expression}), 0) FROM ledger_entries e WHERE e.company_id = ${table}.company_id
      AND e.platform_mark = ${table}.platform_mark AND SUBSTR(e.create_time, 1, ${length}) = ${table}.${period})`;
  const kindSum = (kind: number, sign: '' | '-') => sum(`CASE WHEN e.kind = ${kind} THEN ${sign}e.amount ELSE 0 END`);
  await sql
    .raw(
      `UPDATE ${table} SET
        topup_amount = ${kindSum(1, '')},
        payout_amount = ${kindSum(KIND.payout, '-')},
        charge_amount = ${kindSum(KIND.serviceCharge, '-')},
        refund_amount = ${kindSum(KIND.refund, '')},
        net_amount = ${sum('e.amount')}
      WHERE company_id = ${Number(companyId)} AND platform_mark = ${Number(platformMark)}`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Amounts below a fen are not restored: no code may write them any more.
  await dropWholeFenChecks(db);
}
