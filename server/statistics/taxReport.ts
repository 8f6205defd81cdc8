import { sql } from 'kysely';
import { ITEM_REFUNDED } from '../../src/domain/moneyEnums';
import { laborIncomeTax } from '../../src/domain/statistics/laborTax';
import { lastDayOfMonth } from '../../src/domain/statistics/period';
import {
  type CumulativeLines,
  isCumulativeMonth,
  monthEndLines,
  type PaidMonth,
} from '../../src/domain/tax/cumulativeWithholding';
import { PLATFORM_ENTITY_NAME, TAX_STATUS } from '../../src/domain/tax/taxEnums';
import {
  passesRegistrationThreshold,
  twelveMonthsEnding,
  type WorkerVat,
  workerVat,
} from '../../src/domain/tax/workerVat';
import type { Db } from '../db/database';
import { monthWithheldByEntity } from '../money/tax/taxAccounts';
import { paidHistories } from '../money/tax/withholding';

/**
 * 税费计算's figures for one edition and month (docs/tax.md), per signing entity and worker (ID number):
 * - from 2025-10, the cumulative lines at the month's end (monthEndLines over what the entity actually paid the
 *   worker this year): the tax the month asks in all (`tax`), beside what the month's payments withheld
 *   (`withheld`, the items marked 已代扣; per entity it equals the 代扣税款 account's entries of the month) and the
 *   figure of items paid before withholding existed (`notWithheld`, marked 未代扣);
 * - before 2025-10, the per-payment rule of the time (预扣率表二, a month's income as one payment);
 * - the VAT filed on the worker's behalf and its surcharges, and the 5 000 000 元 / 12 months warning.
 */
export interface TaxWorkerRow {
  enterpriseId: number;
  enterpriseName: string;
  name: string;
  idCard: string;
  payCount: number;
  income: number;
  rule: 'cumulative' | 'perPayment';
  /** The cumulative lines (cumulative rule only). */
  lines: CumulativeLines | null;
  /** 预扣率表二's lines (per-payment rule only). */
  deduction: number;
  taxable: number;
  ratePercent: number;
  quickDeduction: number;
  /** The month's withholding by the rule in force. */
  tax: number;
  /** Withheld by this month's payments (已代扣). */
  withheld: number;
  /** Figures of this month's items paid before withholding existed (未代扣). */
  notWithheld: number;
  notWithheldCount: number;
  afterTax: number;
  vat: WorkerVat;
  twelveMonthIncome: number;
  registrationWarning: boolean;
}

export interface TaxEntityTotals {
  enterpriseId: number;
  enterpriseName: string;
  workerCount: number;
  payCount: number;
  income: number;
  tax: number;
  withheld: number;
  notWithheld: number;
  /** The 代扣税款 account's entries of the month (withheld less given back). */
  ledgerWithheld: number;
  vat: number;
  surchargeTotal: number;
  filing: { reference: string; amount: number; time: string; operatorId: number } | null;
}

interface MonthItemRow {
  enterprise_id: number;
  id_card: string;
  name: string;
  n: number;
  income: number;
  withheld: number;
  not_withheld: number;
  not_withheld_n: number;
}

async function monthItems(db: Db, mark: number, month: string, enterpriseId: number | undefined) {
  return (await db
    .selectFrom('payout_items')
    .select((eb) => [
      'enterprise_id',
      'id_card',
      sql<string>`MAX(name)`.as('name'),
      sql<number>`COUNT(*)`.as('n'),
      eb.fn.sum<number>('amount').as('income'),
      eb.fn
        .sum<number>(eb.case().when('tax_status', '=', TAX_STATUS.withheld).then(eb.ref('tax_amount')).else(0).end())
        .as('withheld'),
      eb.fn
        .sum<number>(eb.case().when('tax_status', '=', TAX_STATUS.notWithheld).then(eb.ref('tax_amount')).else(0).end())
        .as('not_withheld'),
      eb.fn
        .sum<number>(eb.case().when('tax_status', '=', TAX_STATUS.notWithheld).then(1).else(0).end())
        .as('not_withheld_n'),
    ])
    .where('platform_mark', '=', mark)
    .where('tax_month', '=', month)
    .where('status', 'not in', [...ITEM_REFUNDED])
    .$if(enterpriseId !== undefined, (query) => query.where('enterprise_id', '=', enterpriseId as number))
    .groupBy(['enterprise_id', 'id_card'])
    .execute()) as MonthItemRow[];
}

async function twelveMonthIncomes(db: Db, mark: number, month: string, keys: readonly MonthItemRow[]) {
  const months = twelveMonthsEnding(month);
  const result = new Map<string, number>();
  const byEntity = new Map<number, string[]>();
  for (const key of keys) byEntity.set(key.enterprise_id, [...(byEntity.get(key.enterprise_id) ?? []), key.id_card]);
  for (const [enterpriseId, idCards] of byEntity) {
    for (let start = 0; start < idCards.length; start += 500) {
      const rows = await db
        .selectFrom('payout_items')
        .select(['id_card', sql<number>`SUM(amount)`.as('income')])
        .where('platform_mark', '=', mark)
        .where('enterprise_id', '=', enterpriseId)
        .where('id_card', 'in', idCards.slice(start, start + 500))
        .where('tax_month', '>=', months[0])
        .where('tax_month', '<=', months[11])
        .where('status', 'not in', [...ITEM_REFUNDED])
        .groupBy('id_card')
        .execute();
      for (const row of rows) result.set(`${enterpriseId}:${row.id_card}`, Number(row.income));
    }
  }
  return result;
}

