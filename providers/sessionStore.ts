import type { SessionUser } from '../src/domain/permissions';
import type { LoginContent } from '../src/domain/session';

/** Session storage keys (spec §3: token, user, platform mark, notice count, switch company, dept ids). */
const KEYS = {
  token: 'token',
  user: 'user',
  platformMark: 'platformMark',
  noticeNum: 'noticeNum',
  switchCompany: 'switchCompany',
  deptIds: 'deptIds',
} as const;

export interface Session {
  token: string;
  user: SessionUser;
  platformMark: number;
  noticeNum: number;
  switchCompany: boolean;
  deptIds: number[];
}

function storage(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

function parseJson<T>(raw: string | null | undefined, fallback: T): T {
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function readJson<T>(key: string, fallback: T): T {
  return parseJson(storage()?.getItem(key), fallback);
}

export function getToken(): string | null {
  return storage()?.getItem(KEYS.token) ?? null;
}

/** The stored values a session is made of, in this order. */
const SESSION_KEYS = [
  KEYS.token,
  KEYS.user,
  KEYS.platformMark,
  KEYS.noticeNum,
  KEYS.switchCompany,
  KEYS.deptIds,
] as const;

/** The stored text of each of SESSION_KEYS. */
type StoredSession = (string | null)[];

/** The stored text the last session was parsed from, and that session. */
let parsed: { raw: StoredSession; session: Session | null } | null = null;

/**
 * The session in session storage. Every auth query of every render asks for it (react-admin's canAccess and
 * permissions): the stored text is read each time, so a login, a refresh or a logout in any tab of
 * this session is seen at once, but parsed only when it changed. The answer is frozen, being shared.
 */
export function getSession(): Session | null {
  const store = storage();
  const raw = SESSION_KEYS.map((key) => store?.getItem(key) ?? null);
  if (parsed?.raw.every((value, index) => value === raw[index])) return parsed.session;
  parsed = { raw, session: parseSession(raw) };
  return parsed.session;
}

function parseSession([token, user, platformMark, noticeNum, switchCompany, deptIds]: StoredSession): Session | null {
  const parsedUser = parseJson<SessionUser | null>(user, null);
  if (!token || !parsedUser) return null;
  return deepFreeze({
    token,
    user: parsedUser,
    platformMark: parseJson<number>(platformMark, 1),
    noticeNum: parseJson<number>(noticeNum, 0),
    switchCompany: parseJson<boolean>(switchCompany, true),
    deptIds: parseJson<number[]>(deptIds, []),
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The platform mark of the session, or of the login tab before anyone logged in. */
export function getPlatformMark(): number {
  return readJson<number>(KEYS.platformMark, 1);
}

export function setPlatformMark(mark: number): void {
  storage()?.setItem(KEYS.platformMark, JSON.stringify(mark));
}

/** The stored text of a login answer's session, key by key (the e2e tests restore a session from it too). */
export function loginSessionEntries(content: LoginContent): Record<string, string> {
  return {
    [KEYS.token]: content.token,
    [KEYS.user]: JSON.stringify(content.user),
    [KEYS.platformMark]: JSON.stringify(content.platform_mark),
    [KEYS.noticeNum]: JSON.stringify(content.noticeNum),
    [KEYS.switchCompany]: JSON.stringify(content.switchCompany),
    [KEYS.deptIds]: JSON.stringify(content.deptIds),
  };
}

export function saveLoginContent(content: LoginContent): void {
  const store = storage();
  if (!store) return;
  for (const [key, value] of Object.entries(loginSessionEntries(content))) store.setItem(key, value);
}

export function saveToken(token: string): void {
  storage()?.setItem(KEYS.token, token);
}

export function saveNoticeNum(count: number): void {
  storage()?.setItem(KEYS.noticeNum, JSON.stringify(count));
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(KEYS)) {
    if (key !== KEYS.platformMark) store.removeItem(key);
  }
}
