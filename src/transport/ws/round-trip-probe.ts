// Times the link: a protocol-level ping (a control frame the peer's WebSocket layer answers; no request
// budget, so a market-data socket may carry it, unlike an mt 1 ping: wire.md 7.1) at once and then every
// `everyMs`, at most one in flight. The owner is told when a ping leaves and when its own pong comes back;
// a pong that answers no ping of ours (RFC 6455 allows unsolicited ones) is ignored.

import { KeepAlive } from './keepalive.js';
import { realTimers, type Timers } from './timers.js';

export interface RoundTripProbeOptions {
  everyMs: number;
  /** Sends one protocol ping carrying `payload`; false when the socket could not take it. */
  sendPing: (payload: string) => boolean;
  /** A ping left at `sentAt`. */
  sent?: (sentAt: number) => void;
  /** The pong of the ping sent at `sentAt` arrived at `receivedAt`. */
  answered: (sentAt: number, receivedAt: number) => void;
  timers?: Timers;
}

export class RoundTripProbe {
  private readonly options: RoundTripProbeOptions;
  private readonly timers: Timers;
  private readonly schedule: KeepAlive;
  private inFlight: { payload: string; sentAt: number } | null = null;
  private sequence = 0;

  constructor(options: RoundTripProbeOptions) {
    this.options = options;
    this.timers = options.timers ?? realTimers;
    this.schedule = new KeepAlive({ everyMs: options.everyMs, timers: this.timers, sendPing: () => this.ping() });
  }

  /** A connection opened: the first ping now, then one every interval. */
  start(): void {
    this.inFlight = null;
    this.ping();
    this.schedule.start();
  }

  /** The connection ended: no more pings, and a pong still owed is forgotten. */
  stop(): void {
    this.schedule.stop();
    this.inFlight = null;
  }

  /** A protocol pong arrived. */
  pong(payload: string, receivedAt: number): void {
    const ping = this.inFlight;
    if (ping === null || payload !== ping.payload) return;
    this.inFlight = null;
    this.options.answered(ping.sentAt, receivedAt);
  }

  private ping(): boolean {
    // One in flight: its age already bounds the round trip from below, and a second would only queue behind it.
    if (this.inFlight !== null) return false;
    const payload = `rtt ${++this.sequence}`;
    const sentAt = this.timers.now();
    if (!this.options.sendPing(payload)) return false;
    this.inFlight = { payload, sentAt };
    this.options.sent?.(sentAt);
    return true;
  }
}
