// Stop 41's "silent y": after both sockets dropped, the trading socket came back before the market-data feed
// (each reconnects on its own backoff, and the feed then resyncs). A y in the review then was refused, rightly
// (a new order needs a live feed), but the footer already said that same "cannot send: ..." from the y before,
// so nothing on screen changed; and the notice stayed after the feed was live, where a y would send.

import { describe, expect, it } from 'vitest';
import { shownNotice } from '../../state/notice.js';
import type { ConnectionHealth } from '../../domain/views.js';
import { ENTER, ESC } from '../keys/press.fixtures.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';

function reviewing() {
  const t = tradingKeys();
  t.press('b');
  t.type('0.01');
  t.press(ENTER);
  expect(t.ui().reviewing).toBe(true);
  const feed = (health: ConnectionHealth) => t.store.setState({ connection: { ...t.store.getState().connection, health } });
  const notice = () => shownNotice(t.store.getState());
  return { ...t, feed, notice };
}

describe('a y in the review after a reconnect sends or says why', () => {
  it('review-y-after-reconnect-sends-or-says-why: a refusal said again shows it again; it lapses once the feed is live; y then sends', () => {
    const t = reviewing();
    t.feed('disconnected');
    t.press('y');
    const first = t.notice();
    expect(first).toMatch(/^cannot send: the market data feed is disconnected/);
    // The same refusal for a later y: the footer must change, or the press reads as ignored.
    t.press('y');
    expect(t.notice()).toMatch(/^cannot send: the market data feed is disconnected/);
    expect(t.notice()).not.toBe(first);
    expect(t.calls).toEqual([]);
    // The feed is live again: "cannot send" would now say the opposite of the truth.
    t.feed('live');
    expect(t.notice()).toBeNull();
    expect(t.ui().reviewing).toBe(true);
    t.press('y');
    expect(t.calls).toEqual(['place']);
    expect(t.ui().entry).toBeNull();
  });

  it('review-refusal-follows-the-lock: a refusal for the resync after one for the disconnect is new text; once live, Esc still edits', () => {
    const t = reviewing();
    t.feed('disconnected');
    t.press('y');
    t.feed('resyncing');
    t.press('y');
    expect(t.notice()).toBe('cannot send: the market data feed is resyncing');
    t.feed('live');
    expect(t.notice()).toBeNull();
    t.press(ESC);
    expect(t.ui().reviewing).toBe(false);
    expect(t.calls).toEqual([]);
  });

  it('review-y-on-an-order-no-longer-valid-says-why: a y whose form makes no order in this state (its market unloaded) says so', () => {
    const t = reviewing();
    t.store.setState({ markets: [], trading: { ...t.store.getState().trading, markets: [] } });
    t.press('y');
    expect(t.notice()).toBe('cannot send: unknown market');
    expect(t.calls).toEqual([]);
  });

  it('review-other-key-says-what-the-review-takes: e (or any key the review does not bind) is said, and goes with the review', () => {
    const t = reviewing();
    t.press('e');
    expect(t.notice()).toBe('e does nothing in the review: y sends, Esc goes back to the form');
    expect(t.ui().reviewing).toBe(true);
    t.press(ESC);
    expect(t.notice()).toBeNull();
    expect(t.calls).toEqual([]);
  });
});
