// `:amend` runs the Open orders tab's change (amendIntent) behind a confirm whose default is Cancel: the
// intent gets exact scaled integers, a size alone keeps the price, and nothing is sent for a bad line.

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../domain/trading/views.js';
import { answerConfirm, editCommandLine, runCommandLine } from './command-actions.js';
import type { TerminalCommands } from './commands.js';
import { createTerminalStore } from './store.js';
import type { IntentHandle, TradingIntents } from './trading-commands.js';
import { EMPTY_TRADING } from './trading-slice.js';

const BTC = { id: 1, symbol: 'BTC', name: 'Bitcoin', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const order: OrderRowView = {
  orderId: 42, requestId: 3, marketId: 1, type: 1, status: 2, price: 665_000, originalSize: 20_000, filledSize: 5_000, flags: 0,
  leverage: 500, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};

function setup(keyScope: 'trade' | 'read' = 'trade') {
  const store = createTerminalStore({ markets: [BTC], keyScope, trading: { ...EMPTY_TRADING, enabled: true, lockReason: null, orders: [order] } });
  const changes: Array<[number, { price?: number; size?: number }]> = [];
  const handle: IntentHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const intents = { change: (id: number, c: { price?: number; size?: number }) => (changes.push([id, c]), handle), lockReason: () => null } as unknown as TradingIntents;
  const commands: TerminalCommands = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents };
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, commands);
  };
  return { store, commands, changes, run };
}

describe(':amend', () => {
  it('asks first; Enter (the default) cancels and sends nothing', () => {
    const t = setup();
    t.run('amend 42 @ 66000.5');
    expect(t.store.getState().tradingUi.confirm).toEqual({ action: 'amend', text: 'change BTC order 42: price 66500 → 66000.5?' });
    answerConfirm(t.store, t.commands, false, Date.now());
    expect(t.changes).toEqual([]);
    expect(t.store.getState().tradingUi.pendingCommand).toBeNull();
  });

  it('y sends the change with exact scaled integers; a size alone keeps the price', () => {
    const t = setup();
    t.run('amend 42 @ 66000.5');
    answerConfirm(t.store, t.commands, true, Date.now());
    t.run('change 42 size 0.3');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('change BTC order 42: size 0.15 → 0.3?');
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.changes).toEqual([
      [42, { price: 660_005 }],
      [42, { price: 665_000, size: 30_000 }],
    ]);
  });

  it('refuses, with the reason under the line, what it cannot do exactly', () => {
    const cases: Array<[string, string]> = [
      ['amend 7 @ 66000', 'order 7 is not open'],
      ['amend 42 @ 66000.25', 'decimal'],
      ['amend 42 @ 66500', 'nothing changes'],
      ['amend 42 size 0.000001', 'decimal'],
    ];
    for (const [text, message] of cases) {
      const t = setup();
      t.run(text);
      expect(t.store.getState().tradingUi.commandError).toContain(message);
      expect(t.store.getState().tradingUi.confirm).toBeNull();
    }
    const ro = setup('read');
    ro.run('amend 42 @ 66000');
    expect(ro.store.getState().tradingUi.commandError).toBe('cannot amend: the API key is read-only (no trade scope)');
  });
});
