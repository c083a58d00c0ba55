// A replay is read-only: every trading command is refused with one reason, shown wherever an order key
// is refused, and the REST history (read live with a signed key) is not part of it.

import type { CommandHandle, TradingCommands } from '../domain/trading/commands.js';
import { sessionLocks, type SessionFacts } from '../domain/trading/session-locks.js';
import type { TerminalStore } from '../state/store.js';
import { appendHistory, historyFailed, type HistoryFeedKind } from '../state/trading-tabs.js';

/** Why nothing can be sent: shown wherever an order key is refused. */
export const REPLAY_READ_ONLY = 'replay: read-only';

/** A replay's session as sessionLocks sees it: nothing but read-only, in its own words. */
export const REPLAY_LOCK_FACTS: SessionFacts = {
  canTrade: false,
  readOnly: { message: REPLAY_READ_ONLY, label: 'replay' },
  socketOpen: true,
  feedHealth: 'live',
  account: { fw: true, frozen: false },
};

function refused(): CommandHandle {
  return { rqs: () => [], outcome: Promise.resolve({ ok: false, results: [], message: REPLAY_READ_ONLY }) };
}

/** The screen's trading commands in a replay: every one refused, nothing sent. */
export const READ_ONLY_COMMANDS: TradingCommands = {
  place: refused,
  cancel: refused,
  cancelAll: refused,
  change: refused,
  close: refused,
  addCollateral: refused,
  protect: refused,
  replaceProtection: refused,
  panic: refused,
  locks: () => sessionLocks({ session: REPLAY_LOCK_FACTS }),
  note: () => undefined,
};

/**
 * REST history pages are read live with a signed key and are not replayed: the Fills tab holds the
 * session's own fills (all there is in a replay), the History tab says it is not part of one.
 */
export function replayHistory(store: TerminalStore, kind: HistoryFeedKind): void {
  if (kind === 'fills') appendHistory(store, kind, (rows) => rows, true);
  else historyFailed(store, kind, 'REST history is not part of a replay');
}
