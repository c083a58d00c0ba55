// Issue 19 item 3, a chart to work from, in the real app against the local exchange at 200x50 and 80x24:
// scrolling back in time pages older candles in over REST (one request at a time however long the key is
// held, none once the exchange has nothing older), the crosshair's readout is the exchange's own candle,
// and an open position draws its entry (E) and liquidation (L) lines. The exchange starts with 2600
// minutes of history: more than the first REST page (1024) holds, so scrolling back must fetch.

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningApp } from '../helpers/terminal-app.js';
import { formatScaledGrouped } from '../../src/protocol/scaling.js';
import { candleTimeLabel } from '../../src/ui/chart/chart-info.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/terminal.js';
import { chartRows, chartText } from '../helpers/chart-pane.js';
import { runAppInTerminal } from '../helpers/terminal-app.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 180_000;
const MIN = 60_000;

const exchange = useScreenExchange('perpl-chart-scroll-', { blockMs: 100, seed: 53, flowStepsPerSec: 10, candleHistoryMinutes: 2600 });

/** A pass-through in front of the exchange's REST that records every candle request's path. */
async function countingRest(target: string): Promise<{ base: string; candlePaths: string[]; close(): Promise<void> }> {
  const to = new URL(target);
  const candlePaths: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.includes('/candles/')) candlePaths.push(req.url);
    const upstream = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${to.pathname.replace(/\/$/, '')}`,
    candlePaths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}


/** The exchange's own 1-minute candle opened at `t`. */
function exchangeCandle(marketId: number, t: number) {
  const c = exchange.sim.control.engine.candles(marketId, 60, t, t)[0];
  if (!c || c.t !== t) throw new Error(`the exchange has no candle at ${t}`);
  return c;
}

async function focusChart(r: RunningApp): Promise<void> {
  await r.vt.waitFor('spread ', EXCHANGE_MS);
  await eventually(() => r.app.store.getState().candleHistory.oldestT !== null && r.app.store.getState().candles.length > 0, EXCHANGE_MS, 'the first candle page');
  r.vt.press('2');
  await eventually(() => r.app.store.getState().focus === 'chart', UI_MS, 'the chart focused');
}

describe.each([
  [200, 50],
  [80, 24],
])('the chart to work from (%ix%i)', (cols, rows) => {
  it(`chart-scroll-back-pages-older-candles-over-rest (${cols}x${rows}): one request for a held key, the crosshair reads the exchange's candle, none past the oldest`, async () => {
    const proxy = await countingRest(exchange.sim.rest);
    const r = await runAppInTerminal({ rest: proxy.base, ws: exchange.sim.ws, chainId: exchange.sim.chainId }, cols, rows);
    try {
      const state = () => r.app.store.getState();
      await focusChart(r);
      const marketId = state().market!.id;
      const oldest = () => state().candleHistory.oldestT!;
      // The first REST page (1024 candles) merged: the exchange's 2600 minutes reach further back.
      await eventually(() => state().candleHistory.newestT! - oldest() >= 1000 * MIN, EXCHANGE_MS, 'the first REST page');
      const firstOldest = oldest();
      const before = proxy.candlePaths.length;
      // The footer lists the chart's keys while it has focus; End is off (live already) and says so.
      if (cols >= 200) await r.vt.waitFor(() => r.vt.lines().some((l) => /h scroll {2}End live \(off: live\) {2}x crosshair/.test(l)), UI_MS);

      // Crosshair on, then Home and PgUp held: forty presses in one write.
      r.vt.press('x');
      await eventually(() => state().chart.cursorT !== null, UI_MS, 'the crosshair');
      r.vt.press('\u001b[H'.repeat(20) + '\u001b[5~'.repeat(10) + '\u001b[H'.repeat(10));
      await eventually(() => oldest() < firstOldest, EXCHANGE_MS, 'an older page merged');
      // Every press was handled before the page came back (one write): one request left for all of them.
      expect(proxy.candlePaths.length - before).toBe(1);
      expect(proxy.candlePaths.at(-1)).toMatch(new RegExp(`/candles/60/\\d+-${firstOldest - 1}$`));

      // Home: to the oldest candle held, now older than the first page's; the crosshair on it reads the exchange's candle.
      const t = oldest();
      r.vt.press('\u001b[H');
      await eventually(() => state().chart.cursorT === t, UI_MS, 'the crosshair on the oldest');
      const c = exchangeCandle(marketId, t);
      const px = (v: number) => formatScaledGrouped(v, state().market!.priceDecimals);
      const readout = [candleTimeLabel(t), `O ${px(c.o)}`, `H ${px(c.h)}`, `L ${px(c.l)}`, `C ${px(c.c)}`];
      await r.vt.waitFor(() => readout.every((part) => chartText(r.vt).includes(part)), UI_MS);
      // The chart says it is scrolled back, how far, and the key back to live.
      expect(chartText(r.vt)).toMatch(/◀ \d+[dh]( \d+[hm])? ago {2}End live/);

      // On to the exchange's first candle: each Home at the oldest asks for the page before it; an empty page ends it.
      for (let i = 0; i < 10 && !state().candleHistory.noOlder; i++) {
        const from = oldest();
        r.vt.press('\u001b[H');
        await eventually(() => oldest() < from || state().candleHistory.noOlder, EXCHANGE_MS, 'the page Home asked for');
      }
      expect(state().candleHistory.noOlder).toBe(true);
      // Crosshair off: its readout fills the 80x24 chart's info rows ahead of the history line.
      r.vt.press('x');
      await r.vt.waitFor(() => chartText(r.vt).includes('no older candles'), UI_MS);
      const ended = proxy.candlePaths.length;
      r.vt.press('\u001b[H'.repeat(5) + 'h'.repeat(5));
      // Sentinel: End after them, seen handled, so the presses before it were too: and no request left.
      r.vt.press('\u001b[F');
      await eventually(() => state().chart.endT === null, UI_MS, 'back to live');
      expect(proxy.candlePaths.length).toBe(ended);
      await r.vt.waitFor(() => !chartText(r.vt).includes('◀') && !chartText(r.vt).includes('ago'), UI_MS);
    } finally {
      await r.close();
      await proxy.close();
    }
  }, TEST_MS);

  it(`chart-draws-entry-and-liquidation-lines (${cols}x${rows}): E at the position's entry, L at its liquidation price, T / S at its TP / SL, named in the legend`, async () => {
    const r = await exchange.open(cols, rows, undefined, { keyFile: exchange.sim.demoKeyFile, home: exchange.home });
    const state = () => r.app.store.getState();
    await eventually(() => state().trading.account !== null && state().trading.lockReason === null, EXCHANGE_MS, 'signed in');
    const market = state().market!;
    const intents = r.app.services.trading?.();
    const mine = () => state().trading.positions.find((p) => p.marketId === market.id && p.liquidationPrice !== null);
    for (let i = 0; i < 20 && !mine(); i++) {
      await intents!.place({ marketId: market.id, kind: 'market', side: 'long', size: 200, leverage: 500 }).outcome;
      await eventually(() => mine() !== undefined, 1_000, 'a fill').catch(() => undefined);
    }
    await eventually(() => mine() !== undefined, EXCHANGE_MS, 'the long with its liquidation price');
    // Its TP 5 % over and SL 3 % under the entry (armed once for the file: the 80x24 run finds them).
    const triggers = () => state().trading.orders.filter((o) => o.marketId === market.id && o.triggerPrice !== null);
    if (triggers().length === 0) {
      const entry = mine()!.entryPrice;
      await intents!.protect(mine()!.positionId, { tp: { price: Math.round(entry * 1.05) }, sl: { price: Math.round(entry * 0.97) } }).outcome;
    }
    await eventually(() => triggers().length === 2, EXCHANGE_MS, 'the TP and SL armed');
    await focusChart(r);
    const px = (v: number) => formatScaledGrouped(v, market.priceDecimals);
    const [tp, sl] = [...triggers()].sort((a, b) => b.triggerPrice! - a.triggerPrice!).map((o) => o.triggerPrice!);
    // TP and SL named apart in the legend (T above, S below the candles).
    await r.vt.waitFor(() => chartText(r.vt).includes(`T TP ${px(tp!)}▲`) && chartText(r.vt).includes(`S SL ${px(sl!)}▼`), EXCHANGE_MS);
    // The legend names both (the liquidation of a 5x long is far under the candles: ▼); the entry's row is drawn ┈ with E on the axis.
    await r.vt.waitFor(() => {
      const p = mine();
      if (!p) return false;
      const text = chartText(r.vt);
      return text.includes(`E entry ${px(p.entryPrice)}`) && text.includes(`L liq ${px(p.liquidationPrice!)}▼`);
    }, EXCHANGE_MS);
    // Inside the candles' range (no ▲ / ▼ in the legend), the entry's own row: ┈ across, E and the price on the axis.
    await r.vt.waitFor(() => {
      const p = mine();
      const text = chartText(r.vt);
      if (!p || /E entry [\d,.]+[▲▼]/.test(text)) return false;
      return chartRows(r.vt).some((row) => row.includes('┈') && row.endsWith(`E${px(p.entryPrice)}`));
    }, EXCHANGE_MS);
    await r.close();
  }, TEST_MS);
});
