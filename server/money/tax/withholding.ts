import { ITEM_REFUNDED } from '../../../src/domain/moneyEnums';
import { laborIncomeTax } from '../../../src/domain/statistics/laborTax';
import {
  type CumulativeLines,
  cumulativeWithholding,
  isCumulativeMonth,
  type PaidMonth,
  withPayment,
} from '../../../src/domain/tax/cumulativeWithholding';
import { PLATFORM_ENTITY_ID, TAX_ENTRY, TAX_STATUS } from '../../../src/domain/tax/taxEnums';
import type { Db } from '../../db/database';
import { companyEnterprise } from '../../enterprises/enterprises.service';
import type { Tx } from '../ledger/ledger';
import type { PayoutRow } from '../payouts/payoutRow';
import { postTaxEntries } from './taxAccounts';

/**
 * Income tax withheld when a payout moves (docs/tax.md). The one place that:
 * - names the payer that withholds (`signingEntityOf`);
 * - claims the cumulative base of each worker at that payer for the tax year (`claimTaxBases`), so two batches
 *   for the same worker and entity never start from the same base;
 * - reads the base as actually paid (`paidHistories`: failed and returned items are not in it; only tax that
 *   was withheld counts as withheld) and prices each row by the rule in force (`withholdRows`);
 * - credits the withheld tax to the entity's 代扣税款 account (`creditWithheld`) and gives back exactly an item's
 *   withholding when it fails or is returned (`giveBackWithholding`);
 * - says what the channel pays (`netPayable`).
 */

export interface TaxedRow {
  row: PayoutRow;
  /** Tax withheld from row.amount. */
  tax: number;
  /** row.amount − tax: what the worker receives. */
  net: number;
  lines: TaxLines;
}

/** The formula's lines of a payment, with the rule that priced it. */
export type TaxLines =
  | ({ rule: 'cumulative' } & CumulativeLines)
  | ({ rule: 'perPayment'; month: string } & ReturnType<typeof laborIncomeTax>);

/**
 * The signing entity that pays the company's workers now, and so withholds: the enterprise of the company's
 * latest signed contract in force (the one /remit's preview names), else the platform itself (0).
 */
export async function signingEntityOf(db: Db | Tx, companyId: number, platformMark: number): Promise<number> {
  const enterprise = await companyEnterprise(db as Db, companyId, platformMark);
  return enterprise ? enterprise.id : PLATFORM_ENTITY_ID;
}

export function taxMonthOf(now: string): string {
  return now.slice(0, 7);
}

/**
 * The claim, first: one row per worker, entity and tax year, written (insert or bump) before the base is read.
 * PostgreSQL holds the row lock until the transaction ends, so a second payment of the same worker at the same
 * entity waits here and then reads the first one's committed items; SQLite takes the database's write lock with
 * the first write of a transaction and holds it to the end. Keys go in sorted order so two transactions claiming
 * several workers never wait on each other in a circle.
 */
