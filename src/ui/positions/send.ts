// A confirmed request of a position (a close, a top-up, TP/SL) sent through TerminalActions, with the
// toast's words for it; a top-up is remembered as where the next `a` in its market starts.

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import type { KeyStamp } from '../../domain/trading/execution-report.js';
import { collateralWords } from '../../domain/trading/order-words.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import type { TerminalStore } from '../../state/store.js';
import { rememberCollateral } from '../../state/trading-actions.js';
import type { TabIntent } from '../../state/trading-tabs.js';
import { sendIntentsWith } from '../tabs/owners.js';

export type PositionIntent = Extract<TabIntent, { kind: 'close' | 'collateral' | 'protect' }>;

/** The toast's words for a position's request. */
function describe(intent: PositionIntent): string {
  switch (intent.kind) {
    case 'close':
      return `close position ${intent.positionId}`;
    case 'collateral':
      return collateralWords(intent.positionId, intent.amount);
    case 'protect':
      return `TP/SL for position ${intent.positionId}`;
  }
}

/** Sends a confirmed request of a position (`key`: the key press that sent it). */
export function runPositionIntent(store: TerminalStore, actions: TerminalActions, intent: PositionIntent, key: KeyStamp | undefined): Promise<ActionResult> {
  const label = describe(intent);
  switch (intent.kind) {
    case 'close':
      return actions.close(intent.positionId, intent.opts, label, key);
    case 'collateral':
      rememberTopUp(store, intent.positionId, intent.amount);
      return actions.addCollateral(intent.positionId, intent.amount, label);
    case 'protect': {
      // One replace in the client: the new trigger is armed first, the old of its role cancelled after.
      const spec = (price: number) => ({ price, on: intent.on, ...(intent.size !== undefined ? { size: intent.size } : {}) });
      return actions.replaceProtection(
        intent.positionId,
        { ...(intent.tp !== undefined ? { tp: spec(intent.tp) } : {}), ...(intent.sl !== undefined ? { sl: spec(intent.sl) } : {}) },
        intent.replacing !== undefined ? { replacing: [intent.replacing] } : {},
        label,
        key,
      );
    }
  }
}

/** The amount of a top-up as sent, in collateral units: where the next `a` in that position's market starts. */
function rememberTopUp(store: TerminalStore, positionId: number, amount: string): void {
  const marketId = store.getState().trading.positions.find((p) => p.positionId === positionId)?.marketId;
  if (marketId !== undefined) rememberCollateral(store, marketId, formatScaledTrim(BigInt(amount), COLLATERAL_DECIMALS));
}

sendIntentsWith(['close', 'collateral', 'protect'], (store, actions, intent, key) => runPositionIntent(store, actions, intent as PositionIntent, key));
