import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../domain/trading/views.js';
import type { GuardStatusView } from '../../domain/guards/guard-status.js';
import { accountCompactLine, accountLineText, accountPanelLines } from './account-lines.js';

const markets = (id: number) => (id === 1 ? { id: 1, symbol: 'BTC', priceDecimals: 1, sizeDecimals: 5 } : undefined);
const account: AccountView = {
  accountId: 7, balance: '99329330000', locked: '0', available: '99329330000', equity: '99998130000', marginUsed: '669520000',
  unrealizedPnl: '-720000', leverageHundredths: 3, marginRatioBps: 13, nearestLiquidation: { marketId: 1, distancePct: 16.04 },
  valuation: 'live', valuationNote: null, fw: true, frozen: false, feeTier: 0, lfr: 1, scope: 3,
};
const guards: GuardStatusView = {
  maxOrderNotional: '10000000000',
  maxPositionNotional: '25000000000',
  largestPosition: { marketId: 1, notional: '13000000000' },
  dailyLoss: { limit: '500000000', loss: '160000000', left: '340000000', reached: false, onReach: 'refuse' },
  dayStart: '00:00',
};
const boxLines = (g: GuardStatusView) =>
  accountPanelLines({ kind: 'account', account, guards: g }, markets)
    .slice(8)
    .map((l) => {
      const t = accountLineText(l, 28);
      return t.label + t.value;
    });

describe('guards in the account panel', () => {
  it('the box says what is left of each guard, after the figures', () => {
    expect(boxLines(guards)).toEqual(['loss left today   340 of 500', 'max pos BTC    13,000/25,000', 'max order             10,000']);
  });

  it('reached and unknown are said, never a made-up number', () => {
    expect(boxLines({ ...guards, dailyLoss: { ...guards.dailyLoss!, loss: '512300000', left: '0', reached: true } })[0]).toBe('loss limit reached  0 of 500');
    expect(boxLines({ ...guards, dailyLoss: { ...guards.dailyLoss!, loss: null, left: null } })[0]).toBe('loss left today     ? of 500');
    // A long value keeps its digits: the label gives way.
    expect(boxLines({ ...guards, dailyLoss: { ...guards.dailyLoss!, loss: '330000', left: '499670000' } })[0]).toBe('loss left      499.67 of 500');
  });

  it('no guard set: no guard line', () => {
    expect(accountPanelLines({ kind: 'account', account }, markets)).toHaveLength(8);
  });

  it('the compact line at 80 columns keeps the loss left today', () => {
    const text = accountCompactLine({ kind: 'account', account, guards }, markets, 74).map((c) => c.text).join('');
    expect(text).toContain('loss left 340/500');
    expect(text.length).toBeLessThanOrEqual(74);
  });
});
