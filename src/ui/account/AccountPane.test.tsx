// The account box drawn from its view model (ui/account/view.ts). The layout gives it 30x12 from 150
// columns on (200x50 here); at 80 columns the account is a line of the trading tabs instead, so the box is
// also drawn in an 80-column terminal to show it depends on its own width only.

import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalStore, INITIAL_CONNECTION } from '../../state/store.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import { computeLayout } from '../shell/layout.js';
import { renderPane, type RenderedPane } from '../shell/render-pane.fixtures.js';
import { AccountPane } from './AccountPane.js';

const KEY = { source: 'keys/default.json', publicKeyHex: 'ab'.repeat(32) };

function accountStore(health: 'live' | 'disconnected') {
  const base = tradingKeys().store.getState();
  return createTerminalStore({ ...base, keyInUse: KEY, trading: { ...base.trading, health: { ...INITIAL_CONNECTION, health, lastDataAt: null } } });
}

let pane: RenderedPane | null = null;
afterEach(() => pane?.unmount());

describe('AccountPane', () => {
  it.each([80, 200])('account-box-shows-the-figures in a %i-column terminal', (cols) => {
    const { account } = computeLayout(200, 50);
    pane = renderPane(accountStore('live'), <AccountPane width={account.width} height={account.height} />, cols);
    const lines = pane.lines();
    expect(lines[0]).toMatch(/^┌─ Account #1 ─+┐$/);
    expect(lines[0]).toHaveLength(account.width);
    expect(lines[1]).toMatch(/│equity +100,000\.00│/);
    expect(pane.frame()).toMatch(/available +100,000\.00/);
    expect(pane.frame()).toMatch(/nearest liq +—│/);
    // The key it signs with on the free last row, cut to the box.
    expect(pane.frame()).toMatch(/│key keys\/default\.json \(publ…│/);
    expect(pane.frame()).not.toContain('as of');
  });

  it('account-box-not-current-says-as-of-and-dims: the figures are the last received', () => {
    pane = renderPane(accountStore('disconnected'), <AccountPane width={30} height={12} />, 80);
    expect(pane.lines()[1]).toMatch(/^│as of never received \(down\) *│$/);
    expect(pane.raw()).toMatch(/\u001B\[2m[^\n]*equity/);
  });

  it('account-box-without-a-key-says-read-only', () => {
    pane = renderPane(createTerminalStore(), <AccountPane width={30} height={12} />, 80);
    expect(pane.lines()[0]).toMatch(/^┌─ Account ─+┐$/);
    expect(pane.frame()).toContain('no account (read-only)');
    expect(pane.frame()).toContain('no key loaded: market data …');
  });
});
