// Order entry on screen, against the local exchange: a limit order placed with keys rests on the
// exchange, has its Open orders row and a ◆ at its level in the book; a market order fills (toast, and
// the Positions row with uPnL and liq price);
// the same through `:buy`; garbage in every field is explained inline; a read-only key is refused.

import { describe, expect, it } from 'vitest';
import { divCeil, notionalAtoms } from '../../src/domain/trading/notional.js';
import type { Market } from '../../src/protocol/frames.js';
import { formatScaledTrim, parseSize } from '../../src/protocol/scaling.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { pressEach } from '../helpers/keys.js';
import { expectNothingSent } from '../helpers/sent.js';
import { eventually, KEYS } from '../helpers/terminal.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { entryPaneText } from '../helpers/entry-pane.js';
import type { RunningApp } from '../helpers/terminal-app.js';
import { bookMarksOwnOrder, withReadOnlyApp } from '../helpers/trading-screen.js';

const exchange = useScreenExchange('perpl-entry-screen-', { blockMs: 100, seed: 9, flowStepsPerSec: 20 });

/** Opens the app with the demo key and waits until orders can be sent. */
async function openTrading(cols = 200, rows = 50): Promise<{ r: RunningApp; market: Market }> {
  const r = await exchange.open(cols, rows, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
  const { store } = r.app;
  await r.vt.waitFor((s) => s.includes('● live') && s.includes('spread '), 10_000);
  await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, 10_000, 'orders unlocked');
  const id = store.getState().market?.id;
  const market = store.getState().trading.markets.find((m) => m.id === id);
  if (!market) throw new Error('no market');
  return { r, market };
}

/** A size text worth about `usd` dollars at `price` (whole units, at least one). */
function sizeFor(market: Market, price: number, usd: number): string {
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  const units = divCeil(BigInt(usd) * 1_000_000n, notionalAtoms(price, 1, scales));
  return formatScaledTrim(units > 0n ? units : 1n, market.config.size_decimals);
}

/** Presses `key` `times` times, each its own read (a burst would reach the app as one input). */
async function press(r: RunningApp, key: string, times = 1): Promise<void> {
  await pressEach(r.vt, Array<string>(times).fill(key));
}

async function clearField(r: RunningApp, n = 24): Promise<void> {
  await press(r, KEYS.backspace, n);
}

