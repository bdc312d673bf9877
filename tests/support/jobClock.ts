// A clock for the server's periodic jobs (server/platform/jobClock.ts) that a test moves itself:
// `advance` fires each tick that falls due, in time order, and waits for the round it started
// before the next, so a test reads the rows once the rounds it asked for have ended, however slow
// the machine, and never waits for time to pass.
import type { JobClock } from '../../server/platform/jobClock';

export interface ManualClock extends JobClock {
  /** Moves the clock on by `ms`; resolves when every round started on the way has ended. */
  advance(ms: number): Promise<void>;
  /** How many timers are set on it (stopped ones are gone). */
  timers(): number;
}

export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  const timers = new Set<{ due: number; everyMs: number; tick: () => Promise<void> }>();
  return {
    every(everyMs, tick) {
      const timer = { due: now + everyMs, everyMs, tick };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    now: () => now,
    timers: () => timers.size,
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: { due: number; everyMs: number; tick: () => Promise<void> } | undefined;
        for (const timer of timers) if (timer.due <= end && (!next || timer.due < next.due)) next = timer;
        if (!next) break;
        now = next.due;
        next.due += next.everyMs;
        await next.tick();
      }
      now = end;
    },
  };
}
