// Decides, with a seeded generator, which fault to inject at each opportunity and logs every one.
// The server asks it at fixed points (per block per socket, per outgoing frame, per REST request);
// it never touches sockets itself.

import { Prng } from '../../lib/prng.js';
import { faultProfile, SERVER_CLOSE_CODES, SERVER_CLOSES, type FaultSpec, type ServerCloseCode } from './profiles.js';

export type FaultKind =
  | 'drop-terminate'
  | 'drop-going-away'
  | 'heartbeat-gap'
  | 'stall'
  | 'auth-close'
  | 'server-close'
  | 'http-429'
  | 'http-500'
  | 'http-503'
  | 'lost-ack'
  | 'lost-update'
  | 'duplicate-update'
  | 'garbage-frame';

export interface FaultEvent {
  /** Wall-clock ms. */
  time: number;
  kind: FaultKind;
  /** Socket id (`md-3`, `tr-4`) or `http`. */
  socket: string;
  detail?: string;
}

/** What to do to one socket at a block boundary. */
export type SocketFault =
  | { kind: 'drop-terminate' }
  | { kind: 'drop-going-away' }
  | { kind: 'auth-close' }
  | { kind: 'server-close'; code: ServerCloseCode; reason: string }
  | { kind: 'stall'; ms: number }
  | { kind: 'garbage' }
  | undefined;

/** What to do with one outgoing frame. */
export type FrameFault = 'send' | 'drop' | 'duplicate';

const LOG_LIMIT = 10_000;

export class FaultInjector {
  private spec: FaultSpec;
  private rng: Prng;
  private readonly events: FaultEvent[] = [];
  private httpBurstLeft = 0;
  private httpBurstKind: FaultKind = 'http-503';

  constructor(
    spec: FaultSpec | string = 'none',
    private readonly seed = 1,
    private readonly onEvent?: (e: FaultEvent) => void,
  ) {
    this.spec = typeof spec === 'string' ? faultProfile(spec) : spec;
    this.rng = Prng.stream(seed, 'faults');
  }

  /** Replaces the profile and restarts the generator, so a profile's sequence depends only on the seed. */
  set(spec: FaultSpec | string): void {
    this.spec = typeof spec === 'string' ? faultProfile(spec) : spec;
    this.rng = Prng.stream(this.seed, 'faults');
    this.httpBurstLeft = 0;
  }

  get profile(): FaultSpec {
    return this.spec;
  }

  log(): FaultEvent[] {
    return [...this.events];
  }

  private record(kind: FaultKind, socket: string, detail?: string): void {
    const e: FaultEvent = { time: Date.now(), kind, socket, ...(detail ? { detail } : {}) };
    if (this.events.length >= LOG_LIMIT) this.events.shift();
    this.events.push(e);
    this.onEvent?.(e);
  }

  /** Asked once per socket per block. */
  socketFault(socket: string, isSignedInTrading: boolean): SocketFault {
    const s = this.spec;
    if (this.rng.chance(s.drop ?? 0)) {
      const terminate = this.rng.next() < 0.5;
      this.record(terminate ? 'drop-terminate' : 'drop-going-away', socket);
      return { kind: terminate ? 'drop-terminate' : 'drop-going-away' };
    }
    if (isSignedInTrading && this.rng.chance(s.authClose ?? 0)) {
      this.record('auth-close', socket);
      return { kind: 'auth-close' };
    }
    if (this.rng.chance(s.serverClose ?? 0)) {
      const codes = s.serverCloseCodes?.length ? s.serverCloseCodes : SERVER_CLOSE_CODES;
      const code = codes[this.rng.range(0, codes.length - 1)]!;
      const reason = SERVER_CLOSES[code];
      this.record('server-close', socket, `${code} ${reason}`);
      return { kind: 'server-close', code, reason };
    }
    if (this.rng.chance(s.stall ?? 0)) {
      const ms = s.stallMs ?? 12_000;
      this.record('stall', socket, `${ms} ms`);
      return { kind: 'stall', ms };
    }
    if (this.rng.chance(s.garbage ?? 0)) {
      this.record('garbage-frame', socket);
      return { kind: 'garbage' };
    }
    return undefined;
  }

  /** Asked per heartbeat: true skips one sequence number. */
  heartbeatGap(socket: string, sn: number): boolean {
    if (!this.rng.chance(this.spec.gap ?? 0)) return false;
    this.record('heartbeat-gap', socket, `skipped sn ${sn}`);
    return true;
  }

  /** Asked per outgoing trading frame of type 3, 24 or 27. */
  frameFault(socket: string, mt: number): FrameFault {
    const s = this.spec;
    if (mt === 3 && this.rng.chance(s.lostAck ?? 0)) {
      this.record('lost-ack', socket);
      return 'drop';
    }
    if (mt === 24 && this.rng.chance(s.lostUpdate ?? 0)) {
      this.record('lost-update', socket);
      return 'drop';
    }
    if ((mt === 24 || mt === 27) && this.rng.chance(s.dupe ?? 0)) {
      this.record('duplicate-update', socket, `mt ${mt}`);
      return 'duplicate';
    }
    return 'send';
  }

  get dupeDelayMs(): number {
    return this.spec.dupeDelayMs ?? 700;
  }

  /** Asked per REST request: an HTTP status to answer instead, or undefined. */
  httpFault(path: string): number | undefined {
    if (this.httpBurstLeft === 0 && this.rng.chance(this.spec.http ?? 0)) {
      this.httpBurstLeft = Math.max(1, this.spec.httpBurst ?? 1);
      const pick = this.rng.range(0, 2);
      this.httpBurstKind = pick === 0 ? 'http-429' : pick === 1 ? 'http-500' : 'http-503';
    }
    if (this.httpBurstLeft === 0) return undefined;
    this.httpBurstLeft--;
    this.record(this.httpBurstKind, 'http', path);
    return Number(this.httpBurstKind.slice(5));
  }
}
