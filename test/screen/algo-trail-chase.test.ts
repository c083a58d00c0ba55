// `:trail` and `:chase` typed on the `:` line in the real app against the local exchange (issue 31): the
// trail's stop-loss trigger lands on the exchange linked to the position and its row in the Algos tab (`W`)
// says where it is; a second trail takes over the stop the first left; a chase's PostOnly order rests at
// the top of the book and its row says its bound. At 200x50 and 80x24.

import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { OrderFlag, OrderType } from '../../src/protocol/enums.js';
import type { Order } from '../../src/protocol/frames.js';
import { formatScaled } from '../../src/protocol/scaling.js';
import { formatScaledGrouped } from '../../src/ui/format/numbers.js';
import { priceText, refWords } from '../../src/domain/trading/order-words.js';
import { eventually } from '../helpers/terminal.js';
import { flattenAccount, openLong, runCommand, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 15_000;
const EXCHANGE_MS = 25_000;
const TEST_MS = 120_000;

const screen = useTradingScreen('perpl-algo-line-', { blockMs: 100, seed: 31, flowStepsPerSec: 10 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS });

beforeEach(() => flattenAccount(screen, EXCHANGE_MS), TEST_MS);

const state = () => screen.app.app.store.getState();
const px = (raw: number) => formatScaledGrouped(raw, screen.market.priceDecimals);
const typedSize = (raw: number) => formatScaled(raw, screen.market.sizeDecimals);
const newestAlgo = () => state().algos.at(-1);
/** The Algos tab's row of algo `id` as the screen shows it. */
const algoRow = (id: string) => screen.app.vt.lines().find((l) => l.includes(id));
/** The one Algos row of a kind still working (a trail holding or moving its stop, a chase running), at any width (80 columns drop the id). */
const runningRow = (kind: 'TRAIL' | 'CHASE') => {
  const rows = screen.app.vt.lines().filter((l) => l.includes(kind) && /holding|moving|running/.test(l));
  return rows.length === 1 ? rows[0] : undefined;
};
/** The account's open orders as the exchange holds them. */
const exchangeOrders = (): Order[] => screen.sim.control.engine.openOrders(state().trading.account!.accountId);
/** The stop-loss triggers the exchange holds linked to position `pid`. */
const stopsOn = (pid: number) => exchangeOrders().filter((o) => o.lp === pid && (o.tp ?? 0) > 0);
/** Ends an algo still running when a test ends (its orders go with the next test's flattening). */
const endAlgo = (id: string) => onTestFinished(() => void screen.app.app.services.algos?.()?.cancel(id));

describe(':trail and :chase on the `:` line, on the exchange and in the Algos tab', () => {
  it('trail-stop-on-the-exchange-and-in-the-algos-tab: :trail 1% arms a linked stop the row shows; at 80x24 a second trail takes it over', async () => {
    await openLong(screen, 2_000, EXCHANGE_MS);
    const pid = state().trading.positions[0]!.positionId;
    await runCommand(screen.app, 'trail 1%');
    await screen.app.vt.waitFor(/Trail long [\d.]+ [A-Z]+ \(whole position\) 1% under mark [\d,.]+: arms SL [\d,.]+, [\d,.]+ \([\d.]+%\) from liquidation [\d,.]+; moves up only, by [\d,.]+ or more; start\?/, UI_MS);
    expect(stopsOn(pid)).toEqual([]);
    screen.app.vt.press('y');
    await screen.app.vt.waitFor(/trail [A-Z]+: started tr\w+/, UI_MS);
    await eventually(() => newestAlgo()?.kind === 'trail', UI_MS, 'the trail row');
    const first = newestAlgo()!.id;
    endAlgo(first);
    await eventually(() => stopsOn(pid).length === 1, EXCHANGE_MS, "the trail's stop on the exchange");
    screen.app.vt.press('W');
    // The row says a level the exchange holds (the trail may move it as the mark moves, the old stop held until
    // the new one is armed: both read now). Its progress column: "stop 66,330.1 (1.00%)".
    await eventually(() => stopsOn(pid).some((stop) => algoRow(first)?.includes(`stop ${px(stop.tp!)} (`) === true), EXCHANGE_MS, 'the row showing the stop the exchange holds');
    expect(algoRow(first)).toMatch(/▲ LONG .*(holding|moving)/);

    // 80x24: the first trail ends, its stop stays on the exchange; a second trail takes that stop over.
    // The mark holds still first: a move the first trail already sent still arms its new stop and cancels the
    // old one after the trail ends, so the stop to take over is the one left once that settles.
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    screen.app.app.services.algos?.()?.cancel(first);
    await eventually(() => state().algos.find((a) => a.id === first)?.status === 'ended' && stopsOn(pid).length === 1, EXCHANGE_MS, 'the first trail ended, one stop left');
    const held = stopsOn(pid)[0]!;
    screen.app.vt.resize(80, 24);
    onTestFinished(() => screen.app.vt.resize(200, 50));
    await runCommand(screen.app, 'trail 2%');
    await screen.app.vt.waitFor('start trail', UI_MS);
    // The confirm words the price as the app does (order-words.ts priceText: a whole price has no ".0").
    expect(state().tradingUi.confirm?.text).toContain(`SL ${priceText(held.tp!, refWords(screen.market))} (#${held.oid})`);
    screen.app.vt.press('y');
    await eventually(() => newestAlgo()?.id !== first && newestAlgo()?.kind === 'trail', UI_MS, 'the second trail');
    const second = newestAlgo()!.id;
    endAlgo(second);
    screen.app.vt.press('4');
    screen.app.vt.press('W');
    // At 80 columns the id is dropped: the running trail is the one row running, showing the stop the exchange holds.
    await eventually(() => {
      const stops = stopsOn(pid);
      return stops.length === 1 && runningRow('TRAIL')?.includes(`stop ${px(stops[0]!.tp!)} (`) === true;
    }, EXCHANGE_MS, 'the second trail row at 80x24 showing the one stop on the exchange');
  }, TEST_MS);

  it('chase-rests-postonly-at-the-top: :chase buy rests at the best bid, the row says its bound; at 80x24 a sell rests at the best ask', async () => {
    // The book holds still: the chase's order must be seen at the top, not chased around it.
    screen.sim.control.pauseFlow();
    onTestFinished(() => screen.sim.control.resumeFlow());
    const mkt = screen.market.id;
    const ours = (side: 'bid' | 'ask') => exchangeOrders().find((o) => o.fl === OrderFlag.PostOnly && o.mkt === mkt && o.t === (side === 'bid' ? OrderType.OpenLong : OrderType.OpenShort));
    const top = () => screen.sim.control.engine.book(mkt, 1);
    await runCommand(screen.app, `chase buy ${typedSize(2_000)} max 20t for 60s`);
    await screen.app.vt.waitFor(/Chase buy [\d.]+ [A-Z]+ PostOnly from bid [\d,.]+ up to [\d,.]+ \(max [\d,.]+\) for 60s; at the bound left resting, at the deadline cancelled; start\?/, UI_MS);
    expect(ours('bid')).toBeUndefined();
    screen.app.vt.press('y');
    await screen.app.vt.waitFor(/chase buy [A-Z]+: started ch\w+/, UI_MS);
    await eventually(() => newestAlgo()?.kind === 'chase', UI_MS, 'the chase row');
    const buy = newestAlgo()!.id;
    endAlgo(buy);
    await eventually(() => ours('bid') !== undefined && ours('bid')!.p === top().bid[0]?.p, EXCHANGE_MS, 'the PostOnly bid at the top of the book');
    screen.app.vt.press('W');
    // Its row: resting at the top it was placed at, and measured from that start price.
    const start = ours('bid')!.p!;
    await eventually(() => /▲ BUY/.test(algoRow(buy) ?? '') && algoRow(buy)!.includes(`@${px(start)}`) && algoRow(buy)!.includes(`from ${px(start)} to `), UI_MS, 'the chase row');

    // 80x24: the buy chase ends (its order is left to the next test's flattening), a sell chase starts.
    screen.app.app.services.algos?.()?.cancel(buy);
    screen.app.vt.resize(80, 24);
    onTestFinished(() => screen.app.vt.resize(200, 50));
    await runCommand(screen.app, `chase sell ${typedSize(2_000)} max 0.1% cancel`);
    await screen.app.vt.waitFor('start chase', UI_MS);
    expect(state().tradingUi.confirm?.text).toMatch(/^Chase sell .* from ask [\d,.]+ down to [\d,.]+ \(max 0.1%\) for 60s; at the bound cancelled/);
    screen.app.vt.press('y');
    await eventually(() => newestAlgo()?.id !== buy && newestAlgo()?.kind === 'chase', UI_MS, 'the sell chase');
    const sell = newestAlgo()!.id;
    endAlgo(sell);
    await eventually(() => ours('ask') !== undefined && ours('ask')!.p === top().ask[0]?.p, EXCHANGE_MS, 'the PostOnly ask at the top of the book');
    screen.app.vt.press('4');
    screen.app.vt.press('W');
    await eventually(() => runningRow('CHASE')?.includes('▼ SELL') === true, UI_MS, 'the sell chase row at 80x24');
  }, TEST_MS);
});
