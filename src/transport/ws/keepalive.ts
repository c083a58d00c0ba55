// Application-level ping: sends a frame every `everyMs`. Only for the trading socket — market-data
// sockets must not be pinged (each ping counts against a 10 requests/min budget; wire.md 7.1).

import { realTimers, type TimerHandle, type Timers } from '../../lib/timers.js';

export interface KeepAliveOptions {
  everyMs: number;
  /** Sends one ping; returns false when the socket could not take it. */
  sendPing: () => boolean;
  timers?: Timers;
}

export class KeepAlive {
  private readonly everyMs: number;
  private readonly sendPing: () => boolean;
  private readonly timers: Timers;
  private timer: TimerHandle | null = null;
  private sent = 0;

  constructor(options: KeepAliveOptions) {
    if (!(options.everyMs > 0)) throw new RangeError('keep-alive everyMs must be positive');
    this.everyMs = options.everyMs;
    this.sendPing = options.sendPing;
    this.timers = options.timers ?? realTimers;
  }

  /** Pings sent since construction. */
  get pingsSent(): number {
    return this.sent;
  }

  start(): void {
    this.stop();
    this.schedule();
  }

  stop(): void {
    if (this.timer !== null) {
      this.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.sendPing()) this.sent += 1;
      this.schedule();
    }, this.everyMs);
  }
}
