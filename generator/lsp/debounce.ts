/**
 * Runs the check after the typing stops, for as long as a run takes: on a small spec almost at once, on a large
 * one after a pause as long as its last run (TypeSpec's server waits in the same spirit). Runs never overlap, and
 * a run an edit has overtaken is told so (`isCurrent`), so its findings are dropped rather than published late.
 */
export class AdaptiveDebounce {
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  /** The last few runs' durations, in ms; the wait is their median, within the bounds. */
  private readonly recent: number[] = [];

  constructor(
    private readonly run: (generation: number) => Promise<void>,
    private readonly bounds: { min: number; max: number } = { min: 5, max: 250 },
  ) {}

  /** An edit came: the runs asked for so far are stale, and one more runs after the wait. */
  schedule(): number {
    const generation = ++this.generation;
    clearTimeout(this.timer);
    this.waiting = true;
    this.timer = setTimeout(() => {
      this.waiting = false;
      this.running = this.running.then(() => this.timed(generation));
    }, this.wait());
    return generation;
  }

  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** The newest generation: what `schedule` last returned. */
  get current(): number {
    return this.generation;
  }

  /** Resolves once every run asked for so far has finished (for tests and shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.waiting) {
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      const running = this.running;
      await running;
      if (running === this.running && !this.waiting) return;
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.waiting = false;
  }

  /** Whether a run is set to start and has not yet. */
  private waiting = false;

  private wait(): number {
    const sorted = [...this.recent].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return Math.min(Math.max(Math.round(median), this.bounds.min), this.bounds.max);
  }

  private async timed(generation: number): Promise<void> {
    // A run overtaken before it started is not worth starting.
    if (!this.isCurrent(generation)) return;
    const started = performance.now();
    try {
      await this.run(generation);
    } finally {
      this.recent.push(performance.now() - started);
      if (this.recent.length > 5) this.recent.shift();
    }
  }
}
