// Presets in the real app against the local exchange: a preset key opens the review of its line, filled in as
// typing `:` + the line + Enter would, and `y` sends it; a `confirm = false` preset sends a routine order with
// no key but its own, and a risky one (the same order again within seconds) still stops at smart confirm. The
// keys pressed one read at a time and in one chunk (a `y` in the chunk of the key that asked answers nothing),
// at 200x50 and 80x24.

import { describe, expect, it } from 'vitest';
import { parsePrice } from '../../src/protocol/scaling.js';
import { expectNothingSent, journaledRequests } from '../helpers/sent.js';
import { eventually } from '../helpers/terminal.js';
import { atQuietSize, startEachTestFlat, useTradingScreen } from '../helpers/trading-screen.js';

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

  it('relative-price-preset-rests-at-the-resolved-price-200x50: F6 `buy 0.007 @bid-5t postonly` reviews @bid-5t = PRICE, y rests it there', async () => {
    await relativePresetRests('\u001b[17~', '@bid-5t', 7);
  }, TEST_MS);

  it('relative-price-preset-rests-at-the-resolved-price-80x24', async () => {
    await atQuietSize(screen, 80, 24, UI_MS);
    await relativePresetRests('\u001b[18~', '@bid-7t', 8);
  }, TEST_MS);
});
