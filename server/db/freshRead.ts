/**
 * One read shared by the callers that wait at the same time, none of them given an answer older than its call:
 * a caller gets the result of a read that started after it called. While a read is in flight, the callers that
 * come meanwhile share the one read that starts when it ends. So at most one read is in flight (on PostgreSQL:
 * one statement per round trip instead of one per request), and a change committed before a caller called is
 * always in its answer, as if it had read alone. A failed read fails the callers that shared it.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const current = read();
    running = current;
    const settled = () => {
      if (running === current) running = null;
    };
    current.then(settled, settled);
    return current;
  };
  const ignore = () => undefined;
  return () => {
    if (running === null) return start();
    queued ??= running.then(ignore, ignore).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
