import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  continuousMonthsOf,
  cumulativeWithholding,
  monthEndLines,
  type PaidMonth,
  withPayment,
} from '../../src/domain/tax/cumulativeWithholding';
import { twelveMonthsEnding, workerVat } from '../../src/domain/tax/workerVat';

const Y = 10_000;

/** Pays `amounts` in order, each { month, yuan }, and answers each payment's withholding in yuan. */
function payAll(payments: readonly { month: string; yuan: number }[], start: PaidMonth[] = []): number[] {
  let history = start;
  return payments.map(({ month, yuan }) => {
    const lines = cumulativeWithholding(history, month, yuan * Y);
    history = withPayment(history, month, yuan * Y, lines.tax);
    return lines.tax / Y;
  });
}

describe('累计预扣法 (公告2025年第16号): the worked examples', () => {
  it('a worker new at the payer, paid 10 000.00 once this month: 90.00 (the per-payment rule withheld 1 600.00)', () => {
    const lines = cumulativeWithholding([], '2026-11', 10_000 * Y);
    // (10 000 − 2 000 − 5 000) × 3% − 0 − 0 = 90
    expect(lines).toMatchObject({
      cumulativeIncome: 10_000 * Y,
      cumulativeExpense: 2_000 * Y,
      continuousMonths: 1,
      cumulativeBasicDeduction: 5_000 * Y,
      cumulativeTaxable: 3_000 * Y,
      ratePercent: 3,
      quickDeduction: 0,
      cumulativeTax: 90 * Y,
      withheldBefore: 0,
      tax: 90 * Y,
    });
  });

  it('10 000 / 8 000 / 12 000 in three consecutive months: 90 / 42 / 138', () => {
    // 18 000 × 0.8 − 10 000 = 4 400 × 3% = 132 − 90 = 42; 30 000 × 0.8 − 15 000 = 9 000 × 3% = 270 − 132 = 138
    expect(
      payAll([
        { month: '2026-03', yuan: 10_000 },
        { month: '2026-04', yuan: 8_000 },
        { month: '2026-05', yuan: 12_000 },
      ]),
    ).toEqual([90, 42, 138]);
  });

  it('60 000 in one month: 1 780.00 (the per-payment rule withheld 12 400.00)', () => {
    // 60 000 × 0.8 − 5 000 = 43 000: 10% − 2 520 = 1 780
    const lines = cumulativeWithholding([], '2026-06', 60_000 * Y);
    expect(lines).toMatchObject({ cumulativeTaxable: 43_000 * Y, ratePercent: 10, quickDeduction: 2_520 * Y });
    expect(lines.tax).toBe(1_780 * Y);
  });

  it('a second payment in the same month adds to the month: 10 000 then 5 000 → 90 then 120', () => {
    // 15 000 × 0.8 − 5 000 = 7 000 × 3% = 210 − 90 = 120: the month keeps one 5 000 deduction
    expect(
      payAll([
        { month: '2026-12', yuan: 10_000 },
        { month: '2026-12', yuan: 5_000 },
      ]),
    ).toEqual([90, 120]);
  });

  it('6 250.00 a month is the break-even: 6 250 × 80% = 5 000 withholds nothing, month after month', () => {
    expect(
      payAll([
        { month: '2026-01', yuan: 6_250 },
        { month: '2026-02', yuan: 6_250 },
      ]),
    ).toEqual([0, 0]);
  });

  it('the top bracket: 45% less 181 920 above 960 000', () => {
    const lines = cumulativeWithholding([], '2026-01', 2_000_000 * Y);
    // 2 000 000 × 0.8 − 5 000 = 1 595 000 × 45% − 181 920 = 535 830
    expect(lines).toMatchObject({ ratePercent: 45, quickDeduction: 181_920 * Y, tax: 535_830 * Y });
  });
});

