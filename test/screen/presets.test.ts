// Presets in the real app against the local exchange: a preset key opens the review of its line, filled in as
// typing `:` + the line + Enter would, and `y` sends it; a `confirm = false` preset sends a routine order with
// no key but its own, and a risky one (the same order again within seconds) still stops at smart confirm. The
// keys pressed one read at a time and in one chunk (a `y` in the chunk of the key that asked answers nothing),
// at 200x50 and 80x24. The config's guards hold for a preset's order as for a typed one: one over
// maxOrderNotional is refused with the guard's words, nothing sent; and a `:buy` that would take the position
// with its resting orders over maxPositionNotional is refused too, the account box showing `max pos`.
// (Here, not in guards.test.ts: that file's account box asserts its daily-loss and order lines, which a third
// guard line would push out of the box.)

import { describe, expect, it } from 'vitest';
import { parsePrice } from '../../src/protocol/scaling.js';
import { expectNothingSent, journaledRequests } from '../helpers/sent.js';
import { eventually } from '../helpers/terminal.js';
import { atQuietSize, runCommand, startEachTestFlat, useTradingScreen } from '../helpers/trading-screen.js';
import { formatScaled } from '../../src/protocol/scaling.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;
const WAITS = { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS };

/** xterm's F1 .. F4, and Alt-n. */
const F1 = '\u001bOP';
const F2 = '\u001bOQ';
const F3 = '\u001bOR';
const F4 = '\u001bOS';
const ALT_N = '\u001bn';
const F8 = '\u001b[19~';
const F9 = '\u001b[20~';

// A size of its own for each test: the same order twice within seconds is a duplicate (smart confirm asks).
const CONFIG = `[presets]
F1 = "buy 0.001 mkt"
F3 = "buy 0.003 mkt"
F5 = "buy 0.005 mkt"
F2 = { do = "buy 0.002 mkt", confirm = false }
F4 = { do = "buy 0.004 mkt", confirm = false }
alt-n = { do = "buy 0.006 mkt", confirm = false }
F6 = "buy 0.007 @bid-5t postonly"
F7 = "buy 0.008 @bid-7t postonly"
F8 = { do = "buy $1500 mkt", confirm = false }
F9 = "buy $400 mkt"

# Above every preset order and position the tests above reach (at most 0.006 BTC, flat before each test).
[guards]
maxOrderNotional = "1000"
maxPositionNotional = "3000"
`;

const screen = useTradingScreen('perpl-presets-', { blockMs: 100, seed: 57, flowStepsPerSec: 10 }, WAITS, { cols: 200, rows: 50 }, CONFIG);
startEachTestFlat(screen, WAITS);

const vt = () => screen.app.vt;
const store = () => screen.app.app.store;
/** The long's size in lots (0.001 BTC = 100), 0 when flat. */
const longLots = () => store().getState().trading.positions.find((p) => p.marketId === screen.market.id)?.size ?? 0;
/** The notice of a y in the write of the key that asked (cut at 80 columns after these words). */
const SENT_WORDS = /y arrived with the key that asked/;

/** A reviewed preset of `size` (thousandths of a BTC) on `key`: its review, then y sends it. */
async function presetWithReview(key: string, size: number, chunk: boolean): Promise<void> {
  if (chunk) {
    // The preset key and y in one write: the review opens, the y answers nothing and says so.
    await expectNothingSent(screen.home, async () => {
      vt().press(`${key}y`);
      await vt().waitFor(SENT_WORDS, UI_MS);
    });
  } else {
    vt().press(key);
  }
  const review = await vt().waitFor('y/Enter send', UI_MS);
  // The review is the line's: a market buy of that size in the market on screen.
  // (At 80 columns the side's words wrap after LONG.)
  expect(review).toContain('▲ LONG');
  expect(review).toMatch(new RegExp(`size\\s+0\\.00${size} BTC`));
  expect(store().getState().tradingUi.entry).toMatchObject({ side: 'long', size: `0.00${size}`, type: 'market' });
  const before = journaledRequests(screen.home).length;
  const held = longLots();
  vt().press('y');
  await eventually(() => longLots() === held + size * 100, EXCHANGE_MS, `the preset's long of 0.00${size} on the exchange`);
  expect(journaledRequests(screen.home).length).toBe(before + 1);
}

