// Small things traders expect, on screen against the local exchange, at 200x50 and 80x24: the age of an
// open order (a column at 200 columns, the key line at 80 where the column does not fit), `:close`
// without a market closing the position of the market on screen through the same confirm, and open orders
// the pane's height hides counted (the tab title, "▼ N more below" / "▲ N more above"), the footer's
// notice apart from its key hints at 80 columns, whatever its length, and an order's expiry said in time
// beside its blocks, with the exchange's limit in words (form, review, Open orders).

import { beforeEach, describe, expect, it } from 'vitest';
import { setNotice } from '../../src/state/actions.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { entryPaneText } from '../helpers/entry-pane.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { pressEach } from '../helpers/keys.js';
import { openLong, runCommand, sendReviewed, useTradingScreen, startEachTestFlat } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 150_000;

const screen = useTradingScreen('perpl-small-things-', { blockMs: 100, seed: 23, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
/** The two sizes the screen must read at. */
const BOTH_SIZES = [
  [200, 50],
  [80, 24],
] as const;
/** Size units of 0.01 BTC on the local exchange (5 size decimals). */
const CENT = 1_000;

// Registered first, so each test is back at 200x50 before the form is closed and the account flattened.
beforeEach(() => vt().resize(200, 50));
startEachTestFlat(screen, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

/** A resting buy 2% under the mark, and the Open orders tab showing its row. */
async function restingBuy(): Promise<string> {
  const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
  const price = mark - Math.round(mark / 50);
  const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: CENT, price, leverage: 500 }).outcome;
  expect(out.ok).toBe(true);
  vt().press('4');
  vt().press('O');
  await eventually(() => state().trading.orders.some((o) => o.price === price), EXCHANGE_MS, 'the resting order');
  return px(price);
}

describe('small things traders expect', () => {
  it('order-age-in-open-orders: an age column at 200x50 that ticks; at 80x24 the key line says the selected order\'s age', async () => {
    const price = await restingBuy();
    const row = () => vt().lines().find((l) => l.includes('▲ open L') && l.includes(price)) ?? '';
    const header = () => vt().lines().find((l) => /oid +market +side/.test(l)) ?? '';
    await vt().waitFor(() => / age /.test(header()) && /\s\d+s\s/.test(row()), UI_MS);
    // The age grows with the clock: a later frame shows more seconds than the first one read.
    const first = Number(/\s(\d+)s\s/.exec(row())![1]);
    await vt().waitFor(() => {
      const m = /\s(\d+)([smh])\s/.exec(row());
      return m !== null && (m[2] !== 's' || Number(m[1]) > first);
    }, UI_MS);

    vt().resize(80, 24);
    await vt().waitFor(() => vt().lines().some((l) => l.includes('[Open orders (1)]')), UI_MS);
    // No room for the column beside side, price, size and trigger: the key line leads with the age.
    await vt().waitFor(() => vt().lines().some((l) => /│age \d+[smh]  ·  /.test(l)), UI_MS);
    expect(header()).not.toMatch(/ age /);
  }, TEST_MS);

  for (const [cols, rows, typed, share] of [
    [200, 50, 'close', '100%'],
    [80, 24, 'close 50%', '50%'],
  ] as const) {
    it(`close-without-market-at-${cols}x${rows}: ":${typed}" asks about the market on screen, y closes ${share} of it`, async () => {
      vt().resize(cols, rows);
      await openLong(screen, 2 * CENT, EXCHANGE_MS);
      const symbol = screen.market.symbol;
      await runCommand(screen.app, typed);
      // The same confirm `:close SYMBOL` asks, naming the market it will close; nothing is sent before y.
      await vt().waitFor(`close ${share} of ${symbol} long at market?`, UI_MS);
      expect(state().trading.positions[0]?.size).toBe(2 * CENT);
      vt().press('y');
      if (share === '100%') await eventually(() => state().trading.positions.length === 0, EXCHANGE_MS, 'the position closed');
      else await eventually(() => state().trading.positions[0]?.size === CENT, EXCHANGE_MS, 'half the position closed');
    }, TEST_MS);
  }

  it('close-without-market-refuses-nothing-open: ":close" with no position says so on the line and sends nothing', async () => {
    await runCommand(screen.app, 'close');
    await vt().waitFor(`no open ${screen.market.symbol} position`, UI_MS);
    expect(state().tradingUi.confirm).toBeNull();
    vt().press(KEYS.escape);
    await eventually(() => state().tradingUi.commandLine === null, UI_MS, 'the line closed');
  }, TEST_MS);
});

describe.each(BOTH_SIZES)('the size last used, at %ix%i', (cols, rows) => {
  it('size-remembered-per-market: the next order form starts with the size last sent in this market, and typing replaces it', async () => {
    vt().resize(cols, rows);
    try {
      // A far resting buy of 0.02 BTC, typed on the command line (the same form, straight to review).
      const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
      const price = (mark - Math.round(mark / 20)) / 10 ** screen.market.priceDecimals;
      await runCommand(screen.app, `buy 0.02 @ ${price.toFixed(screen.market.priceDecimals)}`);
      await sendReviewed(screen, UI_MS);
      await eventually(() => state().trading.orders.some((o) => o.originalSize === 2 * CENT), EXCHANGE_MS, 'the resting 0.02');

      // The next form starts at 0.02, says so, and the first key typed replaces it.
      vt().press('b');
      // The form's rows read whole (the docked column wraps a long row).
      await vt().waitFor(() => /size\s+0\.02 BTC.*\(last used; typing replaces it\)/.test(entryPaneText(vt())), UI_MS);
      expect(state().tradingUi.entry?.size).toBe('0.02');
      await vt().type('0.05');
      await eventually(() => state().tradingUi.entry?.size === '0.05', UI_MS, 'the typed size replacing the remembered one');
      await vt().waitFor(() => /size\s+0\.05 BTC/.test(entryPaneText(vt())) && !entryPaneText(vt()).includes('last used'), UI_MS);
      vt().press(KEYS.escape);
      await eventually(() => state().tradingUi.entry === null, UI_MS, 'the form closed');
    } finally {
      vt().resize(200, 50);
    }
  }, TEST_MS);
});

describe.each(BOTH_SIZES)('open orders the pane cannot show, at %ix%i', (cols, rows) => {
  it('open-orders-hidden-rows-are-counted: the tab title counts them; the key line says how many are below, and above once scrolled', async () => {
    vt().resize(cols, rows);
    const ORDERS = 10;
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    // Ten buys resting 10 % and more under the mark: more than the pane has rows for at either size.
    for (let i = 0; i < ORDERS; i++) {
      const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: CENT, price: mark - Math.round((mark * (100 + i)) / 1000), leverage: 500 }).outcome;
      expect(out.ok).toBe(true);
    }
    vt().press('4');
    vt().press('O');
    vt().press('g'); // the first order selected: the list shows from the top
    await eventually(() => state().trading.orders.length === ORDERS && state().tabs.selected.orders === 0, EXCHANGE_MS, 'the resting orders');
    await vt().waitFor(() => vt().lines().some((l) => l.includes(`[Open orders (${ORDERS})]`)), UI_MS);
    const shownRows = () => vt().lines().filter((l) => l.includes('▲ open L')).length;
    await vt().waitFor(() => shownRows() > 0 && vt().lines().some((l) => l.includes(`▼ ${ORDERS - shownRows()} more below`)), UI_MS);
    expect(shownRows()).toBeLessThan(ORDERS);
    expect(vt().screenText()).not.toContain('more above');
    // The last order selected: the list scrolls, and what is now above is counted instead.
    vt().press('G');
    await vt().waitFor(() => vt().lines().some((l) => l.includes(`▲ ${ORDERS - shownRows()} more above`)), UI_MS);
    expect(vt().screenText()).not.toMatch(/▼ \d+ more below/);
    // Another tab still counts them.
    vt().press('P');
    await vt().waitFor(() => vt().lines().some((l) => l.includes(`[Positions] | Open orders (${ORDERS})`)), UI_MS);
  }, TEST_MS);
});

