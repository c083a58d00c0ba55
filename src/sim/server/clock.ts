// The server owns time: a block timer (one engine.advanceBlock per blockMs) and a flow driver that
// runs engine.flowStep at a target rate. setInterval cannot fire thousands of times a second, so the
// driver ticks every few ms and runs as many steps as are due, capped so a stall never snowballs.

export class BlockTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly blockMs: number,
    private readonly onBlock: () => void,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer || this.blockMs <= 0) return;
    this.timer = setInterval(this.onBlock, this.blockMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

const FLOW_TICK_MS = 5;
/**
 * At most 100 ms worth of steps (and at least 200) per tick: a tick delayed by scheduler jitter
 * catches up, but a process that really falls behind slows the flow down instead of bursting.
 */
const CATCH_UP_MS = 100;
const MIN_STEPS_CAP = 200;

export class FlowDriver {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private due = 0;
  /** Steps actually run (for benchmarks). */
  steps = 0;
  /** Steps skipped because a tick had more due than the cap (the process could not keep up). */
  shed = 0;

  constructor(
    private readonly stepsPerSec: number,
    private readonly onStep: () => void,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer || this.stepsPerSec <= 0) return;
    this.last = performance.now();
    this.due = 0;
    this.timer = setInterval(() => this.tick(), FLOW_TICK_MS);
    // The first step seeds every maker ladder: a new exchange has a book before it reports ready,
    // not one timer tick later (a loaded machine can delay that tick past the first subscription).
    if (this.steps === 0) {
      this.steps++;
      this.onStep();
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = performance.now();
    this.due += ((now - this.last) * this.stepsPerSec) / 1000;
    this.last = now;
    let n = Math.floor(this.due);
    this.due -= n;
    const cap = Math.max(MIN_STEPS_CAP, Math.ceil((this.stepsPerSec * CATCH_UP_MS) / 1000));
    if (n > cap) {
      this.shed += n - cap;
      n = cap;
    }
    for (let i = 0; i < n && this.timer; i++) {
      this.steps++;
      this.onStep();
    }
  }
}
