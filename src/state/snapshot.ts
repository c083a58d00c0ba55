// What the publisher reads from a market-data source. The client's MarketDataSession satisfies
// MarketDataSource structurally, so state/ never imports client/; the snapshot shape lives in domain/.

import type { MarketDataSnapshot, SnapshotWants } from '../domain/market-data-snapshot.js';

export type { MarketDataSnapshot, SnapshotWants } from '../domain/market-data-snapshot.js';

export interface MarketDataSource {
  snapshot(wants: SnapshotWants): MarketDataSnapshot;
  /**
   * Calls `listener` when something that may be visible changed (a frame applied, the link moved).
   * Optional: a source without it is polled at the publish rate. Returns the unsubscribe.
   */
  onChange?(listener: () => void): () => void;
}
