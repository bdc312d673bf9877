// A bound on how many of one kind of expensive work run at once in this process, with a short
// queue; work beyond the queue is refused at once, so a flood costs the flooder, not everyone.

export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most that ever ran at once (reported by tests). */
  peak = 0;

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs `work` when a slot is free; undefined (without running it) when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return { value: await work() };
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer in.
      if (next) next();
      else this.running -= 1;
    }
  }
}
