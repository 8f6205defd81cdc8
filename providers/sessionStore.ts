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

function readJson<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(KEYS.token) ?? null;
}

/** The raw stored values the last session was parsed from, and that session. */
let parsed: { raw: (string | null)[]; session: Session | null } | null = null;

/**
 * The session in session storage. Every auth query of every render asks for it (react-admin's canAccess and
 * permissions, issue 18): the stored text is read each time, so a login, a refresh or a logout in any tab of
 * this session is seen at once, but parsed only when it changed. The answer is frozen, being shared.
 */
export function getSession(): Session | null {
  const store = storage();
  const raw = Object.values(KEYS).map((key) => store?.getItem(key) ?? null);
  if (parsed && raw.every((value, index) => value === parsed?.raw[index])) return parsed.session;
  parsed = { raw, session: parseSession() };
  return parsed.session;
}

function parseSession(): Session | null {
  const token = getToken();
  const user = readJson<SessionUser | null>(KEYS.user, null);
  if (!token || !user) return null;
  return deepFreeze({
    token,
    user,
    platformMark: readJson<number>(KEYS.platformMark, 1),
    noticeNum: readJson<number>(KEYS.noticeNum, 0),
    switchCompany: readJson<boolean>(KEYS.switchCompany, true),
    deptIds: readJson<number[]>(KEYS.deptIds, []),
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

export function saveLoginContent(content: LoginContent): void {
  const store = storage();
  if (!store) return;
  store.setItem(KEYS.token, content.token);
  store.setItem(KEYS.user, JSON.stringify(content.user));
  store.setItem(KEYS.platformMark, JSON.stringify(content.platform_mark));
  store.setItem(KEYS.noticeNum, JSON.stringify(content.noticeNum));
  store.setItem(KEYS.switchCompany, JSON.stringify(content.switchCompany));
  store.setItem(KEYS.deptIds, JSON.stringify(content.deptIds));
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
