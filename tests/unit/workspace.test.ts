import { describe, expect, it } from 'vitest';
import { visibleRange } from '../../src/components/VirtualList';
import { canSwitchCompany } from '../../src/domain/editions';

describe('visibleRange', () => {
  it('renders only the rows in view plus the overscan', () => {
    expect(visibleRange(0, 480, 48, 10_000, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(48 * 5000, 480, 48, 10_000, 5)).toEqual({ start: 4995, end: 5015 });
    expect(visibleRange(48 * 9995, 480, 48, 10_000, 5)).toEqual({ start: 9990, end: 10_000 });
    expect(visibleRange(0, 0, 48, 0, 5)).toEqual({ start: 0, end: 0 });
  });
});

describe('canSwitchCompany', () => {
  const user = (isChange: boolean) => ({ isChange });
  it('needs isChange and the small-scale edition (mark 3)', () => {
    expect(canSwitchCompany({ user: user(true), platformMark: 3 })).toBe(true);
    expect(canSwitchCompany({ user: user(true), platformMark: 1 })).toBe(false);
    expect(canSwitchCompany({ user: user(false), platformMark: 3 })).toBe(false);
    expect(canSwitchCompany(null)).toBe(false);
  });
});
