// Issue 14 gap: a change of an order in a market that is not on screen is reviewed at that market's own
// live mark, and since its book is not on screen the review says the fill is unknown and asks. In the real
// app against the local exchange at 200x50: BTC on screen, an ETH buy resting under ETH's mark, moved with
// `e` 15 % over ETH's mark (through ETH's book).

import { beforeEach, describe, expect, it } from 'vitest';
import { marketWords, priceText } from '../../src/domain/trading/order-words.js';
import { formatScaled } from '../../src/protocol/scaling.js';
import { KEYS, eventually } from '../helpers/terminal.js';
import { flattenAccount, typeAndEnter, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-off-screen-amend-', { blockMs: 100, seed: 43, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(async () => {
  await flattenAccount(screen, EXCHANGE_MS);
}, TEST_MS);

const state = () => screen.app.app.store.getState();
const vt = () => screen.app.vt;
const tabLines = () => vt().lines().slice(36);
const accountId = () => state().trading.account!.accountId;
const onExchange = (oid: number) => screen.sim.control.engine.ledger(accountId()).orders.find((o) => o.oid === oid);
const changesSent = (oid: number) => state().trading.journal.filter((e) => e.kind === 'request' && new RegExp(`^rq \\d+ change [A-Z]+ order ${oid}: `).test(e.text)).length;

describe('a change in a market not on screen (200x50)', () => {
  it('amend-off-screen-through-the-market-asks: an ETH buy moved 15 % over ETH\'s mark while BTC is shown asks; Enter sends nothing', async () => {
    expect(state().market?.symbol).toBe('BTC');
    const eth = state().trading.markets.find((m) => m.symbol === 'ETH')!;
    const pd = eth.config.price_decimals;
    const mark = screen.sim.control.engine.marketState(eth.id)!.mrk;
    const price = mark - Math.round(mark / 50); // 2 % under ETH's mark: rests
    const out = await screen.commands.place({ marketId: eth.id, kind: 'limit', side: 'long', size: 100, price, leverage: 500 }).outcome;
    expect(out.ok).toBe(true);
    vt().press('O');
    await eventually(() => state().trading.orders.some((o) => o.marketId === eth.id && o.price === price), EXCHANGE_MS, 'the resting ETH order');
    const oid = state().trading.orders.find((o) => o.marketId === eth.id)!.orderId;
    await vt().waitFor(() => tabLines().some((l) => l.includes(' ETH ') && l.includes(String(oid))), EXCHANGE_MS);
    // ETH's mark is in the store, live, though ETH is not on screen; BTC's book is the one shown.
    await eventually(() => state().trading.marketPrices[eth.id]?.mark.state === 'live', EXCHANGE_MS, 'ETH\'s live mark in the store');
    expect(state().book?.marketId).not.toBe(eth.id);

    const through = Math.round(mark * 1.15);
    vt().press('e');
    await vt().waitFor('change> ', UI_MS);
    vt().press('\u0015'); // Ctrl-U clears the prefilled "price size"
    await vt().waitFor(/change> █/, UI_MS);
    await typeAndEnter(screen, formatScaled(through, pd));

    // The review: the fill is unknown without ETH's book (never "rests"), and the confirm says why it asks.
    // Prices as the confirm says them: ETH's own decimals, grouped and trimmed (as the Journal says them).
    const said = (raw: number) => priceText(raw, marketWords(eth, eth.id));
    const question = `change ETH order ${oid}: price ${said(price)} → ${said(through)}`;
    const asked = await vt().waitFor(question, UI_MS);
    expect(asked).toContain('no book for this market: fill unknown');
    expect(asked).toMatch(/— price 1\d\.\d% from mark; no book shown for ETH: cannot tell if it crosses: send anyway\?/);
    expect(asked).not.toMatch(/rests at/);
    expect(state().tradingUi.amend?.reasons).toHaveLength(2);

    // Enter is Cancel: nothing is sent, the order still rests at its price.
    vt().press(KEYS.enter);
    await vt().waitFor(`cancelled: order ${oid} not changed`, UI_MS);
    expect(changesSent(oid)).toBe(0);
    expect(onExchange(oid)?.p).toBe(price);
  }, TEST_MS);
});
