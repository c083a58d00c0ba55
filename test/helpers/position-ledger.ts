// The account events (the ledger) of one position. Live names a settlement's request and order but not its
// position (et 4: `m`, `r`, `o`); a top-up, funding or liquidation names the position (`p`). So a position's
// ledger is its top-ups and funding by `p`, plus the settlements of the orders its history rows name.

import type { AccountEvent, Position } from '../../src/protocol/frames.js';

export function positionLedger(events: readonly AccountEvent[], positionHistory: readonly Position[], pid: number): AccountEvent[] {
  const oids = new Set(positionHistory.filter((r) => r.pid === pid && (r.oid ?? 0) > 0).map((r) => r.oid!));
  return events.filter((e) => e.p === pid || (e.o !== undefined && e.p === undefined && oids.has(e.o)));
}
