// The flows of a position's row: open its inline editor (`x` close, `a` collateral, `t` TP/SL) prefilled,
// read the editor's text into a request (editors.ts) and send a confirmed one through TerminalActions.

import type { ActionResult, TerminalActions } from '../../domain/terminal-actions.js';
import { collateralWords } from '../../domain/trading/order-words.js';
import { WHOLE_POSITION_BPS, formatClosePercent } from '../../domain/trading/close-share.js';
import { protectionOf } from '../../domain/trading/protection.js';
import { COLLATERAL_DECIMALS } from '../../protocol/enums.js';
import { formatScaled, formatScaledTrim } from '../../protocol/scaling.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { rememberCollateral } from '../../state/trading-actions.js';
import { openEditor, type TabIntent, type TradingTabsState } from '../../state/trading-tabs.js';
import type { KeyStamp } from '../../domain/trading/execution-report.js';
import type { EditorResult } from '../tabs/editor.js';
import { marketOf } from '../tabs/markets.js';
import { closeIntent, collateralIntent, protectIntent } from './editors.js';
import { selectedPosition } from './rows.js';

export type PositionIntent = Extract<TabIntent, { kind: 'close' | 'collateral' | 'protect' }>;
type PositionPrompt = NonNullable<TradingTabsState['prompt']> & { mode: 'close' | 'collateral' | 'tpsl' };

/**
 * `x`, `a`, `t` on a position: its editor, prefilled (selected, so typing replaces it): `x` with 100% (what
 * an empty line means), `a` with the amount last added in that market this session, TP/SL with the triggers it has.
 */
export function openPositionEditor(store: TerminalStore, mode: 'close' | 'collateral' | 'tpsl'): void {
  const state = store.getState();
  const position = selectedPosition(state);
  if (!position) return;
  if (mode === 'close') return openEditor(store, mode, position.positionId, formatClosePercent(WHOLE_POSITION_BPS));
  if (mode === 'collateral') return openEditor(store, mode, position.positionId, state.tradingUi.lastCollateral[position.marketId] ?? '');
  const market = marketOf(state, position.marketId);
  const { stopLoss, takeProfit } = protectionOf(position, state.trading.orders);
  const price = (raw: number) => (market ? formatScaled(raw, market.priceDecimals) : '');
  const words = [...stopLoss.map((t) => `sl ${price(t.price)}`), ...takeProfit.map((t) => `tp ${price(t.price)}`)];
  openEditor(store, 'tpsl', position.positionId, words.join(' '));
}

/** What the open position editor's text asks for, against the position as it is now. */
export function positionEditorResult(state: TerminalState, prompt: PositionPrompt): EditorResult {
  const position = state.trading.positions.find((p) => p.positionId === prompt.targetId);
  const market = position && marketOf(state, position.marketId);
  if (!position || !market) return { error: 'that row is gone' };
  if (prompt.mode === 'close') return closeIntent(prompt.text, position, market);
  if (prompt.mode === 'collateral') return collateralIntent(prompt.text, position, market);
  return protectIntent(prompt.text, position, market, protectionOf(position, state.trading.orders), state.trading.marketPrices[position.marketId]?.lastTrade);
}

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
