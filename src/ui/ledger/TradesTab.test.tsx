// The Trades tab's body drawn from its view at 200 and 80 columns: round trips with entry, exit, gross,
// fees (rebates marked), funding and net; an open trip first with its running figures; the columns a
// narrow pane drops; the first load asked for when the tab opens with nothing loaded.

import { afterEach, describe, expect, it } from 'vitest';
import type { RoundTrip } from '../../domain/ledger/round-trip.js';
import { INITIAL_LEDGER, type LedgerState } from '../../state/ledger.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { TradesTab } from './TradesTab.js';

const at = (minute: number) => ({ block: minute, tx: 0, log: 0, ms: Date.UTC(2026, 10, 28, 12, minute, 0) });
const trip = (over: Partial<RoundTrip>): RoundTrip => ({
  marketId: 1, side: 'long', openedAt: at(0), closedAt: at(30), maxSize: 1_500, openSize: 0,
  entryPriceSize: 671_230n * 1_500n, entrySize: 1_500, exitPriceSize: 680_000n * 1_500n, exitSize: 1_500,
  grossPnl: 13_155_000n, fees: 8_400n, funding: -12_000n, netPnl: 13_134_600n, fills: 2, ...over,
});
const closed = trip({});
const open = trip({ side: 'short', openedAt: at(40), closedAt: null, openSize: 500, maxSize: 500, entryPriceSize: 680_000n * 500n, entrySize: 500, exitPriceSize: 0n, exitSize: 0, grossPnl: 0n, fees: -700n, funding: 3_000n, netPnl: 3_700n, fills: 1 });
const loaded = (trips: RoundTrip[]): LedgerState => ({ ...INITIAL_LEDGER, trips, loadedAtMs: Date.UTC(2026, 10, 28, 13, 0, 0) });

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, ledger: LedgerState): RenderedPane {
  shown?.unmount();
  shown = renderPane(tabStore(onTab('ledger'), {}, { ledger }), <TradesTab width={width} height={8} focused />, width, { width, height: 8 });
  return shown;
}

describe('the Trades tab', () => {
  it('trades-tab-200-columns-every-figure: the open trip first with its running net, then the closed one with entry, exit, gross, fees, funding, net, duration', () => {
    const { lines, pagesAsked } = draw(200, loaded([closed, open]));
    expect(lines()[0]).toMatch(/^closed\s+market\s+side\s+size\s+entry\s+exit\s+gross\s+fees\s+funding\s+net\s+R\s+dur$/);
    expect(lines()[1]).toMatch(/^open\s+BTC\s+short\s+0\.00500\s+68,000\.0\s+—\s+0\.00\s+0\.0007 reb\s+\+0\.0030\s+0\.00\s+20 min$/);
    expect(lines()[2]).toMatch(/^\d\d:\d\d:\d\d BTC\s+long\s+0\.01500\s+67,123\.0\s+68,000\.0\s+\+13\.16\s+0\.0084\s+-0\.0120\s+\+13\.13\s+30 min$/);
    expect(lines().at(-1)).toMatch(/^all markets  2 trips  net \+13\.14  k\/j move/);
    expect(pagesAsked).toEqual([]);
  });

  it('trades-tab-r-multiple-and-opened-before-read: R beside net when a stop was linked; a trip opened before the read says so, entry unknown', () => {
    const stopped = trip({ stop: { price: 662_460, riskAtoms: 6_567_000n } });
    const before = trip({ openedBeforeRead: true, entryPriceSize: 0n, entrySize: 0, closedAt: at(20) });
    const { lines } = draw(200, loaded([before, stopped]));
    expect(lines()[1]).toMatch(/BTC\s+long\s+0\.01500\s+67,123\.0\s+68,000\.0\s+\+13\.16\s+0\.0084\s+-0\.0120\s+\+13\.13\s+2\.00\s+30 min$/);
    expect(lines()[2]).toMatch(/BTC\s+long\s+0\.01500\s+—\s+68,000\.0\s+\+13\.16\s+0\.0084\s+-0\.0120\s+\+13\.13\s+before$/);
    expect(draw(80, loaded([stopped])).lines()[0]).not.toMatch(/\bR\b/);
  });

  it('trades-tab-80-columns-keeps-market-side-size-net: prices and times go first, every line fits', () => {
    const { lines } = draw(80, loaded([closed]));
    const headers = lines()[0]!.trim().split(/\s+/);
    for (const kept of ['market', 'side', 'size', 'net', 'fees', 'funding', 'gross']) expect(headers).toContain(kept);
    expect(headers).not.toContain('closed');
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[1]).toMatch(/BTC\s+long\s+0\.01500 .*\+13\.13/);
  });

  it('trades-tab-opens-unloaded-asks-the-ledger: nothing loaded yet, opening the tab asks for it once', () => {
    const { pagesAsked, lines } = draw(80, INITIAL_LEDGER);
    expect(pagesAsked).toEqual(['ledger']);
    expect(lines()[1]).toContain('no trades');
  });
});
