// Which of the detected events become notifications: the kinds the config turns off are dropped, and
// a token bucket keeps a burst (a storm of fills, every position near liquidation in a crash) to a few
// notifications; what it drops is counted into the next one that goes ("+3 more"). Pure: the caller
// passes the time.

import { TokenBucket, type TokenBucketLimit } from '../../lib/token-bucket.js';
import { notifyEvent, type NotifyEvent, type NotifyKind } from './notify-event.js';

/** A burst of 3, then one every 10 s. */
export const NOTIFY_RATE: TokenBucketLimit = { capacity: 3, refillPerSec: 0.1 };

export class NotifyGate {
  private readonly bucket: TokenBucket;
  private dropped = 0;

  constructor(
    private readonly enabled: (kind: NotifyKind) => boolean,
    nowMs: number,
    limit: TokenBucketLimit = NOTIFY_RATE,
  ) {
    this.bucket = new TokenBucket(limit, nowMs);
  }

  /** The events to show now; the rest are counted into the next one shown. */
  admit(events: readonly NotifyEvent[], nowMs: number): NotifyEvent[] {
    const out: NotifyEvent[] = [];
    for (const e of events) {
      if (!this.enabled(e.kind)) continue;
      if (!this.bucket.tryTake(nowMs)) {
        this.dropped += 1;
        continue;
      }
      const more = this.dropped;
      this.dropped = 0;
      out.push(more === 0 ? e : notifyEvent(e.kind, e.title, `${e.body} (+${more} more not shown)`, e.atMs));
    }
    return out;
  }
}
