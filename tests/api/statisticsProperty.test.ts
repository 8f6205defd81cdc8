import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientBalanceError, postEntries } from '../../server/money/ledger/ledger';
import { runReport } from '../../server/statistics/reports.repository';
import { rebuildStatistics } from '../../server/statistics/rollups';
import { LEDGER } from '../../src/domain/moneyEnums';
import { lastDayOfMonth, type Period } from '../../src/domain/statistics/period';
import { REPORTS, reportEditions } from '../../src/domain/statistics/reports';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Property: for random ledger histories — several companies, days and months, every kind, debits
 * that overdraw and roll back — every report's totals, and the sum of its rows, equal the sums of the ledger
 * entries the report covers (edition, period, department filter, department scope, a partner's own companies).
 * The rollups are also what
 * rebuildStatistics recomputes from the ledger.
 */
let test: TestApp;
/** The sale partners (合伙人 users) of the demo companies the postings use, and a user who owns none. */
let salePartners: number[] = [];
beforeAll(async () => {
  test = await createTestApp();
  const owners = await test.db
    .selectFrom('companies')
    .select('sale_partner_id')
    .distinct()
    .where('id', '<=', 12)
    .where('sale_partner_id', 'is not', null)
    .execute();
  salePartners = [...owners.map((row) => Number(row.sale_partner_id)), 999_999];
});
afterAll(async () => test?.close());

interface Posting {
  company: number;
  month: number;
  day: number;
  hour: number;
  entries: { kind: number; amount: number }[];
}

const KINDS = [LEDGER.recharge, LEDGER.payout, LEDGER.serviceCharge, LEDGER.refund];
const entry = fc.record({
  kind: fc.constantFrom(...KINDS),
  // whole fen, as the ledger takes only those
  amount: fc.integer({ min: 1, max: 30_000 }).map((fen) => fen * 100),
});
const posting = fc.record({
  company: fc.integer({ min: 1, max: 12 }),
  month: fc.integer({ min: 1, max: 3 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  entries: fc.array(entry, { minLength: 1, maxLength: 3 }),
});

const pad = (value: number) => String(value).padStart(2, '0');
let year = 2100;

interface Oracle {
  topupAmount: number;
  payoutAmount: number;
  payoutCount: number;
  chargeAmount: number;
  refundAmount: number;
  netAmount: number;
  entryCount: number;
  /** Companies, and company days, with an entry in the period: the rows of the company-grouped reports. */
  companies: number;
  companyDays: number;
}

/** The ledger's own sums, straight from ledger_entries (independent of the rollups). */
async function ledgerSums(
  mark: number,
  period: Period,
  departmentIds?: number[],
  salePartnerId?: number,
): Promise<Oracle> {
  let query = test.db
    .selectFrom('ledger_entries')
    .leftJoin('companies', 'companies.id', 'ledger_entries.company_id')
    .select(['ledger_entries.kind', 'ledger_entries.amount', 'ledger_entries.company_id', 'ledger_entries.create_time'])
    .where('ledger_entries.platform_mark', '=', mark)
    .where('ledger_entries.create_time', '>=', `${period.from} 00:00:00`)
    .where('ledger_entries.create_time', '<=', `${period.to} 23:59:59`);
  // An empty department scope sees nothing (`IN ()` is valid SQLite but a syntax error in PostgreSQL).
  if (departmentIds) query = query.where('companies.department_id', 'in', [...departmentIds, -1]);
  if (salePartnerId !== undefined) query = query.where('companies.sale_partner_id', '=', salePartnerId);
  const rows = await query.execute();
  const sum = {
    topupAmount: 0,
    payoutAmount: 0,
    payoutCount: 0,
    chargeAmount: 0,
    refundAmount: 0,
    netAmount: 0,
    entryCount: 0,
    companies: new Set(rows.map((row) => Number(row.company_id))).size,
    companyDays: new Set(rows.map((row) => `${row.company_id} ${row.create_time.slice(0, 10)}`)).size,
  };
  for (const row of rows) {
    const amount = Number(row.amount);
    sum.netAmount += amount;
    sum.entryCount += 1;
    if (row.kind === LEDGER.recharge) sum.topupAmount += amount;
    if (row.kind === LEDGER.payout) {
      sum.payoutAmount -= amount;
      sum.payoutCount += 1;
    }
    if (row.kind === LEDGER.serviceCharge) sum.chargeAmount -= amount;
    if (row.kind === LEDGER.refund) sum.refundAmount += amount;
  }
  return sum;
}

async function companyOf(id: number) {
  return test.db.selectFrom('companies').select(['id', 'platform_mark']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function post(p: Posting, y: number): Promise<void> {
  const company = await companyOf(p.company);
  const now = `${y}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:00:00`;
  const signed = p.entries.map((item) => ({
    kind: item.kind,
    amount: item.kind === LEDGER.payout || item.kind === LEDGER.serviceCharge ? -item.amount : item.amount,
    refType: 'recharge' as const,
    refId: 1,
    operatorId: null,
  }));
  try {
    await test.db
      .transaction()
      .execute((tx) =>
        postEntries(tx, { companyId: p.company, platformMark: Number(company.platform_mark) }, signed, now),
      );
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
  }
}

const KEYS: (keyof Oracle)[] = [
  'topupAmount',
  'payoutAmount',
  'payoutCount',
  'chargeAmount',
  'refundAmount',
  'netAmount',
  'entryCount',
];

describe('statistics reports equal the ledger', () => {
  it('for random histories, every report total and the sum of its rows equal the ledger entries covered', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(posting, { minLength: 1, maxLength: 25 }),
        fc.record({
          kind: fc.constantFrom('day', 'month', 'range', 'wholeMonths'),
          month: fc.integer({ min: 1, max: 3 }),
          day: fc.integer({ min: 1, max: 28 }),
          length: fc.integer({ min: 0, max: 60 }),
        }),
        fc.option(fc.subarray([1, 2, 3, 4], { minLength: 0 }), { nil: undefined }),
        fc.option(fc.constantFrom(...salePartners), { nil: undefined }),
        async (postings, periodSpec, scope, salePartnerId) => {
          year += 1;
          const y = year;
          for (const p of postings) await post(p, y);
          const m = `${y}-${pad(periodSpec.month)}`;
          const start = `${m}-${pad(periodSpec.day)}`;
          const period: Period =
            periodSpec.kind === 'day'
              ? { type: 'day', from: start, to: start }
              : periodSpec.kind === 'month'
                ? { type: 'month', from: `${m}-01`, to: lastDayOfMonth(m) }
                : periodSpec.kind === 'wholeMonths'
                  ? { type: 'range', from: `${y}-01-01`, to: lastDayOfMonth(m) }
                  : {
                      type: 'range',
                      from: start,
                      to: new Date(Date.parse(`${start}T00:00:00Z`) + periodSpec.length * 86_400_000)
                        .toISOString()
                        .slice(0, 10),
                    };
          for (const declaration of REPORTS) {
            for (const mark of reportEditions(declaration)) {
              const expected = await ledgerSums(mark, period, scope, salePartnerId);
              const result = await runReport(
                test.db,
                declaration,
                { platformMark: mark, period, departmentIds: scope, salePartnerId },
                { sort: { field: declaration.defaultSort, order: 'desc' }, offset: 0, limit: 1000 },
              );
              for (const key of KEYS) {
                expect(result.totals[key], `${declaration.route} ${mark} ${key} totals`).toBe(expected[key]);
                const rowSum = result.rows.reduce((sum, row) => sum + Number(row[key]), 0);
                expect(rowSum, `${declaration.route} ${mark} ${key} rows`).toBe(expected[key]);
              }
              expect(result.rows.length).toBe(result.total);
              if (declaration.grouping === 'company') {
                expect(result.total, `${declaration.route} ${mark} companies`).toBe(expected.companies);
              }
              if (declaration.grouping === 'companyDay') {
                expect(result.total, `${declaration.route} ${mark} company days`).toBe(expected.companyDays);
              }
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('rebuildStatistics recomputes the very rows the postings kept, and is idempotent', async () => {
    const snapshot = async () => ({
      day: await test.db
        .selectFrom('stat_company_day')
        .selectAll()
        .orderBy('company_id')
        .orderBy('platform_mark')
        .orderBy('day')
        .execute(),
      month: await test.db
        .selectFrom('stat_company_month')
        .selectAll()
        .orderBy('company_id')
        .orderBy('platform_mark')
        .orderBy('month')
        .execute(),
      group: await test.db
        .selectFrom('stat_group_day')
        .selectAll()
        .orderBy('platform_mark')
        .orderBy('day')
        .orderBy('department_id')
        .orderBy('subsidiary_id')
        .execute(),
      groupMonth: await test.db
        .selectFrom('stat_group_month')
        .selectAll()
        .orderBy('platform_mark')
        .orderBy('month')
        .orderBy('department_id')
        .orderBy('subsidiary_id')
        .execute(),
    });
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ id: _id, ...rest }) =>
        Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)])),
      );
    const before = await snapshot();
    expect(before.day.length).toBeGreaterThan(0);
    expect(before.groupMonth.length).toBeGreaterThan(0);
    await rebuildStatistics(test.db);
    const once = await snapshot();
    await rebuildStatistics(test.db);
    const twice = await snapshot();
    for (const key of ['day', 'month', 'group', 'groupMonth'] as const) {
      expect(strip(once[key])).toEqual(strip(before[key]));
      expect(strip(twice[key])).toEqual(strip(once[key]));
    }
  }, 60_000);
});
