// The flows of a position's row: open its inline editor (`x` close, `a` collateral, `t` TP/SL) prefilled and
// read the editor's text into a request (editors.ts); a confirmed one is sent by send.ts.

import { WHOLE_POSITION_BPS, formatClosePercent } from '../../domain/trading/close-share.js';
import { protectionOf } from '../../domain/trading/protection.js';
import { formatScaled } from '../../protocol/scaling.js';
import type { TerminalState, TerminalStore } from '../../state/store.js';
import { openEditor, type TradingTabsState } from '../../state/trading-tabs.js';
import type { EditorResult } from '../tabs/editor.js';
import { ownEditors } from '../tabs/owners.js';
import { marketOf } from '../tabs/markets.js';
import { closeIntent, collateralIntent, protectIntent } from './editors.js';
import { selectedPosition } from './rows.js';
// Its requests' sender registers with the tabs when this flow loads (send.ts).
import './send.js';

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

// The close, collateral and TP/SL editors are this context's.
ownEditors(['close', 'collateral', 'tpsl'], {
  result: (state, prompt) => positionEditorResult(state, { ...prompt, mode: prompt.mode === 'close' || prompt.mode === 'collateral' ? prompt.mode : 'tpsl' }),
});
