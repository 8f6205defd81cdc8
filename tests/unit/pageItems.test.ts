import { describe, expect, it } from 'vitest';
import { pageItems } from '../../resources/generator/pageItems';

describe('page buttons of a list footer (first, last, the current page and one either side)', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [7, 10, [1, 'gap', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'gap', 6, 7, 8, 9, 10]],
    [50_000, 100_000, [1, 'gap', 49_999, 50_000, 50_001, 'gap', 100_000]],
  ])('page %i of %i', (page, total, expected) => {
    expect(pageItems(page, total)).toEqual(expected);
  });

  it('a gap always stands for two pages or more', () => {
    for (let total = 1; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const items = pageItems(page, total);
        items.forEach((item, index) => {
          if (item !== 'gap') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before, `page ${page} of ${total}: ${items.join(' ')}`).toBeGreaterThan(2);
        });
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
      }
    }
  });
});
