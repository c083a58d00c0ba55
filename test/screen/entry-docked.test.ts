// The order form docked, against the local exchange: while entering an order, in its review and in the
// smart confirm the trader keeps the market in view. At 200x50 (and 120x32) the form is a column beside the
// book with the chart (candles) and the tape (trade rows) still drawn; at 80x24 it takes the chart's place
// and book and tape stay. The confirm's question is read whole in the narrow column.

import { describe, expect, it } from 'vitest';
import { divCeil, notionalAtoms } from '../../src/domain/trading/notional.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import { eventually, KEYS, type VirtualTerminal } from '../helpers/terminal.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import type { RunningApp } from '../helpers/terminal-app.js';
import { entryPaneText, paneRows } from '../helpers/entry-pane.js';

const exchange = useScreenExchange('perpl-entry-docked-', { blockMs: 100, seed: 9, flowStepsPerSec: 20 });

const CANDLE = /[█▒]/;
const TRADE_ROW = /\d\d:\d\d(:\d\d)? [▲▼] +\d{1,3}(,\d{3})*\.\d+ +\d+\.\d+/;

function chartHasCandles(vt: VirtualTerminal): boolean {
  return paneRows(vt, /┌─ Chart /).some((r) => CANDLE.test(r));
}
function tapeHasTrades(vt: VirtualTerminal): boolean {
  return paneRows(vt, /┌─ Trades /).some((r) => TRADE_ROW.test(r));
}
const formText = entryPaneText;

/** Opens the app with the demo key at `cols`x`rows`, orders unlocked and candles and trades drawn. */
async function openTrading(cols: number, rows: number): Promise<RunningApp> {
  const r = await exchange.open(cols, rows, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
  const { store } = r.app;
  await eventually(() => store.getState().trading.account !== null && store.getState().trading.lockReason === null, 30_000, 'orders unlocked');
  await r.vt.waitFor(() => chartHasCandles(r.vt) && tapeHasTrades(r.vt), 30_000);
  return r;
}

/** A buy size whose margin is about 70% of equity at the form's leverage: the review asks the smart confirm. */
function sizeAskingConfirm(r: RunningApp): string {
  const s = r.app.store.getState();
  const market = s.trading.markets.find((m) => m.id === s.market?.id);
  const form = s.tradingUi.entry;
  const equity = s.trading.account?.equity;
  const mark = s.header?.mark;
  if (!market || !form || !equity || !mark) throw new Error('no market, form, equity or mark');
  const usdAtoms = (BigInt(equity) * BigInt(Math.round(Number(form.leverage) * 100)) * 70n) / 10_000n;
  const scales = { priceDecimals: market.config.price_decimals, sizeDecimals: market.config.size_decimals };
  return formatScaledTrim(divCeil(usdAtoms, notionalAtoms(mark, 1, scales)), market.config.size_decimals);
}

describe('order form docked beside the market', () => {
  for (const [cols, rows, chartKept] of [
    [200, 50, true],
    [120, 32, true],
    [80, 24, false],
  ] as const) {
    it(`entry-keeps-the-market-in-view-at-${cols}x${rows}: form, ${chartKept ? 'chart, ' : ''}trades while editing, in review and in the confirm`, async () => {
      const r = await openTrading(cols, rows);
      const { vt } = r;
      const market = (): boolean => (chartKept ? chartHasCandles(vt) : true) && tapeHasTrades(vt);
      vt.press('b');
      await vt.waitFor(() => /▸size/.test(formText(vt)) && /leverage/.test(formText(vt)), 20_000);
      await vt.type(sizeAskingConfirm(r));
      await vt.waitFor(() => formText(vt).includes('fields marked') === false && market(), 20_000);
      expect(formText(vt)).toMatch(/price +\d/);
      if (!chartKept) expect(vt.screenText()).not.toContain('Chart 1m');

      vt.press(KEYS.enter);
      await vt.waitFor(() => /y\/Enter send/.test(formText(vt)) && /est [\d,.]+/.test(formText(vt)) && market(), 20_000);

      vt.press(KEYS.enter);
      // The confirm's question and its keys, read whole in the form's column (wrapped, not cut).
      await vt.waitFor(() => /margin \d+% of equity: send anyway\?/.test(formText(vt)) && /y send anyway +any other key cancels/.test(formText(vt)) && market(), 20_000);
      expect(formText(vt)).toMatch(/▲ LONG \(buy\)/);
      vt.press(KEYS.escape); // cancels the confirm
      await vt.waitFor(() => !/send anyway\?/.test(formText(vt)), 20_000);
      vt.press(KEYS.escape); // back to the fields
      vt.press(KEYS.escape); // closes the form: the layout without it comes back
      await vt.waitFor((s) => !s.includes('▸ Order') && s.includes('Chart 1m') && s.includes('[Positions]'), 20_000);
      expect(r.app.store.getState().trading.orders).toHaveLength(0);
    }, 120_000);
  }
});
