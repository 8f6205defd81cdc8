import { describe, expect, it } from 'vitest';
import { MIN_ACTION_ROW_HEIGHT, rangeText, rowsThatFit } from '../../../src/boot/firstPaintView';

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

describe('rowsThatFit with action buttons', () => {
  it('draws fewer rows when each holds small buttons (about 44 px), still filling the window', () => {
    for (const height of [480, 720, 900, 1080, 1440]) {
      const rows = rowsThatFit(height, MIN_ACTION_ROW_HEIGHT);
      // a small button is 13 px × 1.75 + 2 × 4 px high; the cell adds 6 + 6 px and its border
      const rowHeight = 13 * 1.75 + 8 + 12 + 1;
      expect(48 + 16 + 38 + rows * rowHeight).toBeGreaterThanOrEqual(height);
      expect(rows).toBeLessThan(rowsThatFit(height));
      expect(48 + 16 + 38 + rows * rowHeight).toBeLessThan(height * 1.3);
    }
  });
});
