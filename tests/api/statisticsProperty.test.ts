import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice, rejectInvoice } from '../../server/invoices/services/invoiceTransitions';
import { InsufficientBalanceError, postEntries } from '../../server/money/ledger/ledger';
import { runReport } from '../../server/statistics/reports.repository';
import { rebuildStatistics } from '../../server/statistics/rollups';
import { BATCH, BATCH_INVOICE, INVOICE, LEDGER } from '../../src/domain/moneyEnums';
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

const periodSpecs = fc.record({
  kind: fc.constantFrom('day', 'month', 'range', 'wholeMonths'),
  month: fc.integer({ min: 1, max: 3 }),
  day: fc.integer({ min: 1, max: 28 }),
  length: fc.integer({ min: 0, max: 60 }),
});

function periodOf(y: number, spec: { kind: string; month: number; day: number; length: number }): Period {
  const m = `${y}-${pad(spec.month)}`;
  const start = `${m}-${pad(spec.day)}`;
  if (spec.kind === 'day') return { type: 'day', from: start, to: start };
  if (spec.kind === 'month') return { type: 'month', from: `${m}-01`, to: lastDayOfMonth(m) };
  if (spec.kind === 'wholeMonths') return { type: 'range', from: `${y}-01-01`, to: lastDayOfMonth(m) };
  const to = new Date(Date.parse(`${start}T00:00:00Z`) + spec.length * 86_400_000).toISOString().slice(0, 10);
  return { type: 'range', from: start, to };
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
        periodSpecs,
        fc.option(fc.subarray([1, 2, 3, 4], { minLength: 0 }), { nil: undefined }),
        fc.option(fc.constantFrom(...salePartners), { nil: undefined }),
        async (postings, periodSpec, scope, salePartnerId) => {
          year += 1;
          const y = year;
          for (const p of postings) await post(p, y);
          const period = periodOf(y, periodSpec);
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
              // Postings that are no batch's payout are never invoiced: all of 打款金额 is 未开票.
              expect(result.totals.invoicedAmount).toBe(0);
              expect(result.totals.uninvoicedAmount).toBe(expected.payoutAmount);
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

  it('for random payouts and invoices, 已开票 + 未开票 = 打款金额 and 已开票 is what the issued invoices cover', async () => {
    const batch = fc.record({
      company: fc.integer({ min: 1, max: 12 }),
      month: fc.integer({ min: 1, max: 3 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      fen: fc.integer({ min: 1, max: 30_000 }),
      // The share of the batch that succeeded, in whole fen (a partly failed batch invoices its successes only).
      failedFen: fc.integer({ min: 0, max: 30_000 }),
      // Which application (of four) the batch goes on, if any, and what finance does with each application.
      invoice: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    });
    const outcome = fc.constantFrom('issue', 'reject', 'pending');
    await fc.assert(
      fc.asyncProperty(
        fc.array(batch, { minLength: 1, maxLength: 12 }),
        fc.array(outcome, { minLength: 4, maxLength: 4 }),
        periodSpecs,
        async (batches, outcomes, periodSpec) => {
          year += 1;
          const y = year;
          const planned: {
            id: number;
            mark: number;
            day: string;
            amount: number;
            success: number;
            invoice?: number;
          }[] = [];
          for (const [index, b] of batches.entries()) {
            const company = await companyOf(b.company);
            const mark = Number(company.platform_mark);
            const now = `${y}-${pad(b.month)}-${pad(b.day)} ${pad(b.hour)}:00:00`;
            const amount = b.fen * 100;
            const success = Math.max(b.fen - b.failedFen, 1) * 100;
            const inserted = await test.db
              .insertInto('payout_batches')
              .values({
                batch_no: `PROP${y}${index}`,
                company_id: b.company,
                platform_mark: mark,
                item_count: 2,
                total_amount: amount,
                service_charge: 0,
                rate: 0,
                status: success === amount ? BATCH.completed : BATCH.partlyFailed,
                success_count: 1,
                success_amount: success,
                operator_id: 1,
                create_time: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const account = { companyId: b.company, platformMark: mark };
            await test.db.transaction().execute(async (tx) => {
              await postEntries(
                tx,
                account,
                [{ kind: LEDGER.recharge, amount, refType: 'recharge', refId: 1, operatorId: null }],
                now,
              );
              await postEntries(
                tx,
                account,
                [
                  {
                    kind: LEDGER.payout,
                    amount: -amount,
                    refType: 'batch',
                    refId: Number(inserted.id),
                    operatorId: 1,
                    payments: 2,
                  },
                ],
                now,
              );
            });
            planned.push({ id: Number(inserted.id), mark, day: now.slice(0, 10), amount, success, invoice: b.invoice });
          }
          // Each application covers its batches of one company and edition, as an application does.
          const applications = new Map<string, { invoice: number; batches: (typeof planned)[number][] }>();
          for (const [index, line] of planned.entries()) {
            if (line.invoice === undefined) continue;
            const key = `${line.invoice} ${batches[index].company} ${line.mark}`;
            const entry = applications.get(key) ?? { invoice: line.invoice, batches: [] };
            entry.batches.push(line);
            applications.set(key, entry);
          }
          const issued = new Set<(typeof planned)[number]>();
          let sequence = 0;
          for (const [key, application] of applications) {
            const [, companyId, mark] = key.split(' ').map(Number);
            const total = application.batches.reduce((sum, line) => sum + line.success, 0);
            sequence += 1;
            const invoice = await test.db
              .insertInto('invoices')
              .values({
                apply_no: `PROPFP${y}${sequence}`,
                company_id: companyId,
                platform_mark: mark,
                kind: 2,
                category_id: 1,
                title: '属性测试企业',
                tax_number: '91310000MA1FL0ABCD',
                bank_name: '招商银行',
                bank_account: '121909876510101',
                address: '上海市',
                phone: '021-55556666',
                batch_count: application.batches.length,
                total,
                deduction: 0,
                tax: 0,
                net: total,
                rate_percent: 6,
                status: INVOICE.applied,
                applicant_id: 1,
                create_time: `${y}-12-01 00:00:00`,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const invoiceId = Number(invoice.id);
            const ids = application.batches.map((line) => line.id);
            await test.db
              .insertInto('invoice_batches')
              .values(
                application.batches.map((line) => ({
                  invoice_id: invoiceId,
                  batch_id: line.id,
                  success_amount: line.success,
                  success_charge: 0,
                })),
              )
              .execute();
            await test.db
              .updateTable('payout_batches')
              .set({ invoice_status: BATCH_INVOICE.applied, invoice_id: invoiceId })
              .where('id', 'in', ids)
              .execute();
            const step = outcomes[application.invoice];
            if (step === 'issue') {
              await issueInvoice(
                test.db,
                invoiceId,
                { invoiceNumber: `N${invoiceId}`, file: null },
                1,
                `${y}-12-02 10:00:00`,
              );
              for (const line of application.batches) issued.add(line);
            } else if (step === 'reject') {
              await rejectInvoice(test.db, invoiceId, '信息有误', 1);
            }
          }
          const period = periodOf(y, periodSpec);
          for (const declaration of REPORTS) {
            for (const mark of reportEditions(declaration)) {
              const covered = planned.filter(
                (line) => line.mark === mark && line.day >= period.from && line.day <= period.to,
              );
              const payout = covered.reduce((sum, line) => sum + line.amount, 0);
              const invoiced = covered.filter((line) => issued.has(line)).reduce((sum, line) => sum + line.success, 0);
              const result = await runReport(
                test.db,
                declaration,
                { platformMark: mark, period },
                { sort: { field: declaration.defaultSort, order: 'desc' }, offset: 0, limit: 1000 },
              );
              const label = `${declaration.route} ${mark}`;
              expect(result.totals.payoutAmount, `${label} 打款金额`).toBe(payout);
              expect(result.totals.invoicedAmount, `${label} 已开票金额`).toBe(invoiced);
              expect(result.totals.uninvoicedAmount, `${label} 未开票金额`).toBe(payout - invoiced);
              for (const row of result.rows) {
                expect(Number(row.invoicedAmount) + Number(row.uninvoicedAmount), `${label} row`).toBe(
                  Number(row.payoutAmount),
                );
              }
              const rowSum = result.rows.reduce((sum, row) => sum + Number(row.invoicedAmount), 0);
              expect(rowSum, `${label} 已开票 rows`).toBe(invoiced);
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 180_000);

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
