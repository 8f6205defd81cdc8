import { describe, expect, it } from 'vitest';
import { rangeText, rowsThatFit } from '../../../src/boot/firstPaintView';

describe('rangeText', () => {
  it('reads like react-admin’s Chinese pagination', () => {
    expect(rangeText(1, 25, 25, 1_000_000)).toBe('第 1-25 条，共 1000000 条');
    expect(rangeText(3, 10, 4, 24)).toBe('第 21-24 条，共 24 条');
  });
});

describe('rowsThatFit', () => {
  it('draws enough rows of the 33 px small table to fill the window below the bar and head, and not many more', () => {
    for (const height of [480, 720, 900, 1080, 1440]) {
      const rows = rowsThatFit(height);
      // bar 48 px + the picture's top padding 16 px + head 38 px, then rows of 33 px
      expect(48 + 16 + 38 + rows * 33).toBeGreaterThanOrEqual(height);
      expect(rows).toBeLessThan(height / 33 + 2);
    }
    expect(rowsThatFit(10)).toBe(1);
  });
});
