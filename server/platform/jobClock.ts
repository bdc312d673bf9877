/**
 * The clock the periodic jobs (waiting-list sweep, payment reconciliation, notification worker)
 * run on. The server runs them on the real one; a test hands in its own and moves it, each round
 * it starts awaited, instead of waiting for minutes to pass on a machine that may be slow.
 */
export interface JobClock {
  /**
   * Calls `tick` every `everyMs` until the returned function is called. The promise `tick` returns
   * is the round it started: the real clock lets it run, a test's clock can wait for it.
   */
  every(everyMs: number, tick: () => Promise<void>): () => void;
  /** Milliseconds since the epoch, as Date.now. */
  now(): number;
}

export const realClock: JobClock = {
  every(everyMs, tick) {
    const timer = setInterval(() => void tick(), everyMs);
    // A job's timer never keeps the process alive on its own.
    timer.unref();
    return () => clearInterval(timer);
  },
  now: () => Date.now(),
};

/**
 * Runs `round` on `clock` every `everyMs`, one round at a time: a tick while a round is under way
 * starts none. A round's failure goes to `failed` and the next tick tries again. With
 * `immediately`, the first round starts now rather than after the first interval. The function
 * returned stops it: `stopped` turns true for the round under way, no other starts, and it
 * resolves when that round has ended (so the database is not closed under it).
 */
export function repeatRounds(
  clock: JobClock,
  everyMs: number,
  round: (stopped: () => boolean) => Promise<void>,
  failed: (error: unknown) => void,
  options: { immediately?: boolean } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) return running;
    running = round(() => stopped)
      .catch(failed)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const cancel = clock.every(everyMs, tick);
  // Started on the next turn, as a tick is: the caller finishes its own set-up first.
  if (options.immediately) setImmediate(() => void tick());
  return async () => {
    stopped = true;
    cancel();
    await running;
  };
}
