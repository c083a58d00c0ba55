// Heartbeat continuity: every heartbeat's sn must be the previous one + 1 (interface.md 6.3.5).
// Only heartbeats (mt 100) and, on the trading socket, the wallet snapshot (mt 19) feed this;
// pongs carry the server's own small counter and other frames share block numbers, so they never do.

export type SequenceResult =
  | { kind: 'seeded'; sn: number }
  | { kind: 'ok'; sn: number }
  /** The same sn again: nothing was lost, but it is worth a log line. */
  | { kind: 'duplicate'; sn: number }
  /** Something was skipped (or the counter went backwards): state derived from the stream is suspect. */
  | { kind: 'gap'; expected: number; got: number };

export class HeartbeatSequence {
  private last: number | null = null;

  /** The last accepted sn, or null before the first. */
  get lastSn(): number | null {
    return this.last;
  }

  /** Seeds from a snapshot's sn (trading: mt 19); the next heartbeat must be sn + 1. */
  seed(sn: number): void {
    this.last = sn;
  }

  /** Forget everything; the next heartbeat seeds again (after a reconnect). */
  reset(): void {
    this.last = null;
  }

  /** Checks one heartbeat sn. After a gap the new sn becomes the reference (the owner resyncs anyway). */
  observe(sn: number): SequenceResult {
    const prev = this.last;
    if (prev === null) {
      this.last = sn;
      return { kind: 'seeded', sn };
    }
    if (sn === prev + 1) {
      this.last = sn;
      return { kind: 'ok', sn };
    }
    if (sn === prev) return { kind: 'duplicate', sn };
    this.last = sn;
    return { kind: 'gap', expected: prev + 1, got: sn };
  }
}

/** A one-line reason for a gap, as shown in the status bar ("heartbeat gap 12 -> 14"). */
export function describeGap(result: { expected: number; got: number }): string {
  return `heartbeat gap ${result.expected - 1} -> ${result.got}`;
}
