// Issue 19 item 6 and issue 17 item 2 on screen, against the local exchange at 200x50 and 80x24: a market
// buy sent with a key gets an execution report (times from the key press, slippage against the mark and the
// review's estimate) on a Journal line of its own; Enter on it opens the detail page with the report and
// the raw frames behind the request (the mt 22 sent, the mt 3 ack, the mt 24 rows); Esc closes it; `:stats`
// sums the session up.

import { describe, expect, it } from 'vitest';
import { formatScaled } from '../../src/protocol/scaling.js';
import { eventually, KEYS } from '../helpers/terminal.js';
import { flattenAccount, runCommand, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 150_000;

describe.each([
  { cols: 200, rows: 50 },
  { cols: 80, rows: 24 },
])('execution report ($cols x $rows)', (size) => {
  const screen = useTradingScreen(`perpl-execution-${size.cols}-`, { blockMs: 100, seed: 19, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, size);
  const vt = () => screen.app.vt;
  const state = () => screen.app.app.store.getState();
  const text = () => vt().lines().join('\n');

  /** Scrolls the detail page down (j) until `re` is on screen; fails at its end. */
  async function scrollTo(re: RegExp): Promise<void> {
    for (let i = 0; i < 80 && !re.test(text()) && /↓ \d+ more/.test(text()); i++) {
      const from = state().live.detail?.scroll ?? 0;
      vt().press('j');
      await eventually(() => (state().live.detail?.scroll ?? 0) > from, UI_MS, 'a scroll');
      await vt().waitFor(`↑ ${from + 1} above`, UI_MS);
    }
    await vt().waitFor(re, UI_MS);
  }

  it('market-order-execution-report-in-journal-detail-and-stats: the report, the raw frames a key away, and :stats', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    await runCommand(screen.app, `buy ${formatScaled(1_000, screen.market.sizeDecimals)} mkt`);
    await eventually(() => state().tradingUi.reviewing, UI_MS, 'the review');
    vt().press('y');
    // The report is complete once the order row with its fill came back.
    await eventually(() => state().trading.executions.some((r) => r.toLastFillMs !== null && r.toAckMs !== null), EXCHANGE_MS, 'a timed fill');
    const report = state().trading.executions[0]!;
    expect(report.toSendMs!).toBeLessThanOrEqual(report.toAckMs!);
    expect(report.toAckMs!).toBeLessThanOrEqual(report.toLastFillMs!);
    expect(report.vsMark).not.toBeNull();

    // The Journal: the report on a line of its own, newest first (the top row, selected).
    vt().press('J');
    await vt().waitFor(`rq ${report.rq} timed from the key: send`, UI_MS);
    if (size.cols >= 200) await vt().waitFor(/vs mark (even|\d+ ticks? (worse|better))/, UI_MS);

    // Enter: the detail page with the report and the frames behind the request.
    vt().press(KEYS.enter);
    await vt().waitFor('execution report', UI_MS);
    await vt().waitFor(/key press -> sent [\d.]+ ms · ack [\d.]+ ms/, UI_MS);
    await vt().waitFor(/vs the mark at the key press: (even|\d+ ticks? (worse|better))/, UI_MS);
    // The frames: the request sent (mt 22), then the exchange's ack (mt 3) and order rows, scrolling down to them.
    await scrollTo(/sent \{.{0,80}"mt":22[,}]/);
    await scrollTo(/received \{.{0,80}"mt":3[,}]/);
    await scrollTo(/received \{"at":\{/);
    expect(state().live.detail).toEqual({ subject: { kind: 'journal', requestKey: report.requestKey }, scroll: expect.any(Number) });

    // Esc closes the page; the Journal is back.
    vt().press(KEYS.escape);
    await eventually(() => state().live.detail === null, UI_MS, 'the page to close');
    await vt().waitFor(() => !text().includes('execution report') && text().includes(`rq ${report.rq} timed from the key`), UI_MS);

    // :stats: the session's one order, its latencies and slippage.
    await runCommand(screen.app, 'stats');
    await vt().waitFor('Execution stats', UI_MS);
    await vt().waitFor(/all markets: 1 order, 1 filled/, UI_MS);
    await vt().waitFor(/to ack\s+[\d.]+ ms\s+[\d.]+ ms\s+1/, UI_MS);
    await scrollTo(/vs mark at key\s+(average [\d.]+ bps (worse|better|even)|n\/a)/);
    vt().press(KEYS.escape);
    await eventually(() => state().live.detail === null, UI_MS, 'stats to close');
  }, TEST_MS);
});
