// The trading side of `bench/paint-loop.ts` with PAINT_LOOP_ALGOS=1 (the busy book with the Algos tab open
// and a TWAP running, issue 35): a trading session holding a long BTC position and its fills, published by
// the app's own TradingPublisher at the app's turn (state/frame-turn.ts); a block every 10 frames moves the
// mark, the last trade and the head (as the exchange's blocks do); the TWAP's row counts down each second.
// Deterministic, so two builds compare on the same frames under callgrind.

import type { TradingClient } from '../../src/client/trading/client.js';
import { TradingState } from '../../src/client/trading/trading-state.js';
import { TradingPublisher } from '../../src/app/trading-publisher.js';
import type { AlgoRow } from '../../src/domain/algos/algo-row.js';
import type { MarkReading, MarkSource } from '../../src/domain/marks.js';
import { btcTestMarket } from '../../src/domain/trading/market.fixtures.js';
import type { Fill } from '../../src/protocol/frames.js';
import type { FrameTurn } from '../../src/state/frame-turn.js';
import { LIVE_SESSION_FACTS } from '../../src/state/fixtures.js';
import { INITIAL_CONNECTION, type TerminalStore } from '../../src/state/store.js';
import { selectTab } from '../../src/state/trading-tabs.js';

const BLOCK_FRAMES = 10;

export interface AlgosSide {
  /** Frame `frame` of the loop at `nowMs`: a block every BLOCK_FRAMES frames; the publisher ticks at every frame, as its timer does. */
  frame(frame: number, nowMs: number): void;
}

export function startAlgosSide(store: TerminalStore, turn: FrameTurn, startMs: number): AlgosSide {
  const market = btcTestMarket();
  const state = new TradingState(5);
  state.applyWalletSnapshot({ mt: 19, sn: 1, addr: '0xabc', as: [{ in: 1, id: 5, fr: false, fw: true, lfr: 0, b: '100000000000', lb: '0' }], sts: [] });
  state.applyPositions([{ at: { b: 3, tx: 0, l: 0 }, mkt: market.id, acc: 5, pid: 7, st: 1, sr: 0, sd: 1, c: '1000000000', ep: 670_000, s: 600, lv: 500 }]);
  const fills: Fill[] = Array.from({ length: 12 }, (_, i) => ({ at: { b: 3 + i, tx: 0, l: 0 }, mkt: market.id, acc: 5, oid: 100 + i, t: 1, l: 1, p: 670_000 + i, s: 50, f: '10' }));
  state.applyFills(fills);
  let head = 1_000;
  const client = {
    session: { state, get head() { return head; }, synced: true, malformedFrames: 0, connectionView: () => ({ ...INITIAL_CONNECTION, health: 'live' as const, lastDataAt: startMs }) },
    engine: { version: 0, lockFacts: () => ({ ...LIVE_SESSION_FACTS }), journalEntries: () => [], pending: () => [], lastBlockOf: () => undefined, executionReports: () => [] },
  } as unknown as TradingClient;
  let mark: MarkReading = { state: 'live', price: 670_125, block: head, timeMs: null };
  let last = 670_130;
  const marks: MarkSource = { readMark: () => mark, lastTradePrice: () => last };
  let now = startMs;
  const twapStart = startMs;
  const algoRows = (): AlgoRow[] => {
    const leftS = 30 - (Math.floor((now - twapStart) / 1000) % 30);
    return [{ id: 'twap-1', kind: 'twap', marketId: market.id, side: 'long', target: 1_200, filled: 600, status: 'running', complete: false, reason: '', arrivalMark: 670_000, avgPrice: 670_005, next: `slice 13/20 in ${leftS}s`, children: 12 }];
  };
  const publisher = new TradingPublisher({ store, client, markets: [market], marks, scopeMask: 3, keyExpiresAt: null, hz: 25, turn, algoRows, algoLines: () => [], now: () => now });
  publisher.tick();
  selectTab(store, 'algos');
  store.setState({ focus: 'trading' });
  return {
    frame(frame, nowMs) {
      now = nowMs;
      if (frame % BLOCK_FRAMES === 0) {
        head += 1;
        mark = { state: 'live', price: 670_125 + ((frame / BLOCK_FRAMES) % 7) * 5, block: head, timeMs: null };
        last = mark.price + 5;
      }
      turn.run(() => publisher.tick());
    },
  };
}
