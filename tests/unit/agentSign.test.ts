import { describe, expect, it } from 'vitest';
import { agentSignFlag } from '../../src/domain/agentSign';

// Spec §4: "Agent sign flag is true when any item has isCheck above 0."
describe('agentSignFlag', () => {
  it('is true when any item has isCheck above 0', () => {
    expect(agentSignFlag([{ isCheck: 0 }, { isCheck: 1 }])).toBe(true);
    expect(agentSignFlag([{ isCheck: 2 }])).toBe(true);
  });

  it('is false when no item has isCheck above 0, or there are no items', () => {
    expect(agentSignFlag([{ isCheck: 0 }, { isCheck: 0 }])).toBe(false);
    expect(agentSignFlag([{ isCheck: -1 }, {}, { isCheck: null }])).toBe(false);
    expect(agentSignFlag([])).toBe(false);
    expect(agentSignFlag(undefined)).toBe(false);
  });
});
