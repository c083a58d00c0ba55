// Issue 17 item 2 on screen (200x50, local exchange): a market buy typed on the `:` line is toasted in the
// market's units ("bought 0.01 BTC @ 66,917.3, taker"; "buy 0.01 BTC at market: filled, taker (rq 3)") and
// the Journal shows the request the same way, with the wire's status and reason kept after a middle dot.

import { describe, expect, it } from 'vitest';
import { formatScaled, formatScaledTrim } from '../../src/protocol/scaling.js';
import { flattenAccount, runCommand, useTradingScreen } from '../helpers/trading-screen.js';
import { escapeRegExp } from '../helpers/terminal.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-journal-words-', { blockMs: 100, seed: 17, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

const vt = () => screen.app.vt;
const state = () => screen.app.app.store.getState();
/** The trading tabs at 200x50: the lines below the book, chart and trades. */
const tabLines = () => vt().lines().slice(36).join('\n');

describe('words a person reads (200x50)', () => {
  it('journal-and-fill-toast-in-market-units: a market buy is toasted and journaled with sizes, prices and names', async () => {
    await flattenAccount(screen, EXCHANGE_MS);
    const size = 1_000;
    const shownSize = `${formatScaledTrim(size, screen.market.sizeDecimals)} ${screen.market.symbol}`;
    await runCommand(screen.app, `buy ${formatScaled(size, screen.market.sizeDecimals)} mkt`);
    await vt().waitFor('y/Enter send', UI_MS);
    vt().press('y');
    // The fill toast: side, size with the market's decimals and name, a grouped price, maker/taker.
    await vt().waitFor(new RegExp(`bought ${escapeRegExp(shownSize)} @ [\\d,]+(\\.\\d+)?, taker`), EXCHANGE_MS);
    // The outcome toast: what was asked, then the plain outcome with its rq.
    const outcome = await vt().waitFor(new RegExp(`buy ${escapeRegExp(shownSize)} at market: filled, taker \\(rq \\d+\\)`), EXCHANGE_MS);
    const rq = Number(new RegExp(`at market: filled, taker \\(rq (\\d+)\\)`).exec(outcome)![1]);
    expect(outcome).not.toMatch(/TakerOrderFilled/);

    vt().press('J');
    await vt().waitFor(() => tabLines().includes('[Journal]'), UI_MS);
    await vt().waitFor(() => tabLines().includes(`rq ${rq} market buy ${shownSize} at market`), UI_MS);
    await vt().waitFor(() => tabLines().includes(`rq ${rq} filled, taker · Filled: TakerOrderFilled (43)`), UI_MS);
    // Never the wire's integers: no "market long 1000 @ mkt on 1".
    expect(tabLines()).not.toMatch(/market long \d+ @ mkt on \d+/);
    expect(state().trading.journal.some((e) => e.text === `rq ${rq} market buy ${shownSize} at market`)).toBe(true);
  }, TEST_MS);
});
