// Times the link: a protocol-level ping (a control frame the peer's WebSocket layer answers; no request
// budget, so a market-data socket may carry it, unlike an mt 1 ping: wire.md 7.1) at once and then every
// `everyMs`, at most one in flight. Each ping carries its send time; the owner keeps the record of the pings
// it was told left (domain/round-trip.ts, as it does for a trading link's mt 1 pings) and says whether a pong
// answers one: a pong that answers no ping of ours (RFC 6455 allows unsolicited ones) is ignored.

import { KeepAlive } from './keepalive.js';
import { realTimers, type Timers } from '../../lib/timers.js';

export interface RoundTripProbeOptions {
  everyMs: number;
  /** Sends one protocol ping carrying `payload`; false when the socket could not take it. */
  sendPing: (payload: string) => boolean;
  /** A ping left at `sentAt`: the owner records it. */
  sent: (sentAt: number) => void;
  /** A pong naming the ping sent at `sentAt` arrived at `receivedAt`: true when it answers one the owner recorded. */
  answered: (sentAt: number, receivedAt: number) => boolean;
  timers?: Timers;
}

const PAYLOAD_PREFIX = 'rtt ';

/** The send time a pong's payload names, or null when it is no payload of ours. */
function sentAtOf(payload: string): number | null {
  if (!payload.startsWith(PAYLOAD_PREFIX)) return null;
  const sentAt = Number(payload.slice(PAYLOAD_PREFIX.length));
  return Number.isFinite(sentAt) ? sentAt : null;
}

export class RoundTripProbe {
  private readonly options: RoundTripProbeOptions;
  private readonly timers: Timers;
  private readonly schedule: KeepAlive;
  /** A ping is out and its pong not in yet. */
  private waiting = false;

  constructor(options: RoundTripProbeOptions) {
    this.options = options;
    this.timers = options.timers ?? realTimers;
    this.schedule = new KeepAlive({ everyMs: options.everyMs, timers: this.timers, sendPing: () => this.ping() });
  }

  /** A connection opened: the first ping now, then one every interval. */
  start(): void {
    this.waiting = false;
    this.ping();
    this.schedule.start();
  }

  /** The connection ended: no more pings, and a pong still owed is forgotten. */
  stop(): void {
    this.schedule.stop();
    this.waiting = false;
  }

  /** A protocol pong arrived. */
  pong(payload: string, receivedAt: number): void {
    const sentAt = sentAtOf(payload);
    if (!this.waiting || sentAt === null) return;
    if (this.options.answered(sentAt, receivedAt)) this.waiting = false;
  }

  private ping(): boolean {
    // One in flight: its age already bounds the round trip from below, and a second would only queue behind it.
    if (this.waiting) return false;
    const sentAt = this.timers.now();
    if (!this.options.sendPing(`${PAYLOAD_PREFIX}${sentAt}`)) return false;
    this.waiting = true;
    this.options.sent(sentAt);
    return true;
  }
}