describe('order entry on screen', () => {
  it('limit-with-keys: b, size, price, Enter, y rests the order: its Open orders row, and a ◆ at its level in the book', async () => {
    const { r, market } = await openTrading();
    const { store } = r.app;
    const bestBid = store.getState().book?.bids[0]?.price ?? 0;
    const price = bestBid - 20; // below the best bid: rests (not far from mark, so no extra confirm)
    const priceText = formatScaledTrim(price, market.config.price_decimals);
    r.vt.press('b');
    await r.vt.waitFor('Order entry');
    const size = sizeFor(market, price, 200);
    await r.vt.type(size);
    await press(r, KEYS.tab);
    await r.vt.waitFor('▸price');
    await clearField(r);
    await r.vt.type(priceText);
    await r.vt.waitFor(`price       ${priceText}`);
    r.vt.press(KEYS.enter);
    await r.vt.waitFor('y/Enter send');
    // The docked column wraps the preview's figures: its rows read as one text.
    for (const part of [/est [\d,.]+ /, /slip -?[\d.]+bps/, /fee [\d,.]+ /, /margin [\d,.]+ /, /liq [\d,.]+ /]) expect(entryPaneText(r.vt)).toMatch(part);
    r.vt.press('y');
    await r.vt.waitFor((s) => !s.includes('Order entry'), 10_000);
    const px = formatScaledGrouped(price, market.config.price_decimals);
    // The screen's book marks the level of the own resting order with a ◆.
    await r.vt.waitFor(() => bookMarksOwnOrder(r.vt, px), 10_000);
    // Open orders (trading area, then O) has its row: an open long at that price and size.
    await pressEach(r.vt, ['4', 'O']);
    const sizeText = formatScaledGrouped(parseSize(size, market.config.size_decimals), market.config.size_decimals);
    await r.vt.waitFor(() => r.vt.lines().some((l) => l.includes('▲ open L') && l.includes('limit') && l.includes(px) && l.includes(sizeText)), 10_000);
    // The active tab, counting the open orders.
    expect(r.vt.screenText()).toMatch(/\[Open orders \(\d+\)\]/);
  });

  it.each([
    [200, 50, 'one key at a time'],
    [80, 24, 'in one chunk'],
  ] as const)('tab-to-prefilled-price-typing-replaces at %ix%i, %s: b, Tab to the price, type one, and the form holds exactly it', async (cols, rows, how) => {
    const { r, market } = await openTrading(cols, rows);
    const { store } = r.app;
    r.vt.press('b');
    await eventually(() => (store.getState().tradingUi.entry?.price ?? '') !== '', 10_000, 'the prefilled price');
    const prefilled = store.getState().tradingUi.entry!.price;
    const price = (store.getState().book?.bids[0]?.price ?? 0) - 30;
    const priceText = formatScaledTrim(price, market.config.price_decimals);
    expect(priceText).not.toBe(prefilled);
    await press(r, KEYS.tab);
    const escaped = (text: string) => text.replace(/[.]/g, '\\.');
    await r.vt.waitFor(() => new RegExp(`▸price +${escaped(prefilled)} +\\(typing replaces it\\)`).test(entryPaneText(r.vt)), 10_000);
    if (how === 'in one chunk') r.vt.press(priceText);
    else await r.vt.type(priceText);
    await eventually(() => store.getState().tradingUi.entry?.price === priceText, 10_000, `the price ${priceText}, not appended to ${prefilled}`);
    await r.vt.waitFor(() => new RegExp(`▸price +${escaped(priceText)}( |$)`).test(entryPaneText(r.vt)) && !entryPaneText(r.vt).includes('typing replaces it'), 10_000);
  });

  it('market-with-keys: a market buy fills: toast, and a position with uPnL and liq price', async () => {
    const { r, market } = await openTrading(120, 40);
    const { store } = r.app;
    const ask = store.getState().book?.asks[0]?.price ?? 0;
    r.vt.press('b');
    await r.vt.waitFor('Order entry');
    await r.vt.type(sizeFor(market, ask, 100));
    await press(r, KEYS.up); // size -> type
    await press(r, ' '); // limit -> market
    await r.vt.waitFor('bps cap');
    r.vt.press(KEYS.enter);
    await r.vt.waitFor('y/Enter send');
    r.vt.press(KEYS.enter);
    await r.vt.waitFor(/bought [\d.]+ [A-Z]+ @ [\d,.]+, taker/, 10_000);
    const position = () => store.getState().trading.positions.find((x) => x.marketId === market.id);
    await eventually(() => position()?.liquidationPrice != null, 10_000, 'position with a liq price');
    // The Positions tab's row (shown by default): ▲ LONG, a signed uPnL (or exactly 0.00) and the liq price.
    const liq = formatScaledGrouped(position()?.liquidationPrice ?? 0, market.config.price_decimals);
    const row = () => r.vt.lines().find((l) => l.includes('▲ LONG') && l.includes(liq));
    await r.vt.waitFor(() => row() !== undefined, 10_000);
    expect(row()).toMatch(/(?:[+-]\d[\d,]*\.\d\d|\s0\.00)\s/);
    expect(r.vt.lines().some((l) => l.includes('uPnL') && l.includes('liq'))).toBe(true);
  });

  it('command line: `:buy SIZE @ PRICE post` goes through review and rests; malformed lines are explained', async () => {
    const { r, market } = await openTrading(120, 40);
    const { store } = r.app;
    await press(r, ':');
    await r.vt.waitFor(':█');
    await r.vt.type('buy lots @ 5');
    r.vt.press(KEYS.enter);
    await r.vt.waitFor('size "lots" is not a number');
    await press(r, KEYS.backspace, 20);
    const bid = store.getState().book?.bids[0]?.price ?? 0;
    const price = bid - 30;
    await press(r, ':');
    await r.vt.waitFor(':█');
    await r.vt.type(`buy ${sizeFor(market, price, 150)} @ ${formatScaledTrim(price, market.config.price_decimals)} post`);
    r.vt.press(KEYS.enter);
    await r.vt.waitFor('y/Enter send');
    expect(r.vt.screenText()).toContain('PostOnly');
    r.vt.press('y');
    await eventually(() => store.getState().trading.orders.some((o) => o.price === price), 10_000, 'typed order in the store');
  });

  it('garbage in every field is explained inline, and Enter does not send', async () => {
    const { r } = await openTrading();
    const { store } = r.app;
    const before = store.getState().trading.journal.length;
    r.vt.press('b');
    await r.vt.waitFor('Order entry');
    const typeField = async (text: string, clear = 0) => {
      await clearField(r, clear);
      await r.vt.type(text);
      await press(r, KEYS.tab);
    };
    await typeField('abc'); // size
    await typeField('-5', 12); // price (prefilled)
    await typeField('999', 4); // leverage (prefilled)
    await press(r, KEYS.tab); // reduce-only
    await press(r, KEYS.tab); // time in force
    await typeField('up'); // take-profit
    await typeField('1.23456789'); // stop-loss
    await typeField('0'); // expiry
    // The docked column wraps a field's reason: its rows read as one text.
    await r.vt.waitFor(() => entryPaneText(r.vt).includes('at least 1 block'));
    const screen = entryPaneText(r.vt);
    expect(screen).toContain('size "abc" is not a number');
    expect(screen).toContain('price must be greater than 0');
    expect(screen).toContain('(999x clamped)'); // leverage: clamped to the market maximum, not refused
    expect(screen).toContain('price "up" is not a number');
    expect(screen).toMatch(/has more than \d+ decimal/);
    // "fix …" is Enter's own answer: once it shows, an order Enter sent would be in the journal.
    await expectNothingSent(exchange.home, async () => {
      r.vt.press(KEYS.enter);
      await r.vt.waitFor(/fix [a-z, -]*size/);
    });
    expect(r.vt.screenText()).not.toContain('y/Enter send');
    expect(store.getState().trading.journal.length).toBe(before);
  }, 30_000);

  it('a read-only key: READ-ONLY badge, and b shows why orders are disabled', async () => {
    await withReadOnlyApp(exchange.sim, 120, 40, async (r) => {
      await r.vt.waitFor('READ-ONLY');
      r.vt.press('s');
      await r.vt.waitFor(() => entryPaneText(r.vt).includes('submit disabled: the API key is read-only'), 10_000);
      r.vt.press(KEYS.enter);
      await r.vt.waitFor('cannot send');
    });
  });
});
