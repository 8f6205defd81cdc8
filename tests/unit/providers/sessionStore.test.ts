import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveLoginContent, saveNoticeNum, saveToken } from '../../../providers/sessionStore';
import { tokenRemainingMs } from '../../../src/domain/session';
import { fakeJwt, loginContent, MemoryStorage, makeUser } from './helpers';

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getSession', () => {
  it('parses the stored session once while it stays the same, and hands out a frozen answer', () => {
    saveLoginContent(loginContent(makeUser(1, ['UI_COMPANY_MGR']), 'a.b.c'));
    const parse = vi.spyOn(JSON, 'parse');
    const first = getSession();
    const second = getSession();
    expect(second).toBe(first);
    // The first call may parse (another test's session was the last one parsed); the second parses nothing.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(5);
    parse.mockClear();
    getSession();
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    if (!first) throw new Error('expected a session');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.user.authorities)).toBe(true);
    expect(() => {
      (first.user.authorities as { authority: string }[]).push({ authority: 'UI_ROLE_MGR' });
    }).toThrow(TypeError);
    expect(getSession()?.user.authorities.map((item) => item.authority)).toEqual(['UI_COMPANY_MGR']);
  });

  it('sees every change to the stored values at the next call', () => {
    saveLoginContent(loginContent(makeUser(1, ['UI_COMPANY_MGR']), 'a.b.c'));
    expect(getSession()?.token).toBe('a.b.c');
    saveToken('d.e.f');
    expect(getSession()?.token).toBe('d.e.f');
    saveNoticeNum(7);
    expect(getSession()?.noticeNum).toBe(7);
    // Written by something other than sessionStore (another copy of the app in this tab's session).
    sessionStorage.setItem('user', JSON.stringify(makeUser(5, ['UI_FINANCE'])));
    expect(getSession()?.user.properties.rid).toBe(5);
    sessionStorage.setItem('deptIds', JSON.stringify([3, 4]));
    expect(getSession()?.deptIds).toEqual([3, 4]);
    clearSession();
    expect(getSession()).toBeNull();
  });

  it('a new storage with other values is read anew', () => {
    saveLoginContent(loginContent(makeUser(1, []), 'a.b.c'));
    expect(getSession()?.user.properties.rid).toBe(1);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    expect(getSession()).toBeNull();
    saveLoginContent(loginContent(makeUser(2, []), 'a.b.c'));
    expect(getSession()?.user.properties.rid).toBe(2);
  });
});

describe('tokenRemainingMs', () => {
  it("reads each token's own expiry when the token changes", () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const soon = fakeJwt(now / 1000 + 60);
    const later = fakeJwt(now / 1000 + 3600);
    expect(tokenRemainingMs(soon, now)).toBe(60_000);
    expect(tokenRemainingMs(soon, now)).toBe(60_000);
    expect(tokenRemainingMs(later, now)).toBe(3_600_000);
    expect(tokenRemainingMs(soon, now + 30_000)).toBe(30_000);
    expect(tokenRemainingMs('not-a-token', now)).toBe(0);
  });
});