/** A `confirm = false` preset of `size` on `key`: sent with no other key; pressed again it is a duplicate, which asks. */
async function presetWithoutReview(key: string, size: number, chunk: boolean): Promise<void> {
  const before = journaledRequests(screen.home).length;
  const held = longLots();
  if (chunk) {
    // Twice and y in one write: the first goes at once, the second is the same order within seconds and asks;
    // the y of the same write answers nothing.
    vt().press(`${key}${key}y`);
    await vt().waitFor(SENT_WORDS, UI_MS);
  } else {
    vt().press(key);
    await eventually(() => longLots() === held + size * 100, EXCHANGE_MS, `the long of 0.00${size}, sent with no key but the preset's`);
    await expectNothingSent(screen.home, async () => {
      vt().press(key);
      await vt().waitFor('same order sent seconds ago', UI_MS);
    });
  }
  // One order went without review; the risky second waits for its answer (default Cancel).
  expect(journaledRequests(screen.home).length).toBe(before + 1);
  expect(vt().screenText()).toContain('same order sent seconds ago');
  await eventually(() => longLots() === held + size * 100, EXCHANGE_MS, 'the first long');
  vt().press('y');
  await eventually(() => longLots() === held + size * 200, EXCHANGE_MS, 'the second long, sent by its y');
}

/**
 * A relative-price preset of `size` (thousandths of a BTC) on `key`: the review says the price its word
 * resolved to when the key was pressed (`@bid-5t = 66,…`), and y rests a post-only limit at exactly that price.
 */
async function relativePresetRests(key: string, word: string, size: number): Promise<void> {
  vt().press(key);
  await vt().waitFor('y/Enter send', UI_MS);
  const entry = store().getState().tradingUi.entry;
  const note = entry?.typedNotes?.[0]?.text ?? '';
  expect(note).toMatch(new RegExp(`^${word.replace(/[+-]/g, '\\$&')} = [0-9,.]+$`));
  // Said on screen (a narrow pane may wrap it at its spaces).
  expect(vt().screenText().replace(/\s+/g, ' ')).toContain(note);
  expect(entry).toMatchObject({ side: 'long', size: `0.00${size}`, type: 'limit', tif: 'post' });
  const ticks = parsePrice(entry!.price, screen.market.priceDecimals);
  vt().press('y');
  await eventually(
    () => store().getState().trading.orders.some((o) => o.marketId === screen.market.id && o.price === ticks && o.originalSize === size * 100),
    EXCHANGE_MS,
    `the preset's post-only buy resting at ${entry!.price}`,
  );
}

