import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canSwitchCompanyEdition,
  editionLabel,
  isSmallScale,
  PLATFORM_MARK,
  parsePlatformMark,
  productTitle,
} from '../../src/domain/editions';
import { ROLE, roleLabel } from '../../src/domain/roles';
import { decodeTokenPayload, TIMING, tokenRemainingMs } from '../../src/domain/session';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A real HS256 JWT: header.payload.signature, each part base64url without padding. */
function signJwt(payload: Record<string, unknown>, secret = 'test-secret'): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** A payload whose base64url text contains both '-' and '_' (found deterministically). */
function payloadWithUrlSafeChars(): { payload: Record<string, unknown>; token: string } {
  for (let nonce = 0; nonce < 100_000; nonce++) {
    const payload = { sub: '42', name: '张三', cnam: '上海某某科技有限公司', exp: 1_700_000_600, nonce: `${nonce}?>~` };
    const token = signJwt(payload);
    const body = token.split('.')[1];
    if (body.includes('-') && body.includes('_') && body.length % 4 !== 0) return { payload, token };
  }
  throw new Error('no payload found');
}

describe('decodeTokenPayload', () => {
  it('reads the payload of a real HS256 JWT with base64url "-" and "_" and Chinese text', () => {
    const { payload, token } = payloadWithUrlSafeChars();
    const body = token.split('.')[1];
    // the test really exercises the url-safe alphabet and missing padding
    expect(body).toMatch(/-/);
    expect(body).toMatch(/_/);
    expect(body).not.toMatch(/[+/=]/);
    expect(decodeTokenPayload(token)).toEqual(payload);
    expect(decodeTokenPayload(token)?.name).toBe('张三');
  });

  it('reads payloads of every padding length', () => {
    for (const name of ['a', 'ab', 'abc', '甲', '甲乙']) {
      const payload = { name, exp: 1 };
      expect(decodeTokenPayload(signJwt(payload)), name).toEqual(payload);
    }
  });

  it('returns null for garbage', () => {
    for (const token of [
      '',
      'garbage',
      'only-one-part.',
      'a.b.c',
      'a.!!!.c',
      `a.${base64url('not json')}.c`,
      `a.${base64url('{"exp":')}.c`,
      'a.%%%.c',
    ]) {
      expect(decodeTokenPayload(token), token).toBeNull();
    }
  });
});

describe('tokenRemainingMs', () => {
  const now = 1_700_000_000_000;

  it('returns the milliseconds until exp', () => {
    expect(tokenRemainingMs(signJwt({ exp: now / 1000 + 600 }), now)).toBe(600_000);
    expect(tokenRemainingMs(signJwt({ exp: now / 1000 + 3600 }), now)).toBe(3_600_000);
    expect(tokenRemainingMs(signJwt({ exp: now / 1000 + 1 }), now + 250)).toBe(750);
  });

  it('is 0 once expired', () => {
    expect(tokenRemainingMs(signJwt({ exp: now / 1000 }), now)).toBe(0);
    expect(tokenRemainingMs(signJwt({ exp: now / 1000 - 60 }), now)).toBe(0);
  });

  it('is 0 when the token is missing or unreadable or has no numeric exp', () => {
    expect(tokenRemainingMs(null, now)).toBe(0);
    expect(tokenRemainingMs(undefined, now)).toBe(0);
    expect(tokenRemainingMs('', now)).toBe(0);
    expect(tokenRemainingMs('garbage', now)).toBe(0);
    expect(tokenRemainingMs(signJwt({ sub: '1' }), now)).toBe(0);
    expect(tokenRemainingMs(signJwt({ exp: String(now / 1000 + 600) }), now)).toBe(0);
  });

  it('crosses the refresh threshold of 10 minutes', () => {
    expect(TIMING.refreshWhenRemainingMs).toBe(600_000);
    expect(TIMING.tokenCheckIntervalMs).toBe(60_000);
    const token = signJwt({ exp: now / 1000 + 601 });
    expect(tokenRemainingMs(token, now)).toBeGreaterThan(TIMING.refreshWhenRemainingMs);
    expect(tokenRemainingMs(token, now + 1000)).toBeLessThanOrEqual(TIMING.refreshWhenRemainingMs);
  });

  it('defaults now to the current time', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const remaining = tokenRemainingMs(signJwt({ exp }));
    expect(remaining).toBeGreaterThan(3_590_000);
    expect(remaining).toBeLessThanOrEqual(3_600_000);
  });
});

describe('editions', () => {
  it('marks: 1 standard, 3 small-scale', () => {
    expect(PLATFORM_MARK).toEqual({ standard: 1, smallScale: 3 });
  });

  it('productTitle adds （小规模） for every mark but 1', () => {
    expect(productTitle(1)).toBe('灵工结算平台');
    expect(productTitle(3)).toBe('灵工结算平台（小规模）');
    expect(productTitle(2)).toBe('灵工结算平台（小规模）');
    expect(productTitle(0)).toBe('灵工结算平台（小规模）');
  });

  it('isSmallScale and editionLabel follow the same rule', () => {
    expect(isSmallScale(1)).toBe(false);
    expect(isSmallScale(3)).toBe(true);
    expect(isSmallScale(2)).toBe(true);
    expect(editionLabel(1)).toBe('标准版');
    expect(editionLabel(3)).toBe('小规模版');
  });

  it('only mark 3 may switch companies', () => {
    expect(canSwitchCompanyEdition(3)).toBe(true);
    for (const mark of [1, 2, 0, 4, undefined]) expect(canSwitchCompanyEdition(mark), String(mark)).toBe(false);
  });

  it('parsePlatformMark reads 3 from a number or text and falls back to 1', () => {
    expect(parsePlatformMark(3)).toBe(3);
    expect(parsePlatformMark('3')).toBe(3);
    expect(parsePlatformMark(1)).toBe(1);
    expect(parsePlatformMark('1')).toBe(1);
    expect(parsePlatformMark(undefined)).toBe(1);
    expect(parsePlatformMark(null)).toBe(1);
    expect(parsePlatformMark('')).toBe(1);
    expect(parsePlatformMark('abc')).toBe(1);
  });
});

describe('roleLabel', () => {
  it('labels the staff roles', () => {
    expect(roleLabel(1)).toBe('管理员');
    expect(roleLabel(3)).toBe('客服');
    expect(roleLabel(4)).toBe('合伙人');
    expect(roleLabel(5)).toBe('财务');
  });

  it('gives merchants, unknown roles and no role an empty label', () => {
    expect(roleLabel(2)).toBe('');
    expect(roleLabel(ROLE.merchant)).toBe('');
    expect(roleLabel(11)).toBe('');
    expect(roleLabel(undefined)).toBe('');
  });

  it('role ids match the spec', () => {
    expect(ROLE).toEqual({ admin: 1, merchant: 2, service: 3, partner: 4, finance: 5 });
  });
});
