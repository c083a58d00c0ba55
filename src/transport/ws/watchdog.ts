// Stall detector: fires when nothing was fed for `timeoutMs`. Feeding only records a timestamp
// (no timer churn per frame — feeds arrive thousands of times a second); a single timer wakes up at the
// earliest possible deadline and re-arms itself for the remainder.

import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';

export interface WatchdogOptions {
  timeoutMs: number;
  /** Called once per stall with how long the silence lasted; the watchdog is stopped before the call. */
  onStall: (silentForMs: number) => void;
  timers?: Timers;
}

export class Watchdog {
  private readonly timeoutMs: number;
  private readonly onStall: (silentForMs: number) => void;
  private readonly timers: Timers;
  private lastFedAt = 0;
  private timer: TimerHandle | null = null;

  constructor(options: WatchdogOptions) {
    if (!(options.timeoutMs > 0)) throw new RangeError('watchdog timeoutMs must be positive');
    this.timeoutMs = options.timeoutMs;
    this.onStall = options.onStall;
    this.timers = options.timers ?? realTimers;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Starts (or restarts) watching; the silence is counted from now. */
  start(): void {
    this.stop();
    this.lastFedAt = this.timers.now();
    this.arm(this.timeoutMs);
  }

  /** Records a sign of life. Cheap enough to call on every frame. */
  feed(): void {
    this.lastFedAt = this.timers.now();
  }

  stop(): void {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private arm(ms: number): void {
    this.timer = this.timers.setTimeout(() => this.check(), ms);
  }

  private check(): void {
    this.timer = null;
    const silentFor = this.timers.now() - this.lastFedAt;
    if (silentFor >= this.timeoutMs) {
      this.onStall(silentFor);
      return;
    }
    this.arm(this.timeoutMs - silentFor);
  }
}
