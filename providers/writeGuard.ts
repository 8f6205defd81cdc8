import { TIMING } from '../src/domain/session';

/**
 * The double-click guard (spec §9: prevent-double-click 3000 ms) for every submitting button at once: every write
 * the app sends passes through httpClient's `request`, so the guard lives there rather than in each button. A
 * write identical to one sent less than 3 s ago (same method, address and body) is not sent again: the second
 * caller gets the first call's answer. Reads and background calls are never held back.
 */
const recent = new Map<string, { at: number; answer: Promise<unknown> }>();

function bodyKey(json: unknown, form: Record<string, unknown> | undefined, body: FormData | undefined): string {
  if (body) {
    return [...body.entries()]
      .map(([name, value]) =>
        typeof value === 'string' ? `${name}=${value}` : `${name}=file:${value.name}:${value.size}`,
      )
      .join('&');
  }
  return JSON.stringify(json ?? form ?? null);
}

export interface GuardedWrite {
  method: string;
  url: string;
  json?: unknown;
  form?: Record<string, unknown>;
  body?: FormData;
}

/** `send()` unless the same write went out less than `ms` ago, in which case that write's answer. */
export function guardWrite<T>(write: GuardedWrite, send: () => Promise<T>, ms: number = TIMING.doubleClickGuardMs) {
  const now = Date.now();
  for (const [key, entry] of recent) if (now - entry.at >= ms) recent.delete(key);
  const key = `${write.method} ${write.url} ${bodyKey(write.json, write.form, write.body)}`;
  const previous = recent.get(key);
  if (previous) return previous.answer as Promise<T>;
  const answer = send();
  recent.set(key, { at: now, answer });
  // A write that failed (the network, a 503 while the database is away) may be tried again at once.
  answer.catch(() => {
    if (recent.get(key)?.answer === answer) recent.delete(key);
  });
  return answer;
}

/** Forgets every write (a test's fresh start; a logout). */
export function resetWriteGuard(): void {
  recent.clear();
}
