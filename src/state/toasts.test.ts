import { describe, expect, it } from 'vitest';
import { createTerminalStore } from './store.js';
import { pushToast, shownToasts } from './trading-actions.js';

describe('toasts', () => {
  it('outcome-toast-survives-a-fill-burst: a partial fill\'s outcome is neither pushed out by its fills\' news nor shown after it', () => {
    const store = createTerminalStore();
    // As a cut market order lands: its outcome first (the order row comes before the fills), then the fills' news.
    pushToast(store, 'market buy 5 BTC at market: partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap (rq 3)', 'good', 0);
    for (const size of ['0.1', '0.2', '0.3']) pushToast(store, `bought ${size} BTC @ 67,000, taker`, 'good', 0, { news: true });
    pushToast(store, '7 more fills (see Fills)', 'info', 0, { news: true });
    const { toasts } = store.getState().tradingUi;
    expect(toasts).toHaveLength(4);
    const line = shownToasts(toasts, 1).map((t) => t.text);
    expect(line[0]).toContain('partially filled 1.92355 of 5');
    // The news after it, newest first.
    expect(line.slice(1)).toEqual(['7 more fills (see Fills)', 'bought 0.3 BTC @ 67,000, taker', 'bought 0.2 BTC @ 67,000, taker']);
  });

  it('fill-news-after-old-outcomes-is-shown: expired toasts make room first; a new fill is never the one dropped', () => {
    const store = createTerminalStore();
    // Four outcomes of a minute ago (past their 5 s, not swept yet), then a stop fires.
    for (let i = 0; i < 4; i++) pushToast(store, `order ${i}: resting`, 'good', 0);
    pushToast(store, 'TP/SL triggered: sold 0.001 BTC @ 66,700, taker', 'good', 60_000, { news: true });
    expect(shownToasts(store.getState().tradingUi.toasts, 60_001).map((t) => t.text)).toEqual(['TP/SL triggered: sold 0.001 BTC @ 66,700, taker']);
    // Four live outcomes and a fill: the fill stays, the oldest outcome goes.
    for (let i = 0; i < 4; i++) pushToast(store, `order ${i}: filled`, 'good', 70_000);
    pushToast(store, 'bought 0.1 BTC @ 67,000, taker', 'good', 70_000, { news: true });
    const texts = store.getState().tradingUi.toasts.map((t) => t.text);
    expect(texts).toContain('bought 0.1 BTC @ 67,000, taker');
    expect(texts).toHaveLength(4);
  });
});
