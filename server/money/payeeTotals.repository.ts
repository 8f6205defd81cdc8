import { createHmac } from 'node:crypto';
import { type Expression, type SqlBool, sql } from 'kysely';
import { adIndividualReceived, adSmallIndividualReceived, individualReceived } from '../../resources/payeeTotals';
import { sortFields } from '../../resources/types';
import { maskIdCard } from '../../src/domain/masking';
import { ITEM } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import { containsCondition, type PageRequest } from './payoutRecords.repository';
import { type RecordScope, scopeConditions } from './payoutRecords.scope';

/**
 * Per-person totals of successful payouts (resources/payeeTotals.ts), grouped by national id in the database
 * and paged there, so a company with a million items never ships them to the server. The period bounds the
 * time a payout completed. One national id may come with differently typed names in two files: one of them
 * (MAX) is shown.
 */

export type PayeeTotal = {
  /** Stable and opaque (a hash of the national id): react-admin needs an id, the full number stays here. */
  id: string;
  name: string;
  idCard: string;
  paymentCount: number;
  totalAmount: number;
  companyCount: number;
  lastTime: string;
};

const SORT_COLUMNS: Record<string, string> = {
  paymentCount: 'payment_count',
  totalAmount: 'total_amount',
  companyCount: 'company_count',
  lastTime: 'last_time',
};

for (const declaration of [individualReceived, adIndividualReceived, adSmallIndividualReceived]) {
  for (const field of sortFields(declaration)) {
    if (!(field in SORT_COLUMNS))
      throw new Error(`resources/payeeTotals.ts sorts on "${field}": map it in SORT_COLUMNS`);
  }
}

export interface PayeeSearch {
  name?: string;
  idCard?: string;
  companyName?: string;
  /** Inclusive bounds of the payout's finish time. */
  paidFrom?: string;
  paidTo?: string;
}

function conditions(db: Db, scope: RecordScope, search: PayeeSearch): Expression<SqlBool>[] {
  const where = scopeConditions(db, scope, 'payout_items.company_id', 'payout_items.platform_mark');
  where.push(sql<SqlBool>`payout_items.status = ${ITEM.succeeded}`);
  if (search.name) where.push(containsCondition(db, 'payout_items.name', search.name));
  if (search.idCard) where.push(containsCondition(db, 'payout_items.id_card', search.idCard.toUpperCase()));
  if (search.companyName) where.push(containsCondition(db, 'companies.name', search.companyName));
  if (search.paidFrom) where.push(sql<SqlBool>`payout_items.finish_time >= ${search.paidFrom}`);
  if (search.paidTo) where.push(sql<SqlBool>`payout_items.finish_time <= ${search.paidTo}`);
  return where;
}

/**
 * The row id of a person: a keyed HMAC of the ID number (the server's ID_KEY), so the masked number cannot be
 * recovered by hashing the few hidden digits (a plain SHA-256 gave it back in 0.1 s).
 */
export function payeeKey(idKey: string, idCard: string): string {
  return createHmac('sha256', idKey).update(`payee:${idCard}`).digest('hex').slice(0, 24);
}

export async function searchPayeeTotals(
  db: Db,
  scope: RecordScope,
  search: PayeeSearch,
  page: PageRequest,
  idKey: string,
): Promise<{ rows: PayeeTotal[]; total: number }> {
  const where = conditions(db, scope, search);
  const sort = page.sort ?? { field: 'totalAmount', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.totalAmount;
  const base = db
    .selectFrom('payout_items')
    .innerJoin('companies', 'companies.id', 'payout_items.company_id')
    .where((eb) => eb.and(where));
  const [rows, count] = await Promise.all([
    base
      .select([
        'payout_items.id_card as id_card',
        sql<string>`max(payout_items.name)`.as('name'),
        sql<number | string>`count(*)`.as('payment_count'),
        sql<number | string>`sum(payout_items.amount)`.as('total_amount'),
        sql<number | string>`count(distinct payout_items.company_id)`.as('company_count'),
        sql<string>`max(payout_items.finish_time)`.as('last_time'),
      ])
      .groupBy('payout_items.id_card')
      .orderBy(sql.ref(column), sort.order)
      .orderBy('payout_items.id_card', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number | string>`count(distinct payout_items.id_card)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: payeeKey(idKey, row.id_card),
      name: row.name,
      idCard: maskIdCard(row.id_card),
      paymentCount: Number(row.payment_count),
      totalAmount: Number(row.total_amount),
      companyCount: Number(row.company_count),
      lastTime: row.last_time,
    })),
    total: Number(count.n),
  };
}
