/**
 * Long work shares the event loop. A loop that awaits only SQLite queries (better-sqlite3 answers synchronously)
 * or in-process `inject` calls never leaves the microtask queue, so no request is read until the loop ends. Such
 * work calls `shareTurn()` between chunks: when the loop has been held longer than a slice, it waits one turn
 * (setImmediate), in which the poll phase reads and answers waiting requests. `yieldTurn()` always waits a turn.
 */

/** How long a stretch of work may hold the loop before it lets requests in. */
export const TURN_SLICE_MS = 15;

let lastTurn = performance.now();
let marking = false;

function markTurn(): void {
  lastTurn = performance.now();
  marking = false;
}

/** Waits one turn of the event loop: requests that arrived meanwhile are read and answered first. */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Whether the loop has been held longer than a slice. An immediate scheduled on the first call of a stretch
 * marks the next turn; while the loop is held it cannot run, so the mark stays old and the stretch shows.
 */
export function heldTooLong(): boolean {
  if (!marking) {
    marking = true;
    setImmediate(markTurn);
  }
  return performance.now() - lastTurn > TURN_SLICE_MS;
}

/** Waits a turn when the loop has been held longer than a slice; otherwise answers at once (no turn, no cost). */
export function shareTurn(): Promise<void> | undefined {
  return heldTooLong() ? yieldTurn() : undefined;
}
