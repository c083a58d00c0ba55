// A stop order's request line (the Journal, and the toast of its outcome) says its trigger as every sentence
// says a price (domain/trading/order-words.ts priceText): grouped, trailing zeros trimmed, like its limit.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import type { OrderDraft } from '../domain/trading/order-draft.js';
import { EngineCommands } from './commands.js';
import type { OrderEngine } from './trading/order-engine.js';
import type { TradingSession } from './trading/session.js';

const market = btcTestMarket();

describe('a stop order in words', () => {
  it('stop-order-journal-says-its-trigger-as-a-price: a stop-limit\'s request line groups its trigger like its limit', async () => {
    const labels: string[] = [];
    const outcome = Promise.resolve({ kind: 'definitive' as const, rq: 5, st: 8, message: 'armed' });
    const engine = { submit: (_d: OrderDraft, label: string) => (labels.push(label), { key: 'k', rqs: () => [5], outcome }) } as unknown as OrderEngine;
    const session = { state: { orders: new Map(), positions: new Map() } } as unknown as TradingSession;
    const commands = new EngineCommands(engine, session, () => [market]);
    await commands.place({ marketId: market.id, kind: 'limit', side: 'short', size: 1_000, price: 669_900, trigger: { price: 670_000 }, leverage: 500 }).outcome;
    await commands.place({ marketId: market.id, kind: 'limit', side: 'long', size: 1_000, price: 1_234_565, trigger: { price: 1_234_560, on: 'last' }, leverage: 500 }).outcome;
    expect(labels).toEqual(['limit sell 0.01 BTC @ 66,990 stop ≤ 67,000', 'limit buy 0.01 BTC @ 123,456.5 stop ≥ 123,456 on last']);
  });
});
