// What quitting does to each running algo, said so the trader knows what is left working on the exchange:
// a trailing stop's current stop and a chase's resting order stay there (the exchange holds them, the
// terminal only moved them); a TWAP, and a trail or chase with nothing on the exchange, stop with the
// terminal (a TWAP's children are IOC: nothing of it rests). Each is taken up again at the next start. Pure.

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import { priceText, refWords, sizeFigure, type MarketWords } from '../../domain/trading/order-words.js';
import type { MarketRef } from '../../domain/views.js';

/** One algo's fate: "trail BTC: stop at 64,210 stays on the exchange", "TWAP BTC stops (0.03/0.05 filled)". */
export function algoQuitWords(a: AlgoRow, market: MarketRef | undefined): string {
  const m: MarketWords = market ? refWords(market) : { label: `market #${a.marketId}`, priceDecimals: 0, sizeDecimals: 0 };
  const name = `${a.kind === 'twap' ? 'TWAP' : a.kind} ${m.label}`;
  const filled = `${sizeFigure(a.filled, m)}/${sizeFigure(a.target, m)} filled`;
  if (a.trail) {
    if (a.trail.stop !== null && a.trail.phase !== 'ended') return `${name}: stop at ${priceText(a.trail.stop, m)} stays on the exchange`;
    return `${name} stops (no stop on the exchange yet)`;
  }
  if (a.chase) {
    const resting = a.chase.resting;
    if (resting) return `${name}: ${a.side === 'long' ? 'buy' : 'sell'} ${sizeFigure(resting.size, m)} @ ${priceText(resting.price, m)} stays resting`;
    return `${name} stops (${filled}, nothing resting)`;
  }
  // A scaled order's legs are plain resting orders: they stay; the row follows them again at the next start.
  if (a.scale && a.scale.resting > 0) return `${name}: ${a.scale.resting} leg${a.scale.resting === 1 ? '' : 's'} stay resting`;
  return `${name} stops (${filled})`;
}

/** What quitting does to the algos still running (paused and held ones too), or '' when none is. */
export function algosOnQuit(algos: readonly AlgoRow[], markets: readonly MarketRef[]): string {
  const running = algos.filter((a) => a.status !== 'ended');
  if (running.length === 0) return '';
  const byId = new Map(markets.map((m) => [m.id, m]));
  // What stays on the exchange first: that is what the trader must still mind once the terminal is gone.
  const words = running.map((a) => algoQuitWords(a, byId.get(a.marketId)));
  words.sort((x, y) => Number(!x.includes(' stays ')) - Number(!y.includes(' stays ')));
  return `${words.join('; ')}; ${running.length === 1 ? 'it resumes' : 'they resume'} at the next start; `;
}
