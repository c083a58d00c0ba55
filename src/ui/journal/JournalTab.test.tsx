// The Journal tab's body drawn from its view at 200 and 80 columns: newest first, an order's execution report
// right above its outcome, the line's words cut at 80, the bottom line's description and keys.

import { afterEach, describe, expect, it } from 'vitest';
import type { ExecutionReport } from '../../domain/trading/execution-report.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../tabs/tab-store.fixtures.js';
import { JournalTab } from './JournalTab.js';

const at = (s: number) => Date.UTC(2026, 10, 28, 12, 0, s);
// Oldest first, as the session keeps them.
const journal: JournalEntryView[] = [
  { timeMs: at(1), kind: 'request', requestKey: 'a', rq: 42, text: 'rq 42 buy 0.01 BTC at market, slippage ≤ 5 bps' },
  { timeMs: at(2), kind: 'ack', requestKey: 'a', rq: 42, text: 'rq 42 accepted for forwarding' },
  { timeMs: at(3), kind: 'resolved', requestKey: 'a', rq: 42, text: 'filled 0.01 BTC at 67,002.0 (taker) · Filled: TakerOrderFilled (43)' },
  { timeMs: at(4), kind: 'note', requestKey: '', rq: null, text: 'journal read: 3 requests, none unresolved' },
];
const report: ExecutionReport = {
  requestKey: 'a', rq: 42, kind: 'open', marketId: 1, side: 'long', keyWallMs: 0, toSendMs: 2, toAckMs: 14, toFirstFillMs: 15, toLastFillMs: 15,
  filledSize: 1_000, averageFillPrice: 670_020, vsMark: { ticks: 2, bpsHundredths: 3n, atoms: 2_000n }, vsEstimate: { ticks: 0, bpsHundredths: 0n, atoms: 0n },
};

let shown: RenderedPane | null = null;
afterEach(() => shown?.unmount());

function draw(width: number, selected = 0): RenderedPane {
  const store = tabStore(onTab('journal', selected), { journal, executions: [report] });
  shown = renderPane(store, <JournalTab width={width} height={9} focused />, width, { width, height: 9 });
  return shown;
}

describe('the Journal tab', () => {
  it('journal-tab-200-columns-newest-first-report-above-outcome: note, report, resolved, ack, request in that order, whole', () => {
    const { lines } = draw(200);
    expect(lines()[0]).toMatch(/^time\s+kind\s+rq what$/);
    expect(lines().slice(1, 6).map((l) => l.split(/\s+/)[1])).toEqual(['note', 'report', 'resolved', 'ack', 'request']);
    expect(lines()[2]).toMatch(/^\d\d:\d\d:\d\d report\s+42 rq 42 timed from the key: send 2\.0 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse \(0\.03 bps, 0\.0020\) · vs est even$/);
    expect(lines()[3]).toContain('filled 0.01 BTC at 67,002.0 (taker) · Filled: TakerOrderFilled (43)');
    expect(lines().at(-1)).toBe('every request, ack, update, status and retry decision; newest first  k/j move  h tabs  Enter raw frames');
  });

  it('journal-tab-80-columns-cuts-the-words: every column stays, a long line and the keys are cut to 80', () => {
    const { lines } = draw(80);
    expect(lines()[0]).toMatch(/^time\s+kind\s+rq what$/);
    expect(lines().every((l) => l.length <= 80)).toBe(true);
    expect(lines()[2]).toMatch(/^\d\d:\d\d:\d\d report\s+42 rq 42 timed from the key: send 2\.0 ms/);
    expect(lines()[2]).not.toContain('vs est even');
    expect(lines().at(-1)).not.toContain('Enter raw frames');
  });

  it('journal-tab-empty-says-none', () => {
    const store = tabStore({ tab: 'journal' }, {}, { market: null, markets: [] });
    shown = renderPane(store, <JournalTab width={80} height={8} focused />, 80, { width: 80, height: 8 });
    expect(shown.lines()[1]).toBe('no requests sent yet');
  });
});
