/**
 * A GET started before the code that needs it asked: by the boot script (src/boot/firstPaint.ts) before the app
 * had loaded, or by a menu click for the list it opens (src/layout/prefetchList.ts). The app's first call to the
 * same URL takes it instead of asking the server again; anyone else asks normally.
 */
interface EarlyResponse {
  url: string;
  startedAt: number;
  /** Absent in an answer published by an older boot script. */
  maxAgeMs?: number;
  response: Promise<Response>;
}

type EarlyWindow = { __lgEarlyResponse?: EarlyResponse };

/** Older than this, an answer is not "the current page" any more. */
const MAX_AGE_MS = 15_000;

export function publishEarlyResponse(url: string, response: Promise<Response>, maxAgeMs = MAX_AGE_MS): void {
  (window as EarlyWindow).__lgEarlyResponse = { url, startedAt: Date.now(), maxAgeMs, response };
}

/** The fresh early answer for exactly this URL, left for whoever takes it (the first paint reads a clone). */
export function peekEarlyResponse(url: string): Promise<Response> | undefined {
  return hasEarlyResponse(url) ? (window as EarlyWindow).__lgEarlyResponse?.response : undefined;
}

/** Whether a fresh early answer for exactly this URL is waiting to be taken. */
export function hasEarlyResponse(url: string): boolean {
  const early = typeof window === 'undefined' ? undefined : (window as EarlyWindow).__lgEarlyResponse;
  return !!early && early.url === url && Date.now() - early.startedAt <= (early.maxAgeMs ?? MAX_AGE_MS);
}

/**
 * Whether the early answer for exactly this URL has arrived, waiting for it at most `ms`: the app's start
 * (src/admin/initialList.ts) takes it before the first render only when it is there, never holding the page for
 * a slow server.
 */
export async function earlyResponseArrives(url: string, ms: number): Promise<boolean> {
  if (!hasEarlyResponse(url)) return false;
  const early = (window as EarlyWindow).__lgEarlyResponse as EarlyResponse;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([early.response.then(() => true).catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The early answer for exactly this URL, once; undefined when there is none (or it is stale). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as EarlyWindow).__lgEarlyResponse;
  if (!early || early.url !== url) return undefined;
  (window as EarlyWindow).__lgEarlyResponse = undefined;
  return Date.now() - early.startedAt <= (early.maxAgeMs ?? MAX_AGE_MS) ? early.response : undefined;
}
