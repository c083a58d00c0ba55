import { describe, expect, it } from 'vitest';
import { parseAlertCommand, triggeredAlerts } from './alerts.js';
import { runWorkspaceLine } from '../ui/command-line/workspace-line.js';
import { createTerminalStore } from './store.js';

describe('price alerts', () => {
  it('parses add, list and clear, and refuses malformed lines', () => {
    expect(parseAlertCommand('alert BTC > 70000')).toEqual({ kind: 'add', symbol: 'BTC', direction: 'above', priceText: '70000' });
    expect(parseAlertCommand('alert eth-perp <3,000.5')).toEqual({ kind: 'add', symbol: 'ETH', direction: 'below', priceText: '3000.5' });
    expect(parseAlertCommand('alerts')).toEqual({ kind: 'list' });
    expect(parseAlertCommand('alert clear')).toEqual({ kind: 'clear' });
    expect(parseAlertCommand('alert BTC = 5')?.kind).toBe('error');
    expect(parseAlertCommand('buy 1 @ 2')).toBeNull();
  });

  it('fire when the mark reaches the threshold, compared as scaled integers', () => {
    const alerts = [
      { id: 1, symbol: 'BTC', direction: 'above' as const, priceText: '70000' },
      { id: 2, symbol: 'BTC', direction: 'below' as const, priceText: '60000.5' },
      { id: 3, symbol: 'ETH', direction: 'above' as const, priceText: '1.001' }, // finer than ETH's decimals: never fires
    ];
    const at = (btc: number) => new Map([['BTC', { mark: btc, priceDecimals: 1 }], ['ETH', { mark: 999_999, priceDecimals: 2 }]]);
    expect(triggeredAlerts(alerts, at(699_999)).map((a) => a.id)).toEqual([]);
    expect(triggeredAlerts(alerts, at(700_000)).map((a) => a.id)).toEqual([1]);
    expect(triggeredAlerts(alerts, at(600_005)).map((a) => a.id)).toEqual([2]);
    expect(triggeredAlerts(alerts, new Map()).map((a) => a.id)).toEqual([]);
  });

  it(':alert, :alerts, :alert clear and :theme run from the command line', () => {
    const store = createTerminalStore({ markets: [{ id: 16, symbol: 'BTC', name: 'BTC', priceDecimals: 1, sizeDecimals: 5, fundingIntervalSec: null }] });
    expect(runWorkspaceLine(store, 'alert BTC > 70000')).toBe(true);
    expect(store.getState().notice).toBe('alert set: BTC > 70000');
    expect(runWorkspaceLine(store, 'alert DOGE > 1')).toBe(true);
    expect(store.getState().workspace.alerts).toHaveLength(1);
    runWorkspaceLine(store, 'alerts');
    expect(store.getState().notice).toBe('alerts: BTC > 70000');
    runWorkspaceLine(store, 'alert clear');
    expect(store.getState().workspace.alerts).toEqual([]);
    runWorkspaceLine(store, 'theme light');
    expect(store.getState().workspace.theme).toBe('light');
    runWorkspaceLine(store, 'theme neon');
    expect(store.getState().workspace.theme).toBe('light');
    expect(runWorkspaceLine(store, 'buy 1 mkt')).toBe(false);
  });
});
