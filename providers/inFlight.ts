/** Counts requests in flight so the loading mask shows while any is running (spec §9). */
type Listener = (count: number) => void;
let count = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(count);
}

export function requestStarted(): void {
  count += 1;
  emit();
}

export function requestFinished(): void {
  count = Math.max(0, count - 1);
  emit();
}

export function inFlightCount(): number {
  return count;
}

export function subscribeInFlight(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
