// History that starts mid-position (a window, or the page cap): a closing fill whose opening fill was not
// read continues the position it closes ("opened before the read") instead of starting a trip the other way.
import { describe, expect, it } from 'vitest';
import type { AccountEvent, Fill, Position } from '../../protocol/frames.js';
import { foldLedgerHistory } from './fold-history.js';
import { LedgerModel } from './ledger-model.fixtures.js';

const ETH = 32;

/** The model's records from block time `fromMs` on, as a window cut there reads them. */
function cutAt(m: LedgerModel, fromMs: number) {
  const keep = <T extends Fill | AccountEvent | Position>(list: readonly T[]) => list.filter((r) => (r.at.t ?? 0) >= fromMs);
  return { fills: keep(m.fills), events: keep(m.events), positionRows: keep(m.rows), orders: [] };
}

describe('a history read that starts mid-position', () => {
  it('window-cut-mid-position-no-false-reverse-trip: closes of a long opened before the read are one long trip, entry unknown, gross the exchange\'s dpnl', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 10, 1_000, 50n);
    const cut = m.nowMs + 1;
    m.fill(ETH, -1, 4, 1_100, 20n);
    m.fill(ETH, -1, 6, 900, 30n);
    const { trips } = foldLedgerHistory(cutAt(m, cut), () => 1n);
    expect(trips).toHaveLength(1);
    const [t] = trips;
    expect(t).toMatchObject({ side: 'long', openedBeforeRead: true, entrySize: 0, exitSize: 10, maxSize: 10, fills: 2, grossPnl: 400n - 600n, fees: 50n, netPnl: -250n });
    expect(t!.closedAt).not.toBeNull();
    // Read whole, the same position is an ordinary trip with a known entry.
    expect(foldLedgerHistory(cutAt(m, 0), () => 1n).trips[0]).toMatchObject({ side: 'long', entrySize: 10, grossPnl: -200n });
    expect(foldLedgerHistory(cutAt(m, 0), () => 1n).trips[0]!.openedBeforeRead).toBeUndefined();
  });

  it('window-cut-mid-position-flip-closes-the-unread-part-then-opens: a sell past flat ends the earlier long and opens a short with the rest', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 3, 1_000, 30n);
    const cut = m.nowMs + 1;
    m.funding(ETH, -7n);
    m.fill(ETH, -1, 9, 1_010, 90n); // closes 3 (fee 30), opens 6 short (fee 60)
    m.fill(ETH, 1, 6, 1_000, 12n);
    const { trips } = foldLedgerHistory(cutAt(m, cut), () => 1n);
    expect(trips.map((t) => [t.side, t.openedBeforeRead ?? false, t.maxSize, t.grossPnl, t.fees, t.funding, t.closedAt === null])).toEqual([
      ['long', true, 3, 30n, 30n, -7n, false],
      ['short', false, 6, 60n, 72n, 0n, false],
    ]);
  });

  it('window-cut-mid-position-still-open: a partial close of an earlier position stays one open trip, not a new short', () => {
    const m = new LedgerModel();
    m.deposit(10_000_000n);
    m.fill(ETH, 1, 10, 1_000, 0n);
    const cut = m.nowMs + 1;
    m.fill(ETH, -1, 4, 1_050, 0n);
    m.fill(ETH, 1, 2, 1_040, 0n); // adds back to the same long
    const { trips } = foldLedgerHistory(cutAt(m, cut), () => 1n);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ side: 'long', openedBeforeRead: true, closedAt: null, grossPnl: 200n, fills: 2 });
  });
});
