import { describe, expect, it } from 'vitest';
import { createTerminalStore } from '../../state/store.js';
import { EMPTY_TRADING } from '../../state/trading-slice.js';
import { newOrderKeysOff, orderKeyOff, sessionKeysOff, shortReason } from './order-keys-off.js';

describe('why the order keys are off, in a few words', () => {
  it('shortens the session and engine reasons', () => {
    expect(shortReason('the API key is read-only (no trade scope)')).toBe('read-only key');
    expect(shortReason('replay: read-only')).toBe('replay');
    expect(shortReason('the feed is stale: orders are locked until it is live; no exchange account for this key')).toBe('feed stale');
    expect(shortReason('order forwarding is off (fw=false): enable One-Click Trading')).toBe('fw=false');
    expect(shortReason('no exchange account for this key')).toBe('no account');
    expect(shortReason('something nobody foresaw happened here')).toBe('something nobody foresa…');
  });

  it('no key: every order key is off; a stale market feed holds new orders only', () => {
    const store = createTerminalStore();
    expect(sessionKeysOff(store.getState())).toBe('no key');
    store.setState({ keyScope: 'trade', trading: { ...EMPTY_TRADING, enabled: true } });
    expect(sessionKeysOff(store.getState())).toBeNull();
    const feed = store.getState().connection.health;
    expect(newOrderKeysOff(store.getState())).toBe(feed === 'live' ? null : `feed ${feed}`);
    expect(orderKeyOff('buy', 'feed stale', null)).toBe('feed stale');
    expect(orderKeyOff('panic', 'feed stale', null)).toBeNull();
    expect(orderKeyOff('zoom', 'x', 'y')).toBeNull();
  });
});
