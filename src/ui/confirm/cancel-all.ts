// The question of a cancel of every order (`C` in a market, `A` everywhere, `:cancel all`): it names the TP/SL
// it removes, so a position is never stripped of its stop unawares. Pure over the store's state.

import { marketWords, priceText } from '../../domain/trading/order-words.js';
import { protectionOf } from '../../domain/trading/protection.js';
import { marketsOf, type TerminalState } from '../../state/store.js';

/** "SL 64,000 and TP 70,000 of the BTC long; SL 3,500 of the ETH short", or null when no position in scope has any. */
export function removedProtectionWords(state: TerminalState, marketId?: number): string | null {
  const parts: string[] = [];
  for (const position of state.trading.positions) {
    if (marketId !== undefined && position.marketId !== marketId) continue;
    // The words the order path names the market's orders in (order-words.ts).
    const words = marketWords(marketsOf(state).configOf(position.marketId), position.marketId);
    const { stopLoss, takeProfit } = protectionOf(position, state.trading.orders);
    const names = [...stopLoss.map((t) => `SL ${priceText(t.price, words)}`), ...takeProfit.map((t) => `TP ${priceText(t.price, words)}`)];
    if (names.length === 0) continue;
    const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    parts.push(`${listed} of the ${words.label} ${position.side === 2 ? 'short' : 'long'}`);
  }
  return parts.length > 0 ? parts.join('; ') : null;
}

/** `head` ("cancel every order in BTC") as a question, naming the TP/SL it removes in `marketId` (every market when absent). */
export function cancelAllQuestion(state: TerminalState, head: string, marketId?: number): string {
  const removed = removedProtectionWords(state, marketId);
  return `${head}${removed ? `, including ${removed}` : ''}?`;
}
