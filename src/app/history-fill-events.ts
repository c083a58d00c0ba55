// What a fill did to its position, for fills the trading session never saw live: filled before this run
// started (a restart, kill -9 and the journal's reconcile) or while its socket was down. Live, the fill's
// position events come in the same block (mt 27 `e[]` rows); for the others they are read from position
// history, whose rows are those same event rows (order id, transaction, sr, dpnl; wire.md 11). So the
// Fills row of such a fill says what it did ("▲ open L", "▼ close L") and the PnL it realized, as any fill
// seen live does. Bounded: each fill is looked for once, a few pages deep; what is not found stays unknown.

import type { HistorySource } from '../client/history/source.js';
import { fillEventKey, fillKey } from '../client/trading/trading-state.js';
import type { BlockTxLogTimestamp, Fill, Position } from '../protocol/frames.js';

/** Position-history pages read at most for one batch of fills (newest first). */
const MAX_PAGES = 3;
const MAX_KEPT = 2_000;

export class HistoryFillEvents {
  private readonly byFill = new Map<string, Position[]>();
  private readonly sought = new Set<string>();

  constructor(
    private readonly source: HistorySource,
    private readonly pageSize: number,
  ) {}

  /** The position events of the order `oid` in the transaction at `at` read from history; empty when none. */
  eventsOf(oid: number, at: BlockTxLogTimestamp): readonly Position[] {
    return this.byFill.get(fillEventKey(oid, at)) ?? [];
  }

  /** One event row under its order and transaction; a row read again (a later look-up's pages overlap) is kept once. */
  private keep(row: Position): void {
    const key = fillEventKey(row.oid!, row.at);
    const list = this.byFill.get(key);
    if (!list) this.byFill.set(key, [row]);
    else if (!list.some((e) => e.at.l === row.at.l && e.sr === row.sr)) list.push(row);
  }

  /**
   * Reads position history for the fills whose events are not known (`known`: the session saw them) and
   * not looked for before, newest pages first until past the oldest of them.
   */
  async lookUp(fills: readonly Fill[], known: (oid: number, at: BlockTxLogTimestamp) => boolean): Promise<void> {
    const missing = fills.filter((f) => !known(f.oid, f.at) && !this.byFill.has(fillEventKey(f.oid, f.at)) && !this.sought.has(fillKey(f)));
    if (missing.length === 0) return;
    for (const f of missing) this.sought.add(fillKey(f));
    const oldest = Math.min(...missing.map((f) => f.at.b ?? 0));
    let pages = 0;
    for await (const page of this.source.history('position-history', { count: this.pageSize, maxPages: MAX_PAGES })) {
      for (const row of page.d) if (row.oid) this.keep(row);
      pages += 1;
      const reached = page.d.some((r) => r.at.b !== undefined && r.at.b < oldest);
      if (reached || pages >= MAX_PAGES || !page.np) break;
    }
    while (this.byFill.size > MAX_KEPT) this.byFill.delete(this.byFill.keys().next().value!);
    while (this.sought.size > MAX_KEPT) this.sought.delete(this.sought.values().next().value!);
  }
}
