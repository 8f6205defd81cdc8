import { describe, expect, it } from 'vitest';
import { compactYuan, evenTicks } from '../../src/pages/statistics/chartLabels';

/** The step between two ticks is 1, 2, 2.5 or 5 × 10ⁿ, and every tick is a whole multiple of it. */
function isNiceStep(step: number): boolean {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 2.5, 5, 10].some((factor) => Math.abs(step / power - factor) < 1e-9);
}

describe('even chart ticks', () => {
  it('reads 0 5000 1万 1.5万 2万 for a flow that peaks near 2万 (not 1万 1.2万 1.6万 2万)', () => {
    const { ticks, min, max } = evenTicks([10_200, 13_000, 19_500]);
    expect(ticks.map(compactYuan)).toEqual(['0', '5000', '1万', '1.5万', '2万']);
    expect([min, max]).toEqual([0, 20_000]);
  });

  it('picks 2.5 × 10ⁿ steps where they fit best', () => {
    expect(evenTicks([96]).ticks).toEqual([0, 25, 50, 75, 100]);
    expect(evenTicks([7_300_000]).ticks).toEqual([0, 2_000_000, 4_000_000, 6_000_000, 8_000_000]);
  });

  it('keeps the steps even across negative values, decimals and an empty chart', () => {
    expect(evenTicks([-300, 800]).ticks).toEqual([-500, 0, 500, 1000]);
    expect(evenTicks([0.37]).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(evenTicks([]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('always has equal, nice steps, at most five ticks, and covers every value', () => {
    for (let peak = 1; peak < 5e9; peak *= 1.37) {
      const { ticks, min, max } = evenTicks([peak * 0.3, peak]);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(min).toBeLessThanOrEqual(0);
      expect(max).toBeGreaterThanOrEqual(peak);
      const step = ticks[1] - ticks[0];
      expect(isNiceStep(step), `step ${step} for peak ${peak}`).toBe(true);
      for (let index = 1; index < ticks.length; index += 1) {
        expect(Math.abs(ticks[index] - ticks[index - 1] - step)).toBeLessThan(step * 1e-9);
      }
    }
  });
});