describe('the footer at 80x24', () => {
  it('footer-and-notice-apart-at-80x24: a notice of any length stands two cells apart from the key hints before it', async () => {
    vt().resize(80, 24);
    await vt().waitFor(() => state().viewport.cols === 80, UI_MS);
    const footer = () => vt().lines().at(-2) ?? '';
    // Every length from a word to past half the line (cut there with …): the hints that fit change with it.
    for (let n = 4; n <= 46; n++) {
      const text = `N${'o'.repeat(n - 2)}E`;
      setNotice(screen.app.app.store, text);
      const shown = text.length > 40 ? `${text.slice(0, 39)}…` : text;
      await vt().waitFor(() => footer().endsWith(shown), UI_MS);
      const before = footer().slice(0, footer().length - shown.length);
      expect(before === '' || before.endsWith('  '), `${n}: "${footer()}"`).toBe(true);
      expect(footer().length).toBeLessThanOrEqual(80);
    }
  }, TEST_MS);
});

describe.each(BOTH_SIZES)('an order\'s expiry, at %ix%i', (cols, rows) => {
  it('expiry-in-time-with-its-limit: the form and its review say the blocks with their time and the exchange\'s limit; Open orders the blocks left with theirs', async () => {
    vt().resize(cols, rows);
    await vt().waitFor(() => state().viewport.cols === cols, UI_MS);
    const ttl = state().trading.markets.find((m) => m.id === screen.market.id)!.order_ttl_blocks;
    vt().press('b');
    await eventually(() => state().tradingUi.entry?.focus === 'size', UI_MS, 'the form on its size');
    // Back from the size past type and side to the last field, the expiry.
    await pressEach(vt(), [KEYS.shiftTab, KEYS.shiftTab, KEYS.shiftTab]);
    await eventually(() => state().tradingUi.entry?.focus === 'expiry', UI_MS, 'the expiry field');
    const time = '\\d+\\.\\d s';
    await vt().waitFor(() => new RegExp(`expiry +default: the exchange's most, ${ttl} blocks ≈ ${time}`).test(entryPaneText(vt())), UI_MS);
    await vt().type('5');
    const said = new RegExp(`expiry +5 blocks ≈ ${time} \\(the exchange allows at most ${ttl} ≈ ${time}\\)`);
    await vt().waitFor(() => said.test(entryPaneText(vt())), UI_MS);
    // The review keeps it, however short the pane.
    await pressEach(vt(), [KEYS.tab, KEYS.tab, KEYS.tab]);
    await eventually(() => state().tradingUi.entry?.focus === 'size', UI_MS, 'back on the size');
    await vt().type('0.001');
    vt().press(KEYS.enter);
    await eventually(() => state().tradingUi.reviewing, UI_MS, 'the review');
    await vt().waitFor(() => said.test(entryPaneText(vt())), UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => !state().tradingUi.reviewing, UI_MS, 'back to the form');
    vt().press(KEYS.escape);
    await eventually(() => state().tradingUi.entry === null, UI_MS, 'the form closed');
    if (cols < 200) return; // no room for the expires column at 80 columns
    // A resting order with an expiry: Open orders say its blocks left with their time.
    const head = state().trading.health?.headBlock ?? 0;
    const mark = screen.sim.control.engine.marketState(screen.market.id)!.mrk;
    const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: CENT, price: mark - Math.round(mark / 50), leverage: 500, lastBlock: head + ttl }).outcome;
    expect(out.ok).toBe(true);
    vt().press('4');
    vt().press('O');
    await vt().waitFor(() => vt().lines().some((l) => l.includes('▲ open L') && new RegExp(`\\d+ blk ≈ ${time}`).test(l)), UI_MS);
  }, TEST_MS);
});
