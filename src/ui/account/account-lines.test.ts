import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../domain/trading/views.js';
import { accountCompactLine, accountLineText, accountPanelInput, accountPanelLines } from './account-lines.js';

const markets = (id: number) => (id === 1 ? { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 } : undefined);

const view: AccountView = {
  accountId: 7, balance: '99329330000', locked: '0', available: '99329330000', equity: '99998130000', marginUsed: '669520000',
  unrealizedPnl: '-720000', leverageHundredths: 3, marginRatioBps: 13, nearestLiquidation: { marketId: 1, distancePct: 16.04 },
  valuation: 'live', valuationNote: null, fw: true, frozen: false, feeTier: 0, lfr: 1, scope: 3,
};
const text = (cells: { text: string }[]) => cells.map((c) => c.text).join('');

describe('account panel lines', () => {
  it('the box: each figure on its own line, value right-aligned', () => {
    const lines = accountPanelLines({ kind: 'account', account: view }, markets).map((l) => {
      const t = accountLineText(l, 28);
      return t.label + t.value;
    });
    expect(lines).toEqual([
      'equity             99,998.13',
      'balance            99,329.33',
      'available          99,329.33',
      'margin used           669.52',
      'uPnL                   -0.72',
      'leverage               0.03x',
      'margin ratio           0.13%',
      'nearest liq        BTC 16.0%',
    ]);
  });

  it('tiny-position-leverage-not-zero: a position whose leverage rounds under 0.01x reads <0.01x (and its margin ratio <0.01%); a flat account 0.00x', () => {
    const tiny = { ...view, marginUsed: '1000000', leverageHundredths: 0, marginRatioBps: 0 };
    const value = (a: AccountView, label: string) => accountPanelLines({ kind: 'account', account: a }, markets).find((l) => l.label === label)!.value.text;
    expect(value(tiny, 'leverage')).toBe('<0.01x');
    expect(value(tiny, 'margin ratio')).toBe('<0.01%');
    const flat = { ...view, marginUsed: '0', leverageHundredths: 0, marginRatioBps: 0, nearestLiquidation: null };
    expect(value(flat, 'leverage')).toBe('0.00x');
    expect(value(flat, 'margin ratio')).toBe('0.00%');
  });

  it('stale marks: figures prefixed ~ in the warning tone and the reason; unknown: — and the reason', () => {
    const stale = { ...view, valuation: 'stale' as const, valuationNote: 'BTC mark stale: market data down: closed (1006)' };
    const lines = accountPanelLines({ kind: 'account', account: stale }, markets);
    expect(lines[0]!.value).toEqual({ text: '~99,998.13', tone: 'warn' });
    expect(lines[4]!.value).toEqual({ text: '~-0.72', tone: 'warn' });
    expect(lines[1]!.value.text).toBe('99,329.33'); // the balance needs no mark
    expect(lines.at(-1)!.label).toBe('BTC mark stale: market data down: closed (1006)');
    const unknown = { ...view, valuation: 'unknown' as const, valuationNote: 'BTC mark unknown: no mark received yet', equity: null, unrealizedPnl: null, leverageHundredths: null, marginRatioBps: null };
    const u = accountPanelLines({ kind: 'account', account: unknown }, markets);
    expect(u[0]!.value.text).toBe('—');
    expect(u[4]!.value.text).toBe('—');
    expect(text(accountCompactLine({ kind: 'account', account: unknown }, markets, 74))).toMatch(/^eq — \(no BTC mark\)/);
  });

  it('no key: says read-only, never zeros; a key without its account yet says it waits', () => {
    expect(accountPanelInput({ enabled: false, account: null })).toEqual({ kind: 'read-only' });
    expect(accountPanelInput({ enabled: true, account: null })).toEqual({ kind: 'waiting' });
    expect(accountPanelLines({ kind: 'read-only' }, markets)[0]!.label).toBe('no account (read-only)');
    expect(text(accountCompactLine({ kind: 'read-only' }, markets, 74))).toBe('no account (read-only)');
  });

  it('the compact line keeps the most important figures that fit, in panel order', () => {
    const wide = text(accountCompactLine({ kind: 'account', account: view }, markets, 200));
    expect(wide).toBe('eq 99,998.13  bal 99,329.33  avail 99,329.33  margin 669.52  uPnL -0.72  lev 0.03x  mr 0.13%  liq BTC 16.0%');
    const at80 = text(accountCompactLine({ kind: 'account', account: view }, markets, 74));
    expect(at80.length).toBeLessThanOrEqual(74);
    expect(at80).toBe('eq 99,998.13  avail 99,329.33  uPnL -0.72  lev 0.03x  liq BTC 16.0%');
  });
});