describe('presets on screen', () => {
  it('preset-with-review-200x50: in the footer with its line; F1 opens the review, y sends it (one key per read)', async () => {
    await vt().waitFor('F1 buy 0.001 mkt', UI_MS);
    expect(vt().screenText()).toContain('F2 buy 0.002 mkt');
    await presetWithReview(F1, 1, false);
  }, TEST_MS);

  it('preset-with-review-in-one-chunk-200x50', async () => {
    await presetWithReview(F3, 3, true);
  }, TEST_MS);

  it('preset-without-review-200x50: F2 sends at once; F2 again is a duplicate and asks (one key per read)', async () => {
    await presetWithoutReview(F2, 2, false);
  }, TEST_MS);

  it('preset-without-review-in-one-chunk-200x50', async () => {
    await presetWithoutReview(F4, 4, true);
  }, TEST_MS);

  it('presets-at-80x24: in ? help with their line; F5 reviews (one chunk), Alt-n goes without review (one key per read)', async () => {
    await atQuietSize(screen, 80, 24, UI_MS);
    vt().press('?');
    await vt().waitFor('Help', UI_MS);
    await vt().type('preset');
    await vt().waitFor('preset :buy 0.006 mkt', UI_MS);
    expect(vt().screenText()).toContain('Alt-n');
    vt().press('\u001b');
    await vt().waitFor((s) => !s.includes('preset :buy'), UI_MS);
    await presetWithReview('\u001b[15~', 5, true);
    await presetWithoutReview(ALT_N, 6, false);
  }, TEST_MS);

  it('preset-over-max-order-refused-nothing-sent-one-under-goes-200x50', async () => {
    // A preset without review goes straight to the engine: the guard is all that stands before the wire.
    await expectNothingSent(screen.home, async () => {
      vt().press(F8);
      await vt().waitFor('guard: order notional 1,', UI_MS);
    });
    expect(vt().screenText()).toMatch(/guard: order notional 1,\d{3}(\.\d\d)? USD over maxOrderNotional 1,000/);
    expect(longLots()).toBe(0);
    // Under the limit, reviewed: y sends it and the long opens.
    const before = journaledRequests(screen.home).length;
    vt().press(F9);
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    await eventually(() => longLots() > 0, EXCHANGE_MS, "the preset's long of about 400 USD");
    expect(journaledRequests(screen.home).length).toBe(before + 1);
  }, TEST_MS);

  it('position-over-max-position-refused-and-max-pos-shown-at-200x50', async () => {
    await longOf(400);
    await vt().waitFor((s) => /max pos BTC\s+\d{3}(\.\d\d)?\/3,000/.test(s), EXCHANGE_MS);
    // About 400 held + 2 x 900 resting + 900 typed: about 3,100, over 3,000 though each order is under 1,000.
    await restingBid(900);
    await restingBid(900);
    await positionRefusedOnScreen(900, /guard: BTC position would be 3,[01]\d\d(\.\d\d)? USD with resting orders/);
  }, TEST_MS);

  it('position-over-max-position-refused-at-80x24', async () => {
    await atQuietSize(screen, 80, 24, UI_MS);
    // About 400 held + 900 and 990 resting + 990 typed: about 3,280 (not the 3,0.. or 3,1.. of the 200x50 refusal).
    await longOf(400);
    await restingBid(900);
    await restingBid(990);
    await positionRefusedOnScreen(990, 'guard: BTC position would be 3,2');
  }, TEST_MS);

  it('relative-price-preset-rests-at-the-resolved-price-200x50: F6 `buy 0.007 @bid-5t postonly` reviews @bid-5t = PRICE, y rests it there', async () => {
    await relativePresetRests('\u001b[17~', '@bid-5t', 7);
  }, TEST_MS);

  it('relative-price-preset-rests-at-the-resolved-price-80x24', async () => {
    await atQuietSize(screen, 80, 24, UI_MS);
    await relativePresetRests('\u001b[18~', '@bid-7t', 8);
  }, TEST_MS);
});

/** A size (lots) worth about `usd` at the third bid level, and that price (ticks): an order there would rest. */
function restingWorth(usd: number): { price: number; size: bigint } {
  const { priceDecimals, sizeDecimals } = screen.market;
  const price = screen.sim.control.engine.book(screen.market.id, 3).bid[2]!.p;
  const perUnit = (BigInt(price) * 10n ** 6n) / 10n ** BigInt(priceDecimals + sizeDecimals);
  return { price, size: (BigInt(usd) * 10n ** 6n) / perUnit };
}

/** A long of about `usd` opened at market through the app's own commands (guarded too). */
async function longOf(usd: number): Promise<void> {
  const { size } = restingWorth(usd);
  expect((await screen.commands.place({ marketId: screen.market.id, kind: 'market', side: 'long', size: Number(size), leverage: 500 }).outcome).ok).toBe(true);
  await eventually(() => longLots() > 0, EXCHANGE_MS, 'the long in the app');
}

/** A bid of about `usd` resting on the exchange, placed through the app's own commands. */
async function restingBid(usd: number): Promise<void> {
  const { price, size } = restingWorth(usd);
  const out = await screen.commands.place({ marketId: screen.market.id, kind: 'limit', side: 'long', size: Number(size), price, leverage: 500 }).outcome;
  expect(out.ok).toBe(true);
  const oid = out.results[0]!.oid!;
  await eventually(() => store().getState().trading.orders.some((o) => o.orderId === oid), EXCHANGE_MS, 'the resting bid in the app');
}

/** Types `:buy` of about `usd` at the third bid level, sends it from the review, waits for `words`: nothing journaled. */
async function positionRefusedOnScreen(usd: number, words: string | RegExp): Promise<void> {
  const { priceDecimals, sizeDecimals } = screen.market;
  const { price, size } = restingWorth(usd);
  await expectNothingSent(screen.home, async () => {
    await runCommand(screen.app, `buy ${formatScaled(size, sizeDecimals)} @ ${formatScaled(price, priceDecimals)}`);
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    await vt().waitFor(words, UI_MS);
  });
}
