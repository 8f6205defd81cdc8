import { describe, expect, it } from 'vitest';
import { rangeText } from '../../../src/boot/firstPaintView';

describe('rangeText', () => {
  it('reads like react-admin’s Chinese pagination', () => {
    expect(rangeText(1, 25, 25, 1_000_000)).toBe('第 1-25 条，共 1000000 条');
    expect(rangeText(3, 10, 4, 24)).toBe('第 21-24 条，共 24 条');
  });
});
