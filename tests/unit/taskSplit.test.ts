import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberAmounts, TASK_PRICING, taskTotal } from '../../src/domain/tasks';

/** A task's pay split per person: whole fen each, adding up to the task's total exactly. */
describe('memberAmounts', () => {
  it('splits 100.00 yuan among 3 as 33.34 + 33.33 + 33.33', () => {
    expect(memberAmounts(TASK_PRICING.total, null, 1_000_000, 3)).toEqual([333_400, 333_300, 333_300]);
  });

  it('gives each person the unit price', () => {
    expect(memberAmounts(TASK_PRICING.unit, 123_400, null, 2)).toEqual([123_400, 123_400]);
    expect(taskTotal(TASK_PRICING.unit, 123_400, null, 2)).toBe(246_800);
  });

  it('any total in fen, any headcount: whole fen each, the largest and smallest a fen apart at most, summing to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 500 }), (fen, count) => {
        const total = fen * 100;
        const amounts = memberAmounts(TASK_PRICING.total, null, total, count);
        expect(amounts).toHaveLength(count);
        expect(amounts.every((amount) => amount % 100 === 0)).toBe(true);
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(100);
      }),
    );
  });
});