describe('累计预扣法: what breaks "continuously", the year, refunds and returns', () => {
  it('a month without income breaks the run: the deduction months start again, the year income stays', () => {
    // Oct 10 000 → 90; no Nov; Dec: 20 000 × 0.8 − 5 000 × 1 = 11 000 × 3% = 330 − 90 = 240
    expect(
      payAll([
        { month: '2026-10', yuan: 10_000 },
        { month: '2026-12', yuan: 10_000 },
      ]),
    ).toEqual([90, 240]);
    expect(continuousMonthsOf([{ month: '2026-10', income: 1, withheld: 0 }], '2026-12')).toBe(1);
    expect(
      continuousMonthsOf(
        [
          { month: '2026-10', income: 1, withheld: 0 },
          { month: '2026-11', income: 1, withheld: 0 },
        ],
        '2026-12',
      ),
    ).toBe(3);
  });

  it('a new tax year starts from nothing: December and January each withhold as a first month', () => {
    expect(
      payAll([
        { month: '2026-12', yuan: 10_000 },
        { month: '2027-01', yuan: 10_000 },
      ]),
    ).toEqual([90, 90]);
    expect(continuousMonthsOf([{ month: '2026-12', income: 1, withheld: 0 }], '2027-01')).toBe(1);
  });

  it('2025: the cumulative base starts in October; income before it kept the per-payment rule', () => {
    const september: PaidMonth[] = [{ month: '2025-09', income: 10_000 * Y, withheld: 1_600 * Y }];
    expect(cumulativeWithholding(september, '2025-10', 10_000 * Y)).toMatchObject({ continuousMonths: 1, tax: 90 * Y });
    expect(() => cumulativeWithholding([], '2025-09', 10_000 * Y)).toThrow(RangeError);
  });

  it('two payers are two bases: the same worker new at two entities withholds 90 at each', () => {
    const entityA = payAll([{ month: '2026-11', yuan: 10_000 }]);
    const entityB = payAll([{ month: '2026-11', yuan: 10_000 }]);
    // Together (one payer) it would be 20 000 × 0.8 − 5 000 = 11 000 × 3% = 330.
    expect([...entityA, ...entityB]).toEqual([90, 90]);
    expect(payAll([{ month: '2026-11', yuan: 20_000 }])).toEqual([330]);
  });

  it('a failed payment leaves the base: the next payment computes from what was actually paid', () => {
    // 10 000 withheld 90, then 5 000 withheld 120; the 10 000 fails and its 90 is given back.
    const after: PaidMonth[] = [{ month: '2026-10', income: 5_000 * Y, withheld: 120 * Y }];
    // November 10 000: 15 000 × 0.8 − 10 000 = 2 000 × 3% = 60; 60 − 120 < 0 → 0, never negative
    expect(cumulativeWithholding(after, '2026-11', 10_000 * Y)).toMatchObject({ cumulativeTax: 60 * Y, tax: 0 });
  });

  it('a month whose every payment was returned has no income: it breaks the run', () => {
    // Oct 10 000 (90); Nov 8 000 returned (out of the base); Dec 12 000: 22 000 × 0.8 − 5 000 = 12 600 × 3% = 378 − 90
    const history: PaidMonth[] = [{ month: '2026-10', income: 10_000 * Y, withheld: 90 * Y }];
    expect(cumulativeWithholding(history, '2026-12', 12_000 * Y).tax).toBe(288 * Y);
    // A month with income but a payment of nothing: nothing to withhold
    expect(cumulativeWithholding(history, '2026-11', 0).tax).toBe(0);
  });

  it('never negative: a small payment after a large one withholds 0', () => {
    expect(
      payAll([
        { month: '2026-10', yuan: 60_000 },
        { month: '2026-11', yuan: 100 },
      ]),
    ).toEqual([1_780, 0]);
  });

  it('whole fen, half up, rounded once per term', () => {
    // 6 250.63: 累计费用 1 250.126 → 1 250.13; taxable 0.50 × 3% = 0.015 → 0.02
    const lines = cumulativeWithholding([], '2026-01', 6_250 * Y + 6_300);
    expect(lines).toMatchObject({ cumulativeExpense: 1_250 * Y + 1_300, cumulativeTaxable: 5_000, tax: 200 });
  });

  it("the month's end lines: the formula over the month against what was withheld before it", () => {
    const history: PaidMonth[] = [
      { month: '2026-03', income: 10_000 * Y, withheld: 90 * Y },
      { month: '2026-04', income: 8_000 * Y, withheld: 42 * Y },
    ];
    expect(monthEndLines(history, '2026-04')).toMatchObject({
      cumulativeIncome: 18_000 * Y,
      continuousMonths: 2,
      cumulativeTax: 132 * Y,
      withheldBefore: 90 * Y,
      tax: 42 * Y,
    });
  });
});

/** The year-end formula written again here, in fen, from the notice's words (not from the code under test). */
function yearEndTaxFen(incomeFen: bigint, months: number): bigint {
  const halfUp = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);
  const expense = halfUp(incomeFen * 20n, 100n);
  let taxable = incomeFen - expense - 500_000n * BigInt(months);
  if (taxable < 0n) taxable = 0n;
  const table: [bigint, bigint, bigint][] = [
    [3_600_000n, 3n, 0n],
    [14_400_000n, 10n, 252_000n],
    [30_000_000n, 20n, 1_692_000n],
    [42_000_000n, 25n, 3_192_000n],
    [66_000_000n, 30n, 5_292_000n],
    [96_000_000n, 35n, 8_592_000n],
  ];
  const [, rate, quick] = table.find(([upTo]) => taxable <= upTo) ?? [0n, 45n, 18_192_000n];
  const tax = halfUp(taxable * rate - quick * 100n, 100n);
  return tax > 0n ? tax : 0n;
}

