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

export function getSession(): Session | null {
  const token = getToken();
  const user = readJson<SessionUser | null>(KEYS.user, null);
  if (!token || !user) return null;
  return {
    token,
    user,
    platformMark: readJson<number>(KEYS.platformMark, 1),
    noticeNum: readJson<number>(KEYS.noticeNum, 0),
    switchCompany: readJson<boolean>(KEYS.switchCompany, true),
    deptIds: readJson<number[]>(KEYS.deptIds, []),
  };
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
