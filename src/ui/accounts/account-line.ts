// `:account NAME` on the `:` line: switches trading to the config's account NAME (app/account-switch.ts).
// Refused, with the reason, while a review or a confirm is open (its answer would go to the other account)
// or while requests are in flight (their outcome would land on a screen that no longer shows them).

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';

/** Why the account cannot be switched now, or null. */
export function accountSwitchRefusal(state: TerminalState): string | null {
  const ui = state.tradingUi;
  if (ui.confirm) return 'account: answer the open question first (y / n)';
  if (ui.reviewing || ui.amend || ui.scale) return 'account: send or close the open review first';
  const n = state.trading.inFlight;
  if (n > 0) return `account: ${n} request${n === 1 ? '' : 's'} in flight; switch once they settle`;
  return null;
}

/**
 * Runs `text` when it is an `:account` line: null when it is not one; else the refusal in words, or null
 * in `refused` when the switch was asked (its outcome is said by TerminalActions.switchAccount).
 */
export function runAccountLine(store: TerminalStore, actions: TerminalActions, text: string): { refused: string | null } | null {
  const words = text.trim().split(/\s+/);
  if (words[0]?.toLowerCase() !== 'account') return null;
  if (words.length !== 2) return { refused: 'account: name one, :account NAME (the config\'s [accounts.NAME])' };
  const refused = accountSwitchRefusal(store.getState());
  if (refused) return { refused };
  void actions.switchAccount(words[1]!);
  return { refused: null };
}
