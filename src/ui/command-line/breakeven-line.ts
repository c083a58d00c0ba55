// `:sl be` / `:sl breakeven [last|mark]`: the stop of the position on screen moved (or armed) to break-even
// after the fees to close (domain/trading/breakeven.ts), through the position's own TP/SL path: the `t`
// editor's checks and confirm (positions/editors.ts protectIntent), then one replace that arms the new
// stop first and cancels the old one after (client/replace-protection.ts).

import { breakevenEstimate, breakevenStop, closeNetAtoms } from '../../domain/trading/breakeven.js';
import { feeMicros } from '../../domain/trading/fees.js';
import { moneyText, priceText, refWords } from '../../domain/trading/order-words.js';
import { protectionOf } from '../../domain/trading/protection.js';
import { formatScaled, formatScaledTrim } from '../../protocol/scaling.js';
import { marketsOf, type TerminalStore } from '../../state/store.js';
import { askConfirm } from '../../state/trading-actions.js';
import { disabledReason } from '../order-entry/flow.js';
import { protectIntent } from '../positions/editors.js';
import { marketOf } from '../tabs/markets.js';
// `y` on the question sends the protect intent (its sender and the tabs' answer register as they load).
import '../positions/send.js';
import '../tabs/intent.js';

/** Asks to move the stop to break-even; the reason it cannot (said in the `:` line), or null once asked. */
export function askBreakevenStop(store: TerminalStore, on: 'mark' | 'last' | undefined): string | null {
  const state = store.getState();
  const locked = disabledReason(state);
  if (locked) return `cannot move the stop: ${locked}`;
  const onScreen = state.market;
  if (!onScreen) return 'sl: no market on screen';
  const position = state.trading.positions.find((p) => p.marketId === onScreen.id && p.size > 0);
  const market = marketOf(state, onScreen.id);
  const config = marketsOf(state).configOf(onScreen.id);
  if (!position || !market) return `sl be: no open ${onScreen.symbol} position`;
  if (!config) return `sl be: the fees of ${onScreen.symbol} are not loaded (no trading key)`;
  const takerFeeMicros = feeMicros(config.config, 'taker', state.trading.account?.feeTier ?? 0);
  const scales = { priceDecimals: market.priceDecimals, sizeDecimals: market.sizeDecimals };
  const inputs = {
    position: { side: position.side, entry: BigInt(position.entryPrice), size: BigInt(position.size), ...(position.entryResidue !== undefined ? { entryResidue: position.entryResidue } : {}) },
    takerFeeMicros,
    scales,
  };
  const stop = breakevenStop(inputs);
  const protection = protectionOf(position, state.trading.orders);
  const typed = `sl ${formatScaled(stop, market.priceDecimals)}${on ? ` ${on}` : ''}`;
  const asked = protectIntent(typed, position, market, protection, state.trading.marketPrices[position.marketId]?.lastTrade);
  if ('error' in asked) return `sl be ${priceText(stop, refWords(market))}: ${asked.error}`;
  // The arithmetic, said with the question: entry x (1 ± fee) / (1 ∓ fee), then away from the entry to a tick.
  const long = position.side !== 2;
  const fee = `${formatScaledTrim(BigInt(takerFeeMicros), 4)}%`;
  const words = refWords(market);
  const entry = priceText(position.entryPrice, words);
  const formula = long ? `${entry} × (1 + ${fee}) / (1 − ${fee})` : `${entry} × (1 − ${fee}) / (1 + ${fee})`;
  const stepped = stop !== breakevenEstimate(inputs) ? ', moved a tick for the fee rounding' : '';
  // The question first (a narrow bar cuts the tail), the arithmetic after it.
  const why = `(break-even: ${formula} = ${priceText(stop, words)} rounded ${long ? 'up' : 'down'}${stepped}: taker fee in and out, nets ${moneyText(closeNetAtoms(stop, inputs))} before funding)`;
  askConfirm(store, { text: `${asked.confirm ?? 'move the stop?'} ${why}`, action: { kind: 'tab', intent: asked.intent }, at: 'bar' });
  return null;
}
