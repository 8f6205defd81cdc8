/**
 * A GET the boot script (src/boot/firstPaint.ts) started before the app had loaded. The app's first call
 * to the same URL takes it instead of asking the server again; anyone else asks normally.
 */
interface EarlyResponse {
  url: string;
  startedAt: number;
  response: Promise<Response>;
}

type EarlyWindow = { __lgEarlyResponse?: EarlyResponse };

/** Older than this, an answer is not "the current page" any more. */
const MAX_AGE_MS = 15_000;

export function publishEarlyResponse(url: string, response: Promise<Response>): void {
  (window as EarlyWindow).__lgEarlyResponse = { url, startedAt: Date.now(), response };
}

/** The early answer for exactly this URL, once; undefined when there is none (or it is stale). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as EarlyWindow).__lgEarlyResponse;
  if (!early || early.url !== url) return undefined;
  (window as EarlyWindow).__lgEarlyResponse = undefined;
  return Date.now() - early.startedAt <= MAX_AGE_MS ? early.response : undefined;
}
