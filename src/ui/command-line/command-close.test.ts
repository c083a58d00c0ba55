// `:close SYM PCT%` and the Positions tab's `x` editor read a percentage with the same parser and hand
// the client the same integer basis points: "12.5%" asks about 12.5 % and sends 1250 bps, never a float.

import { LIVE_SESSION_FACTS } from '../../state/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { CloseParams } from '../../domain/trading/command-params.js';
import { btcTestMarket } from '../../domain/trading/market.fixtures.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import { editCommandLine, runCommandLine } from './flow.js';
import { answerConfirm } from '../confirm/flow.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { createTerminalActions } from '../actions/terminal-actions.js';
import { createTerminalStore } from '../../state/store.js';
import type { CommandHandle, TradingCommands } from '../../domain/trading/commands.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { closeIntent } from '../positions/editors.js';

const market = btcTestMarket();
const BTC = { id: market.id, symbol: 'BTC', name: 'Bitcoin', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null };
const position: PositionRowView = {
  positionId: 7, marketId: market.id, side: 1, size: 8_000, entryPrice: 670_000, markPrice: 680_000, collateral: '1', leverage: 1000,
  unrealizedPnl: '0', roe: 0, liquidationPrice: 600_000, liquidationDistancePct: 10,
  markState: 'live', markNote: null, effectiveLeverage: 1000, leverageBasis: 'mark',
};

function setup() {
  const store = createTerminalStore({ markets: [BTC], keyScope: 'trade', trading: { ...EMPTY_TRADING, enabled: true, lockFacts: LIVE_SESSION_FACTS, markets: [market], positions: [position] } });
  const closes: Array<[number, CloseParams]> = [];
  const handle: CommandHandle = { rqs: () => [1], outcome: Promise.resolve({ ok: true, results: [], message: 'done' }) };
  const intents = { close: (id: number, opts: CloseParams) => (closes.push([id, opts]), handle), locks: () => [] } as unknown as TradingCommands;
  const program: TerminalServices = { selectMarket: () => {}, setResolution: () => {}, quit: () => {}, trading: () => intents };
  const commands = createTerminalActions(store, program);
  const run = (text: string) => {
    editCommandLine(store, text);
    runCommandLine(store, commands);
  };
  return { store, commands, closes, run };
}

describe(':close and x share one percent parser', () => {
  it('close-percent-asks-what-was-typed: ":close BTC 12.5%" asks about 12.5% and sends 1250 bps', () => {
    const t = setup();
    t.run('close BTC 12.5%');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('close 12.5% of BTC long at market?');
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.closes).toEqual([[7, { kind: 'market', bps: 1_250 }]]);
  });

  it('close-percent-same-on-both-paths: x "12.5%" hands the client the same share as the command line', () => {
    const t = setup();
    t.run('close BTC 12.5%');
    answerConfirm(t.store, t.commands, true, Date.now());
    const edited = closeIntent('12.5%', position, BTC);
    expect('intent' in edited && edited.intent).toEqual({ kind: 'close', positionId: 7, opts: t.closes[0]?.[1] });
    expect('confirm' in edited && edited.confirm).toContain('close 12.5% (0.01 BTC)');
  });

  it('close-percent-is-never-rounded: a share finer than 0.01% is refused on both paths, nothing sent', () => {
    const t = setup();
    t.run('close BTC 12.345%');
    expect(t.store.getState().tradingUi.commandError).toContain('percentage');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.closes).toEqual([]);
    expect(closeIntent('12.345%', position, BTC)).toEqual({ error: '"12.345%" must be a percentage above 0% and at most 100% (steps of 0.01%)' });
  });

  it('close-without-market-closes-the-one-on-screen: ":close" asks about the market on screen and closes it through the confirm', () => {
    const t = setup();
    t.store.setState({ market: BTC });
    t.run('close');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('close 100% of BTC long at market?');
    // Nothing is sent before y: the same confirm as `:close BTC`.
    expect(t.closes).toEqual([]);
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.closes).toEqual([[7, { kind: 'market', bps: 10_000 }]]);
  });

  it('close-without-market-binds-the-market-asked-about: the confirm closes BTC even if the screen moved on before y', () => {
    const t = setup();
    t.store.setState({ market: BTC });
    t.run('close 50%');
    expect(t.store.getState().tradingUi.confirm?.text).toBe('close 50% of BTC long at market?');
    t.store.setState({ market: { ...BTC, id: 999, symbol: 'ETH' } });
    answerConfirm(t.store, t.commands, true, Date.now());
    expect(t.closes).toEqual([[7, { kind: 'market', bps: 5_000 }]]);
  });

  it('close-without-market-and-none-on-screen-says-so: nothing asked, nothing sent', () => {
    const t = setup();
    t.store.setState({ market: null });
    t.run('close');
    expect(t.store.getState().tradingUi.commandError).toContain('no market on screen');
    expect(t.store.getState().tradingUi.confirm).toBeNull();
    expect(t.closes).toEqual([]);
  });
});
