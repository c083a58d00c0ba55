// Helpers for market-data integration tests against the local exchange.

import { decodeCandlesResponse, decodeContext } from '../../src/protocol/decode/index.js';
import type { Candle, Context, L2Level } from '../../src/protocol/frames.js';
import type { BookRowView } from '../../src/domain/views.js';
import type { CandleSource } from '../../src/client/market-data/session.js';
import { waitFor as waitUntil } from '../helpers/wait.js';

export async function fetchContext(rest: string): Promise<Context> {
  const res = await fetch(`${rest}/v1/pub/context`);
  if (!res.ok) throw new Error(`context: HTTP ${res.status}`);
  return decodeContext(await res.json());
}

/** A plain REST candle source over fetch (the real REST client belongs to another module). */
export function restCandles(rest: string, calls: string[] = []): CandleSource {
  return {
    async candles(marketId: number, resolution: number, fromMs: number, toMs: number): Promise<Candle[]> {
      const path = `/v1/market-data/${marketId}/candles/${resolution}/${fromMs}-${toMs}`;
      calls.push(path);
      const res = await fetch(`${rest}${path}`);
      if (!res.ok) throw new Error(`candles: HTTP ${res.status}`);
      return decodeCandlesResponse(await res.json()).d;
    },
  };
}

export async function waitFor(cond: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  await waitUntil(cond, what, limitMs, 20);
}

export function rowsToLevels(rows: readonly BookRowView[]): L2Level[] {
  return rows.map((r) => ({ p: r.price, s: r.size, o: r.orders }));
}
