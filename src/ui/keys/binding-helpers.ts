// Little pieces several contexts' bindings share: the "off" reason, a session lock as one, and "this tab only".

import type { SessionLock } from '../../domain/trading/session-locks.js';
import type { TerminalState } from '../../state/store.js';
import { TAB_LABELS, type TradingTab } from '../../state/trading-tabs.js';
import type { Disabled } from './binding.js';

/** Why a binding does nothing now: `label` for the footer and help, `message` when pressed. */
export const off = (label: string, message = label): Disabled => ({ label, message });

/** A session lock (heartbeat gap, stalled feed, …) as the reason an order key does nothing. */
export const fromLock = (lock: SessionLock | undefined): Disabled | null => (lock ? { label: lock.label, message: `orders locked: ${lock.message}` } : null);

/** Off unless the trading tabs show one of `tabs`. */
export function onTab(state: TerminalState, tabs: readonly TradingTab[]): Disabled | null {
  return tabs.includes(state.tabs.tab) ? null : off(`${tabs.map((t) => TAB_LABELS[t]).join(' / ')} only`);
}
