// Issue 19 item 6 and issue 17 item 2 on screen, against the local exchange at 200x50 and 80x24: a market
// buy sent with a key gets an execution report (times from the key press, slippage against the mark and the
// review's estimate) on a Journal line of its own; Enter on it opens the detail page with the report and
// the raw frames behind the request (the mt 22 sent, the mt 3 ack, the mt 24 rows); Esc closes it; `:stats`
// sums the session up. So does every other order sent with a key: a close by `x` (with its side and
// slippage), an amend from the Open orders tab (send and ack), and each order of panic (from its one `y`;
// its close leaves with its cancel, before the cancel is acknowledged).
// Issue 28 item 1: a market order cut by its slippage cap on a thin book is called partial in the review,
// the toast, the Journal and History, and its report compares what filled with the estimate of that part.
// The tests run in order on one app: :stats after panic counts every kind.

import { describe, expect, it } from 'vitest';
import type { ExecutionReport } from '../../src/domain/trading/execution-report.js';
import { OrderStatus } from '../../src/protocol/enums.js';
import type { Order } from '../../src/protocol/frames.js';
import { formatScaled, formatScaledTrim } from '../../src/protocol/scaling.js';
import { tabRows } from '../../src/ui/tabs/rows.js';
import { selectedIndex } from '../../src/ui/tabs/selection.js';
import { eventually, KEYS } from '../helpers/terminal.js';
import { confirmYes, flattenAccount, openLong, runCommand, typeAndEnter, useTradingScreen } from '../helpers/trading-screen.js';

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
      const from = state().workspace.detail?.scroll ?? 0;
      vt().press('j');
      await eventually(() => (state().workspace.detail?.scroll ?? 0) > from, UI_MS, 'a scroll');
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
    expect(state().workspace.detail).toEqual({ subject: { kind: 'journal', requestKey: report.requestKey }, scroll: expect.any(Number) });

    // Esc closes the page; the Journal is back.
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'the page to close');
    await vt().waitFor(() => !text().includes('execution report') && text().includes(`rq ${report.rq} timed from the key`), UI_MS);

    // :stats: the session's one order, its latencies and slippage.
    await runCommand(screen.app, 'stats');
    await vt().waitFor('Execution stats', UI_MS);
    await vt().waitFor(/all markets: 1 order, 1 filled/, UI_MS);
    await vt().waitFor(/to ack\s+[\d.]+ ms\s+[\d.]+ ms\s+1/, UI_MS);
    await scrollTo(/vs mark at key\s+(average [\d.]+ bps (worse|better|even)|n\/a)/);
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'stats to close');
  }, TEST_MS);

  /** The report of the first order of `kind` sent after `since` reports, once `done` says it is complete. */
  async function reportOf(kind: ExecutionReport['kind'], since: number, done: (r: ExecutionReport) => boolean, what: string): Promise<ExecutionReport> {
    await eventually(() => state().trading.executions.slice(since).some((r) => r.kind === kind && done(r)), EXCHANGE_MS, what);
    return state().trading.executions.slice(since).find((r) => r.kind === kind && done(r))!;
  }

  /** Moves the Journal's selection (j / k) onto the report line of `requestKey`, which brings it on screen. */
  async function selectReportLine(requestKey: string): Promise<void> {
    const at = () => {
      const rows = tabRows(state());
      return rows.tab === 'journal' ? rows.rows.findIndex((r) => r.kind === 'report' && r.requestKey === requestKey) : -1;
    };
    await eventually(() => at() >= 0, UI_MS, 'the report line');
    for (let i = 0; i < 60; i++) {
      const rows = tabRows(state());
      const selected = selectedIndex(state(), rows.rows.length);
      if (selected === at()) return;
      vt().press(selected < at() ? 'j' : 'k');
      await eventually(() => selectedIndex(state(), tabRows(state()).rows.length) !== selected, UI_MS, 'the selection to move');
    }
    throw new Error('the report line was never selected');
  }

  /** The Journal's report line is cut at 80 columns: the words before the times are what always shows. */
  const reportLineShown = (r: ExecutionReport, words: string) => (size.cols >= 200 ? `rq ${r.rq} ${words} timed from the key: send` : `rq ${r.rq} ${words}`);

  it('close-by-x-execution-report-in-journal: x on a long, y, and the close is timed from that y with its side and slippage', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    await openLong(screen, 1_000, EXCHANGE_MS);
    const since = state().trading.executions.length;
    vt().press('P');
    await eventually(() => state().tabs.tab === 'positions' && state().trading.positions.length === 1, EXCHANGE_MS, 'the long on the Positions tab');
    vt().press('x');
    await vt().waitFor('close> ', UI_MS);
    vt().press(KEYS.enter); // empty = the whole position at market
    await vt().waitFor('close 100%', UI_MS);
    await confirmYes(screen, UI_MS);
    const report = await reportOf('close', since, (r) => r.toAckMs !== null && r.toLastFillMs !== null, 'the close timed to its fill');
    // A close of a long sells, judged against the mark at the y.
    expect(report.side).toBe('short');
    expect(report.toSendMs!).toBeLessThanOrEqual(report.toAckMs!);
    expect(report.vsMark).not.toBeNull();

    vt().press('J');
    await selectReportLine(report.requestKey);
    await vt().waitFor(reportLineShown(report, 'close (sells)'), UI_MS);
    if (size.cols >= 200) await vt().waitFor(new RegExp(`rq ${report.rq} close \\(sells\\) timed from the key: .* · vs mark (even|\\d+ ticks? (worse|better))`), UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('execution report of a close (sells)', UI_MS);
    await vt().waitFor(/key press -> sent [\d.]+ ms · ack [\d.]+ ms/, UI_MS);
    if (size.cols >= 200) await vt().waitFor(/ · first fill [\d.]+ ms · last fill [\d.]+ ms/, UI_MS);
    await vt().waitFor(/vs the mark at the key press: (even|\d+ ticks? (worse|better))/, UI_MS);
    expect(state().workspace.detail?.subject).toEqual({ kind: 'journal', requestKey: report.requestKey });
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'the page to close');
  }, TEST_MS);

  it('amend-execution-report-send-ack: e on a resting order, y, and the change is timed to its ack', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    // The third bid level: resting, and unlikely to trade during the test.
    const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
    const placed = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 1_000, price, leverage: 500 }).outcome;
    expect(placed.ok).toBe(true);
    const since = state().trading.executions.length;
    vt().press('O');
    await eventually(() => state().tabs.tab === 'orders' && state().trading.orders.length === 1, EXCHANGE_MS, 'the resting order on the Open orders tab');
    vt().press('e');
    await vt().waitFor('change> ', UI_MS);
    vt().press('\u0015'); // Ctrl-U clears the prefilled "price size"
    await vt().waitFor(/change> █/, UI_MS);
    const amended = price - 1_000;
    await typeAndEnter(screen, formatScaled(amended, screen.market.priceDecimals));
    await eventually(() => state().tradingUi.confirm?.action.kind === 'amend', UI_MS, 'the review of the change');
    await vt().waitFor(`change ${screen.market.symbol} order `, UI_MS);
    vt().press('y');
    await eventually(() => state().trading.orders.some((o) => o.price === amended), EXCHANGE_MS, 'the amended price');
    const report = await reportOf('amend', since, (r) => r.toAckMs !== null, 'the amend acked');
    expect(report.toSendMs!).toBeLessThanOrEqual(report.toAckMs!);
    // Resting below the book: nothing filled, so no slippage figure at all.
    expect(report.filledSize).toBe(0);
    expect(report.vsMark).toBeNull();

    vt().press('J');
    await selectReportLine(report.requestKey);
    await vt().waitFor(reportLineShown(report, 'amend'), UI_MS);
    if (size.cols >= 200) await vt().waitFor(new RegExp(`rq ${report.rq} amend timed from the key: send [\\d.]+ ms, ack [\\d.]+ ms, no fill`), UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('execution report of an amend', UI_MS);
    await vt().waitFor(/key press -> sent [\d.]+ ms · ack [\d.]+ ms/, UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'the page to close');
  }, TEST_MS);

  it('panic-execution-reports-from-one-key: each cancel and close panic sends is timed from its one y, the close before the cancel\'s ack; :stats counts each kind', async () => {
    if (state().trading.orders.length === 0) {
      const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p - 1_000;
      await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: 1_000, price, leverage: 500 }).outcome;
    }
    if (state().trading.positions.length === 0) await openLong(screen, 1_000, EXCHANGE_MS);
    await eventually(() => state().trading.orders.length === 1 && state().trading.positions.length === 1, EXCHANGE_MS, 'an order and a position');
    const since = state().trading.executions.length;
    vt().press('!');
    await eventually(() => state().tradingUi.panicArmedAtMs !== null, UI_MS, 'the first ! to arm panic');
    vt().press('!');
    await vt().waitFor('PANIC: cancel 1 orders and close 1 positions', UI_MS);
    vt().press('y');
    await eventually(() => state().trading.orders.length === 0 && state().trading.positions.length === 0, EXCHANGE_MS, 'panic flat');
    const cancel = await reportOf('cancel', since, (r) => r.toAckMs !== null, 'the cancel acked');
    const close = await reportOf('close', since, (r) => r.toAckMs !== null && r.toLastFillMs !== null, 'the close filled');
    // One key press: every order of panic is timed from the same moment (its wall time, to a clock tick).
    const panicReports = state().trading.executions.slice(since);
    for (const r of panicReports) expect(Math.abs(r.keyWallMs - cancel.keyWallMs)).toBeLessThanOrEqual(2);
    // The close left with the cancel, before the cancel's ack came back (panic does not wait for it).
    expect(close.toSendMs!, `close sent ${close.toSendMs} ms after y, the cancel acked ${cancel.toAckMs} ms after`).toBeLessThan(cancel.toAckMs!);

    vt().press('J');
    await selectReportLine(close.requestKey);
    await vt().waitFor(reportLineShown(close, 'close (sells)'), UI_MS);
    await selectReportLine(cancel.requestKey);
    await vt().waitFor(reportLineShown(cancel, 'cancel'), UI_MS);
    vt().press(KEYS.enter);
    await vt().waitFor('execution report of a cancel', UI_MS);
    await vt().waitFor(/key press -> sent [\d.]+ ms · ack [\d.]+ ms/, UI_MS);
    if (size.cols >= 200) await vt().waitFor('(timed to its ack: a cancel fills nothing)', UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'the page to close');

    // :stats counts the session's orders by kind (after the tests above: the buy, the closes of x and panic,
    // the amend, the cancel; opens and amends are optional so the test also holds run alone).
    await runCommand(screen.app, 'stats');
    await vt().waitFor('Execution stats', UI_MS);
    await vt().waitFor(/all markets: \d+ orders, \d+ filled · (\d+ opens?, )?\d+ closes?, (\d+ amends?, )?\d+ cancels?/, UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'stats to close');
  }, TEST_MS);

  /** `:buy 10 mkt slip 5 lev 15`, reviewed (the review warns it goes past its cap) and sent with y (and y to smart confirm). */
  async function buyTenAtMarketSlip5(): Promise<void> {
    await runCommand(screen.app, 'buy 10 mkt slip 5 lev 15');
    await eventually(() => state().tradingUi.reviewing, UI_MS, 'the review');
    // The review warns: its walk of the book for 10 BTC goes past the 5 bps bound.
    await vt().waitFor('beyond the 5 bps cap', UI_MS);
    vt().press('y');
    // Smart confirm asks (10 BTC is large for the account): yes.
    await eventually(() => {
      if (state().tradingUi.confirm) vt().press('y');
      return state().tradingUi.entry === null && !state().tradingUi.reviewing;
    }, UI_MS, 'the order to be sent');
  }

  /** Asks of the book within 5 bps of the mark (size units), as the exchange bounds a market buy with slip 5. */
  function asksWithinCap(): number {
    const engine = screen.sim.control.engine;
    const bound = Math.floor((engine.marketState(screen.market.id)!.mrk * 10_005) / 10_000);
    return engine.book(screen.market.id, 100).ask.filter((l) => l.p <= bound).reduce((n, l) => n + l.s, 0);
  }

  /**
   * `send` buys 10 BTC at market with slip 5 on a thin book: the makers quote (a test before may have taken
   * the asks near the mark), then stop, leaving a few BTC within the cap. Sent again while the exchange ended
   * it with nothing filled (the mark moved off the asks): returns the order row it ended a cut one with.
   * The makers stay stopped (the caller resumes them).
   */
  async function cutBuy(send: () => Promise<void>): Promise<Order> {
    const control = screen.sim.control;
    const accountId = state().trading.account!.accountId;
    const ours = (o: Order) => o.os === 10 * 10 ** screen.market.sizeDecimals && (o.st === OrderStatus.Filled || o.st === OrderStatus.Canceled);
    for (let attempt = 0; attempt < 5; attempt++) {
      control.resumeFlow();
      await eventually(() => asksWithinCap() > 0, EXCHANGE_MS, 'asks within 5 bps of the mark');
      control.pauseFlow();
      const before = new Set(control.engine.orderHistory(accountId).filter(ours).map((o) => o.oid));
      const resolvedBefore = state().trading.journal.filter((e) => e.kind === 'resolved').length;
      await send();
      const ended = () => control.engine.orderHistory(accountId).find((o) => ours(o) && !before.has(o.oid));
      const resolvedHere = () => state().trading.journal.filter((e) => e.kind === 'resolved').length > resolvedBefore;
      await eventually(() => ended() !== undefined && resolvedHere(), EXCHANGE_MS, 'the order to end, on the exchange and here');
      if (ended()!.fs > 0) return ended()!;
    }
    throw new Error('five market buys found nothing within 5 bps of the mark');
  }

  it('partial-fill-called-partial-in-toast-journal-history: 10 BTC at market with slip 5 on a thin book is cut at its cap, and every place says so', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    const control = screen.sim.control;
    try {
      const since = state().trading.executions.length;
      // The makers stop: the book holds a few BTC within 5 bps of the mark, far from 10.
      const ended = await cutBuy(buyTenAtMarketSlip5);
      // The exchange's facts: the order row it ended the order with (st 4 Filled, sr 16, fs < os).
      const sd = screen.market.sizeDecimals;
      expect(ended).toMatchObject({ st: OrderStatus.Filled, sr: 16 });
      expect(ended.fs).toBeGreaterThan(0);
      expect(ended.fs).toBeLessThan(ended.os);
      const filled = formatScaledTrim(ended.fs, sd);
      const words = `partially filled ${filled} of 10, ${formatScaledTrim(ended.os - ended.fs, sd)} cancelled at the 5 bps cap`;
      const lead = `partially filled ${filled} of 10`;

      // The toast: first on its line, before the fills' news.
      await vt().waitFor(() => vt().lines().some((l) => l.includes(`● buy 10 ${screen.market.symbol} at market: ${size.cols >= 200 ? words : lead}`)), UI_MS);

      // The report compares the part filled with the review's estimate for that part.
      const report = await reportOf('open', since, (r) => r.filledSize === ended.fs && r.toAckMs !== null, 'the report of the cut order');
      expect(report.partial).toBe(true);
      expect(report.vsEstimate).not.toBeNull();

      // The Journal: the update line in words, then the wire's names; the resolved line the same.
      vt().press('J');
      // The newest lines at the top (the selection of the tests before may have scrolled the list).
      await eventually(() => state().tabs.tab === 'journal', UI_MS, 'the Journal');
      vt().press('g');
      await vt().waitFor(`rq ${report.rq} ${size.cols >= 200 ? `${words} · Filled: ImmediateOrCancelExecuted (16)` : lead}`, UI_MS);
      await vt().waitFor(`definitive: ${size.cols >= 200 ? `${words} (rq ${report.rq})` : lead}`, UI_MS);
      if (size.cols >= 200) await vt().waitFor(`rq ${report.rq} timed from the key:`, UI_MS);
      // (The figure after it is cut at the pane's edge; the report's own figure is checked above.)
      if (size.cols >= 200) await vt().waitFor('vs est of the part filled', UI_MS);

      // History (orders): the row says partial, not Filled.
      vt().press('H');
      await eventually(() => state().tabs.tab === 'history' && state().tabs.historyView === 'orders', UI_MS, 'History, orders');
      await vt().waitFor(size.cols >= 200 ? words : lead, EXCHANGE_MS);
    } finally {
      control.resumeFlow();
    }
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);

  it('partial-fill-after-a-reconcile: its status lost, the order found in order history reads the same, its Fills rows as any fill', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    const control = screen.sim.control;
    try {
      const since = state().trading.executions.length;
      // Every mt 24 is lost: the order executes, its status never comes; the client reconciles it.
      const ended = await cutBuy(async () => {
        control.setFaults({ name: 'lost-status', lostUpdate: 1 });
        await buyTenAtMarketSlip5();
      });
      control.setFaults('none');
      // Found in order history, said as any partial fill; its report counts the part filled.
      const sd = screen.market.sizeDecimals;
      const words = `partially filled ${formatScaledTrim(ended.fs, sd)} of 10, ${formatScaledTrim(ended.os - ended.fs, sd)} cancelled at the 5 bps cap`;
      expect(state().trading.journal.some((e) => e.text.startsWith(`definitive: ${words} (rq `) && e.text.endsWith(') (from order history)'))).toBe(true);
      const report = await reportOf('open', since, (r) => r.filledSize > 0, 'the report of the reconciled order');
      expect(report).toMatchObject({ partial: true, fillTimesUnknown: true });
      expect(report.vsEstimate).not.toBeNull();
      // Its fills as any fill: newest first, what they did to the position.
      vt().press('F');
      await eventually(() => state().tabs.tab === 'fills', UI_MS, 'the Fills tab');
      const oid = state().trading.fills[0]?.orderId;
      expect(state().trading.fills.filter((f) => f.orderId === oid).every((f) => f.effect === 'open')).toBe(true);
      await vt().waitFor('▲ open L', UI_MS);
    } finally {
      control.setFaults('none');
      control.resumeFlow();
    }
    await flattenAccount(screen, EXCHANGE_MS);
  }, TEST_MS);
});
