// The trading publisher's tests share one funded account (id 5, 1,000 of balance) and one long position in it.

import { TradingState } from '../client/trading/trading-state.js';
import type { Position } from '../protocol/frames.js';

/** 0.00100 long in `mkt`, entered at 67,000.0, 5x. */
export function longIn(mkt: number): Position {
  return { at: { b: 3, tx: 0, l: 0 }, mkt, acc: 5, pid: 7, st: 1, sr: 0, sd: 1, c: '1000000', ep: 670_000, s: 100, lv: 500 };
}

/** Account 5's trading state after its wallet snapshot (1,000 of balance), holding `positions`. */
export function fundedTradingState(positions: readonly Position[] = []): TradingState {
  const state = new TradingState(5);
  state.applyWalletSnapshot({ mt: 19, sn: 1, addr: '0xabc', as: [{ in: 1, id: 5, fr: false, fw: true, lfr: 0, b: '1000', lb: '0' }], sts: [] });
  if (positions.length > 0) state.applyPositions([...positions]);
  return state;
}