export async function claimTaxBases(
  tx: Tx,
  enterpriseId: number,
  idCards: readonly string[],
  taxYear: number,
  now: string,
): Promise<void> {
  const keys = [...new Set(idCards)].sort();
  for (let start = 0; start < keys.length; start += CLAIM_CHUNK) {
    await tx
      .insertInto('tax_bases')
      .values(
        keys.slice(start, start + CLAIM_CHUNK).map((idCard) => ({
          enterprise_id: enterpriseId,
          id_card: idCard,
          tax_year: taxYear,
          claims: 1,
          update_time: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['enterprise_id', 'id_card', 'tax_year']).doUpdateSet((eb) => ({
          claims: eb('tax_bases.claims', '+', 1),
          update_time: now,
        })),
      )
      .execute();
  }
}

const CLAIM_CHUNK = 500;

/** What the entity paid each worker this tax year, month by month, as actually paid and withheld. */
export async function paidHistories(
  db: Db | Tx,
  enterpriseId: number,
  idCards: readonly string[],
  taxYear: number,
): Promise<Map<string, PaidMonth[]>> {
  const histories = new Map<string, PaidMonth[]>();
  const keys = [...new Set(idCards)];
  for (let start = 0; start < keys.length; start += CLAIM_CHUNK) {
    const rows = await (db as Db)
      .selectFrom('payout_items')
      .select((eb) => [
        'id_card',
        'tax_month',
        eb.fn.sum<number>('amount').as('income'),
        eb.fn
          .sum<number>(eb.case().when('tax_status', '=', TAX_STATUS.withheld).then(eb.ref('tax_amount')).else(0).end())
          .as('withheld'),
      ])
      .where('enterprise_id', '=', enterpriseId)
      .where('id_card', 'in', keys.slice(start, start + CLAIM_CHUNK))
      .where('tax_month', '>=', `${taxYear}-01`)
      .where('tax_month', '<=', `${taxYear}-12`)
      .where('status', 'not in', [...ITEM_REFUNDED])
      .groupBy(['id_card', 'tax_month'])
      .execute();
    for (const row of rows) {
      const list = histories.get(row.id_card) ?? [];
      list.push({ month: String(row.tax_month), income: Number(row.income), withheld: Number(row.withheld) });
      histories.set(row.id_card, list);
    }
  }
  return histories;
}

/**
 * Prices rows paid in `month` in order, each on top of the ones before it (a worker twice in one batch is two
 * payments of the month). Months before 2025-10 keep the per-payment rule: a month's income is one payment, and a
 * row withholds what it adds to the month's figure.
 */
export function withholdRows(
  histories: ReadonlyMap<string, PaidMonth[]>,
  month: string,
  rows: readonly PayoutRow[],
): TaxedRow[] {
  const running = new Map(histories);
  return rows.map((row) => {
    const history = running.get(row.idCard) ?? [];
    let lines: TaxLines;
    let tax: number;
    if (isCumulativeMonth(month)) {
      const computed = cumulativeWithholding(history, month, row.amount);
      lines = { rule: 'cumulative', ...computed };
      tax = computed.tax;
    } else {
      const before = history.find((entry) => entry.month === month)?.income ?? 0;
      const figures = laborIncomeTax(before + row.amount);
      tax = figures.tax - laborIncomeTax(before).tax;
      lines = { rule: 'perPayment', month, ...figures };
    }
    running.set(row.idCard, withPayment(history, month, row.amount, tax));
    return { row, tax, net: row.amount - tax, lines };
  });
}

export interface Withholding {
  enterpriseId: number;
  month: string;
  rows: TaxedRow[];
  taxAmount: number;
  netAmount: number;
}

function summed(enterpriseId: number, month: string, rows: TaxedRow[]): Withholding {
  return {
    enterpriseId,
    month,
    rows,
    taxAmount: rows.reduce((sum, row) => sum + row.tax, 0),
    netAmount: rows.reduce((sum, row) => sum + row.net, 0),
  };
}

/** What paying these rows now would withhold, without claiming anything (the /remit preview). */
export async function priceWithholding(
  db: Db,
  account: { companyId: number; platformMark: number },
  rows: readonly PayoutRow[],
  now: string,
): Promise<Withholding> {
  const enterpriseId = await signingEntityOf(db, account.companyId, account.platformMark);
  const month = taxMonthOf(now);
  const histories = await paidHistories(
    db,
    enterpriseId,
    rows.map((row) => row.idCard),
    Number(month.slice(0, 4)),
  );
  return summed(enterpriseId, month, withholdRows(histories, month, rows));
}

/** In the payment's transaction: the claim, then the base as committed, then the rows priced on it. */
export async function withholdForPayment(
  tx: Tx,
  account: { companyId: number; platformMark: number },
  rows: readonly PayoutRow[],
  now: string,
  enterpriseId?: number,
): Promise<Withholding> {
  const entity = enterpriseId ?? (await signingEntityOf(tx, account.companyId, account.platformMark));
  const month = taxMonthOf(now);
  const year = Number(month.slice(0, 4));
  const idCards = rows.map((row) => row.idCard);
  await claimTaxBases(tx, entity, idCards, year, now);
  const histories = await paidHistories(tx, entity, idCards, year);
  return summed(entity, month, withholdRows(histories, month, rows));
}

/** The withheld tax of a batch's items credited to the entity's 代扣税款 account, one entry per item. */
export async function creditWithheld(
  tx: Tx,
  batch: { batchId: number; companyId: number; platformMark: number; enterpriseId: number; month: string },
  now: string,
): Promise<void> {
  const items = await tx
    .selectFrom('payout_items')
    .select(['id', 'name', 'tax_amount'])
    .where('batch_id', '=', batch.batchId)
    .where('tax_status', '=', TAX_STATUS.withheld)
    .where('tax_amount', '>', 0)
    .orderBy('id')
    .execute();
  if (items.length === 0) return;
  await postTaxEntries(
    tx,
    { enterpriseId: batch.enterpriseId, platformMark: batch.platformMark },
    items.map((item) => ({
      taxMonth: batch.month,
      kind: TAX_ENTRY.withheld,
      amount: Number(item.tax_amount),
      companyId: batch.companyId,
      refType: 'item' as const,
      refId: Number(item.id),
      remark: `${item.name} 代扣个人所得税`.slice(0, 128),
    })),
    now,
  );
}

/**
 * A failed or returned item gives back exactly its withholding, in the caller's transaction (the one recording
 * the failure): the entity's 代扣税款 account is debited the item's tax in the item's tax month, and the item is
 * marked 已退回 (only once: the update is conditional on 已代扣). The workers' bases are claimed first, as a
 * payment claims them, so a payment priced at the same moment reads the base with or without the item, never half.
 */
export async function giveBackWithholding(tx: Tx, itemIds: readonly number[], now: string): Promise<void> {
  if (itemIds.length === 0) return;
  const items = await tx
    .selectFrom('payout_items')
    .select(['id', 'name', 'company_id', 'platform_mark', 'enterprise_id', 'id_card', 'tax_month', 'tax_amount'])
    .where('id', 'in', [...itemIds])
    .where('tax_status', '=', TAX_STATUS.withheld)
    .orderBy('id')
    .execute();
  const byBase = new Map<string, { enterpriseId: number; year: number; idCards: string[] }>();
  for (const item of items) {
    const year = Number(String(item.tax_month).slice(0, 4));
    const key = `${item.enterprise_id}:${year}`;
    const base = byBase.get(key) ?? { enterpriseId: Number(item.enterprise_id), year, idCards: [] };
    base.idCards.push(item.id_card);
    byBase.set(key, base);
  }
  for (const key of [...byBase.keys()].sort()) {
    const base = byBase.get(key);
    if (base) await claimTaxBases(tx, base.enterpriseId, base.idCards, base.year, now);
  }
  for (const item of items) {
    const updated = await tx
      .updateTable('payout_items')
      .set({ tax_status: TAX_STATUS.givenBack })
      .where('id', '=', item.id)
      .where('tax_status', '=', TAX_STATUS.withheld)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1 || Number(item.tax_amount) === 0) continue;
    await postTaxEntries(
      tx,
      { enterpriseId: Number(item.enterprise_id), platformMark: Number(item.platform_mark) },
      [
        {
          taxMonth: String(item.tax_month),
          kind: TAX_ENTRY.givenBack,
          amount: -Number(item.tax_amount),
          companyId: Number(item.company_id),
          refType: 'item',
          refId: Number(item.id),
          remark: `${item.name} 打款失败退回预扣个税`.slice(0, 128),
        },
      ],
      now,
    );
  }
}

/** What the channel is asked to pay for an item: the net when tax was withheld, else the gross. */
export function netPayable(item: { amount: number; tax_amount?: number; tax_status?: number }): number {
  return Number(item.tax_status) === TAX_STATUS.withheld
    ? Number(item.amount) - Number(item.tax_amount ?? 0)
    : Number(item.amount);
}
