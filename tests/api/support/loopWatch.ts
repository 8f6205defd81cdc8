import { readFileSync } from 'node:fs';

/**
 * Watches this process's event loop while work runs: a timer ticks every millisecond, and each gap between two
 * ticks is a stretch in which no request could have been read. A stretch is measured in the main thread's own CPU
 * time (Linux: /proc/self/task/<pid>/schedstat, nanoseconds on the CPU), not in wall time, so a loaded machine
 * that takes the core away does not lengthen it: what is left is the work the loop did without letting go.
 * Elsewhere the wall time stands in.
 */
export interface LoopFigures {
  /** Ticks seen: how many times the loop let other work in. */
  turns: number;
  /** The longest stretch, in ms of the main thread's CPU. */
  longestMs: number;
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function threadCpuMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return performance.now();
  }
}

export function watchLoop(): { stop(): LoopFigures } {
  let turns = 0;
  let longestMs = 0;
  let last = threadCpuMs();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = threadCpuMs();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    turns += 1;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      tick();
      clearTimeout(timer);
      return { turns, longestMs };
    },
  };
}
