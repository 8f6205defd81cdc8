import type { SessionUser } from '../../../src/domain/permissions';
import type { LoginContent } from '../../../src/domain/session';

/** A small in-memory Storage, enough for sessionStore. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.has(key) ? (this.items.get(key) as string) : null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** A JSON response in the API's envelope. */
export function envelope(code: number, content: unknown = null, message = '', status = 200): Response {
  return new Response(JSON.stringify({ code, message, content }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function ok(content: unknown = null): Response {
  return envelope(1020000, content, '操作成功');
}

/** An unsigned JWT-shaped token whose payload carries `exp` (seconds). */
export function fakeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: '1', exp: expSeconds, ...extra })}.`;
}

export function makeUser(rid: number, authorities: readonly string[], id = 100 + rid): SessionUser {
  return {
    id,
    username: `user${rid}`,
    mobile: '13800000000',
    createTime: '2024-01-01 00:00:00',
    isChange: false,
    authorities: authorities.map((authority) => ({ authority })),
    properties: { cid: rid === 2 ? 7 : null, ctyp: null, rid, cnam: `公司${rid}`, subid: null },
  };
}

export function loginContent(user: SessionUser, token = 'header.payload.sig'): LoginContent {
  return {
    token,
    user,
    platform_mark: 1,
    noticeNum: 0,
    notInvoiceStatus: false,
    switchCompany: true,
    deptIds: [],
    serviceCharge: [],
  };
}

/** The first argument of each fetch call, as a URL string. */
export function calledUrls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map((call) => String(call[0]));
}