export async function enterpriseNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>([[0, PLATFORM_ENTITY_NAME]]);
  const wanted = ids.filter((id) => id !== 0);
  if (wanted.length === 0) return names;
  const rows = await db.selectFrom('enterprises').select(['id', 'name']).where('id', 'in', wanted).execute();
  for (const row of rows) names.set(Number(row.id), row.name);
  return names;
}

export async function taxWorkerRows(
  db: Db,
  mark: number,
  month: string,
  filters: { name?: string; enterpriseId?: number } = {},
): Promise<TaxWorkerRow[]> {
  const items = await monthItems(db, mark, month, filters.enterpriseId);
  const names = await enterpriseNames(db, [...new Set(items.map((item) => Number(item.enterprise_id)))]);
  const year = Number(month.slice(0, 4));
  const histories = new Map<number, Map<string, PaidMonth[]>>();
  if (isCumulativeMonth(month)) {
    for (const enterpriseId of new Set(items.map((item) => Number(item.enterprise_id)))) {
      const idCards = items.filter((item) => Number(item.enterprise_id) === enterpriseId).map((item) => item.id_card);
      histories.set(enterpriseId, await paidHistories(db, enterpriseId, idCards, year));
    }
  }
  const twelve = await twelveMonthIncomes(db, mark, month, items);
  const rows = items.map((item): TaxWorkerRow => {
    const enterpriseId = Number(item.enterprise_id);
    const income = Number(item.income);
    const withheld = Number(item.withheld);
    const notWithheld = Number(item.not_withheld);
    const twelveMonthIncome = twelve.get(`${enterpriseId}:${item.id_card}`) ?? income;
    const common = {
      enterpriseId,
      enterpriseName: names.get(enterpriseId) ?? `签约主体 ${enterpriseId}`,
      name: String(item.name),
      idCard: String(item.id_card),
      payCount: Number(item.n),
      income,
      withheld,
      notWithheld,
      notWithheldCount: Number(item.not_withheld_n),
      vat: workerVat(income),
      twelveMonthIncome,
      registrationWarning: passesRegistrationThreshold(twelveMonthIncome),
    };
    if (isCumulativeMonth(month)) {
      const history = (histories.get(enterpriseId)?.get(item.id_card) ?? []).filter((entry) => entry.month <= month);
      const lines = monthEndLines(history, month);
      return {
        ...common,
        rule: 'cumulative',
        lines,
        deduction: lines.cumulativeExpense,
        taxable: lines.cumulativeTaxable,
        ratePercent: lines.ratePercent,
        quickDeduction: lines.quickDeduction,
        tax: lines.tax,
        afterTax: income - lines.tax,
      };
    }
    const old = laborIncomeTax(income);
    return {
      ...common,
      rule: 'perPayment',
      lines: null,
      deduction: old.deduction,
      taxable: old.taxable,
      ratePercent: old.ratePercent,
      quickDeduction: old.quickDeduction,
      tax: old.tax,
      afterTax: income - old.tax,
    };
  });
  const name = filters.name;
  return rows
    .filter((row) => !name || row.name.includes(name))
    .sort((a, b) => b.income - a.income || a.idCard.localeCompare(b.idCard) || a.enterpriseId - b.enterpriseId);
}

export async function taxEntityTotals(
  db: Db,
  mark: number,
  month: string,
  rows: readonly TaxWorkerRow[],
): Promise<TaxEntityTotals[]> {
  const ledger = await monthWithheldByEntity(db, mark, month);
  const filings = await db
    .selectFrom('tax_filings')
    .selectAll()
    .where('platform_mark', '=', mark)
    .where('tax_month', '=', month)
    .execute();
  const ids = [...new Set([...rows.map((row) => row.enterpriseId), ...ledger.keys()])].sort((a, b) => a - b);
  const names = await enterpriseNames(db, ids);
  return ids.map((enterpriseId) => {
    const own = rows.filter((row) => row.enterpriseId === enterpriseId);
    const sum = (pick: (row: TaxWorkerRow) => number) => own.reduce((total, row) => total + pick(row), 0);
    const filing = filings.find((row) => Number(row.enterprise_id) === enterpriseId);
    return {
      enterpriseId,
      enterpriseName: names.get(enterpriseId) ?? `签约主体 ${enterpriseId}`,
      workerCount: own.length,
      payCount: sum((row) => row.payCount),
      income: sum((row) => row.income),
      tax: sum((row) => row.tax),
      withheld: sum((row) => row.withheld),
      notWithheld: sum((row) => row.notWithheld),
      ledgerWithheld: ledger.get(enterpriseId) ?? 0,
      vat: sum((row) => row.vat.vat),
      surchargeTotal: sum((row) => row.vat.surchargeTotal),
      filing: filing
        ? {
            reference: filing.reference,
            amount: Number(filing.amount),
            time: filing.create_time,
            operatorId: Number(filing.operator_id),
          }
        : null,
    };
  });
}

export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01 00:00:00`, to: `${lastDayOfMonth(month)} 23:59:59` };
}
