// The footer's notice as it stands now. "orders disabled: the trading socket is connecting" was true when
// it was written; once the lock behind it is gone the line would say the opposite of the truth, so it
// lapses by itself (a notice never needs Esc to stop misleading).

import { describeLocks } from '../domain/trading/session-locks.js';
import type { TerminalState } from './store.js';
import { newOrderLocks, tradingLocks } from './trading-locks.js';

export function shownNotice(state: TerminalState): string | null {
  const lapse = state.noticeLapse;
  if (state.notice === null || lapse === null) return state.notice;
  const locks = lapse.marketId === null ? tradingLocks(state) : newOrderLocks(state, lapse.marketId);
  return describeLocks(locks) === null ? null : state.notice;
}