describe('累计预扣法: a year adds up (fast-check)', () => {
  const month = (index: number) => `2026-${String(index + 1).padStart(2, '0')}`;
  const paymentFen = fc.integer({ min: 1, max: 30_000_000 }); // 0.01 – 300 000.00 元

  it('every payment of a run of months ≥ 6 250 元 each: the withholdings add up to the year-end formula', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 11 }),
        fc.array(fc.array(fc.integer({ min: 625_000, max: 30_000_000 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 12,
        }),
        (first, months) => {
          const run = months.slice(0, 12 - first);
          let history: PaidMonth[] = [];
          let withheld = 0;
          let income = 0n;
          run.forEach((payments, offset) => {
            for (const fen of payments) {
              const lines = cumulativeWithholding(history, month(first + offset), fen * 100);
              expect(lines.tax).toBeGreaterThanOrEqual(0);
              expect(lines.tax % 100).toBe(0);
              history = withPayment(history, month(first + offset), fen * 100, lines.tax);
              withheld += lines.tax;
              income += BigInt(fen);
            }
          });
          expect(BigInt(withheld / 100)).toBe(yearEndTaxFen(income, run.length));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any payments and gaps: the year withholds the highest cumulative figure it reached, never below the year-end formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month: fc.integer({ min: 0, max: 11 }), fen: paymentFen }), {
          minLength: 1,
          maxLength: 25,
        }),
        (raw) => {
          const payments = [...raw].sort((a, b) => a.month - b.month);
          let history: PaidMonth[] = [];
          let highest = 0;
          for (const payment of payments) {
            const lines = cumulativeWithholding(history, month(payment.month), payment.fen * 100);
            expect(lines.tax).toBeGreaterThanOrEqual(0);
            highest = Math.max(highest, lines.cumulativeTax);
            history = withPayment(history, month(payment.month), payment.fen * 100, lines.tax);
          }
          const withheld = sumWithheld(history);
          expect(withheld).toBe(highest);
          const last = payments[payments.length - 1].month;
          const run = continuousMonthsOf(history, month(last));
          const income = payments.reduce((sum, payment) => sum + BigInt(payment.fen), 0n);
          expect(BigInt(withheld / 100)).toBeGreaterThanOrEqual(yearEndTaxFen(income, run));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('failures give back exactly their withholding: the base is what was actually paid and withheld', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month: fc.integer({ min: 0, max: 11 }), fen: paymentFen, fails: fc.boolean() }), {
          minLength: 1,
          maxLength: 25,
        }),
        (raw) => {
          const payments = [...raw].sort((a, b) => a.month - b.month);
          let history: PaidMonth[] = [];
          let kept = 0;
          for (const payment of payments) {
            const lines = cumulativeWithholding(history, month(payment.month), payment.fen * 100);
            expect(lines.withheldBefore).toBe(kept);
            if (payment.fails) continue;
            history = withPayment(history, month(payment.month), payment.fen * 100, lines.tax);
            kept += lines.tax;
          }
          expect(sumWithheld(history)).toBe(kept);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function sumWithheld(history: readonly PaidMonth[]): number {
  return history.reduce((sum, entry) => sum + entry.withheld, 0);
}

describe("VAT on the worker's behalf (公告2025年第16号, 2023年第19号, 2023年第12号)", () => {
  it('exempt up to 100 000 元 of monthly sales; 1% of the sales above, surcharges halved', () => {
    expect(workerVat(100_000 * Y)).toMatchObject({ exempt: true, vat: 0, surchargeTotal: 0 });
    // 101 000 ÷ 1.01 = 100 000: still exempt
    expect(workerVat(101_000 * Y)).toMatchObject({ sales: 100_000 * Y, exempt: true, vat: 0 });
    // 202 000 ÷ 1.01 = 200 000 × 1% = 2 000; 城建 7% ÷ 2 = 70, 教育 3% ÷ 2 = 30, 地方教育 2% ÷ 2 = 20
    expect(workerVat(202_000 * Y)).toMatchObject({
      sales: 200_000 * Y,
      exempt: false,
      ratePercent: 1,
      vat: 2_000 * Y,
      cityTax: 70 * Y,
      educationSurcharge: 30 * Y,
      localEducationSurcharge: 20 * Y,
      surchargeTotal: 120 * Y,
    });
  });

  it('the 12 months ending with a month', () => {
    expect(twelveMonthsEnding('2026-03')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });
});
