// Little pieces several contexts' bindings share: the "off" reason, a session lock as that reason, "this tab
// only", and the line keys every mode with a line has (Backspace, Ctrl-U, Ctrl-W through the one line editor, keys/mode-lines.ts).

import type { SessionLock } from '../../domain/trading/session-locks.js';
import type { TerminalState } from '../../state/store.js';
import { TAB_LABELS, type TradingTab } from '../../state/trading-tabs.js';
import type { Binding, Disabled, KeyContext, Mode } from './binding.js';
import { editModeLine } from './mode-lines.js';

/** Why a binding does nothing now: `label` for the footer and help, `message` when pressed. */
export const off = (label: string, message = label): Disabled => ({ label, message });

/** A session lock as the reason an order key is off. */
export const fromLock = (lock: SessionLock | undefined): Disabled | null => (lock ? { label: lock.label, message: `orders locked: ${lock.message}` } : null);

/** Backspace, Ctrl-U and Ctrl-W on the line of `mode`. */
export function lineKeys(mode: Mode, disabledReason?: (state: TerminalState) => Disabled | null): Binding[] {
  const edit = (ctx: KeyContext) => void editModeLine(ctx.store, mode, ctx.key);
  const opts = disabledReason ? { disabledReason } : {};
  return [
    { action: 'deleteChar', keys: ['Backspace', 'Delete'], mode, fixed: true, description: 'delete the last character', quiet: true, run: edit, ...opts },
    { action: 'clearLine', keys: ['C-u'], mode, fixed: true, description: 'clear the line', quiet: true, run: edit, ...opts },
    { action: 'deleteWord', keys: ['C-w'], mode, fixed: true, description: 'delete the last word', quiet: true, run: edit, ...opts },
  ];
}

/** Off unless the trading tabs show one of `tabs`. */
export function onTab(state: TerminalState, tabs: readonly TradingTab[]): Disabled | null {
  return tabs.includes(state.tabs.tab) ? null : off(`${tabs.map((t) => TAB_LABELS[t]).join(' / ')} only`);
}
