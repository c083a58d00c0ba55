// Sids the replay server hands out: one per stream for the whole replay, the first sid the recording
// had for it when that is free, else a fresh one. Recorded frames are rewritten to these.

const FRESH_SID_BASE = 9_000_000;

export class SidMap {
  private readonly byStream = new Map<string, number>();
  private readonly used = new Set<number>();
  private next = FRESH_SID_BASE;

  constructor(recorded: ReadonlyMap<string, number>) {
    for (const [stream, sid] of recorded) {
      if (this.used.has(sid)) continue;
      this.byStream.set(stream, sid);
      this.used.add(sid);
    }
  }

  has(stream: string): boolean {
    return this.byStream.has(stream);
  }

  sidOf(stream: string): number {
    let sid = this.byStream.get(stream);
    if (sid === undefined) {
      while (this.used.has(this.next)) this.next += 1;
      sid = this.next;
      this.byStream.set(stream, sid);
      this.used.add(sid);
    }
    return sid;
  }
}
