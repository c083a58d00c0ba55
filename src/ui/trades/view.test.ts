import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import type { TradeView } from '../../domain/views.js';
import { formatScaledGrouped } from '../format/numbers.js';
import { tradeColumns, tradeRowText } from './rows.js';
import { tradesView } from './view.js';

const BTC = { id: 16, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const ETH = { id: 17, symbol: 'ETH', priceDecimals: 2, sizeDecimals: 3 };

/** Every row as built from nothing: the text the tape showed before rows were kept. */
function freshRows(trades: readonly TradeView[], market: typeof BTC, width: number, rows: number): string[] {
  const inner = width - 2;
  const columns = tradeColumns(inner, trades[0] ? formatScaledGrouped(trades[0].price, market.priceDecimals).length : undefined);
  return trades.slice(0, rows).map((t) => tradeRowText(t, market, columns).slice(0, inner).padEnd(inner));
}

describe('tradesView', () => {
  it('tape-formats-only-new-trades: a frame with a new trade keeps the rows of the trades it already showed', () => {
    const t0 = Date.UTC(2026, 0, 2, 13, 4, 5);
    const older: TradeView[] = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, timeMs: t0 - i * 1000, price: 670_000 + i, size: 1_000 + i, side: i % 2 ? 2 : 1 }));
    const before = tradesView(older, BTC, 40, 8);
    // The next frame: a fresh array (as the publisher writes one), one new trade on top.
    const after = tradesView([{ key: 'new', timeMs: t0 + 500, price: 670_100, size: 7, side: 1 }, ...older.map((t) => ({ ...t }))], BTC, 40, 8);
    for (let i = 1; i < 8; i++) expect(after.rows[i]).toBe(before.rows[i - 1]);
    expect(after.rows[0]?.text).toMatch(/▲ 67,010\.0/);
  });

  it('kept-tape-rows-equal-fresh-ones: random frames, columns and markets give the rows built from nothing', () => {
    const random = seededRandom(7);
    let trades: TradeView[] = [];
    let n = 0;
    for (let frame = 0; frame < 300; frame++) {
      const fresh = Math.floor(random() * 4);
      for (let i = 0; i < fresh; i++) {
        // Prices of 5 to 8 digits: the price column follows the newest trade's width.
        const price = Math.floor(random() * 10 ** (5 + Math.floor(random() * 4)));
        trades = [{ key: `t${n++}`, timeMs: 1_700_000_000_000 + n * 137, price, size: 1 + Math.floor(random() * 1e6), side: random() < 0.5 ? (1 as const) : (2 as const) }, ...trades].slice(0, 40);
      }
      const market = random() < 0.1 ? ETH : BTC;
      const width = random() < 0.1 ? 26 : 60;
      const rows = random() < 0.1 ? 5 : 30;
      const view = tradesView(trades.map((t) => ({ ...t })), market, width, rows);
      expect(view.rows.map((r) => r.text)).toEqual(freshRows(trades, market, width, rows));
      expect(view.rows.map((r) => r.side)).toEqual(trades.slice(0, rows).map((t) => t.side));
    }
  });
});
