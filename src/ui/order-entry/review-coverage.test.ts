// Issue 28: TP/SL that cover part of a position looked like full protection, and the review of an order that
// grew a protected position said nothing. The review now says what they will cover after the fill and offers
// `r`, which sends the order with its TP/SL re-armed for the new size (the protect path, once it is accepted).

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { OrderEntryForm } from '../../state/order-entry.js';
import { marketsOf } from '../../state/store.js';
import { coverageLine } from './entry-lines.js';
import { acceptReview, startReview } from './flow.js';
import { LONG, setupEntry, stopLoss } from './protection.fixtures.js';
import { resizeDisabledReason, reviewCoverage, toggleResizeProtection } from './review-resize.js';

/** The review of a buy of another 0.01 BTC (at 5x and 67,000 unless `form` says otherwise) on the long protected by `orders`. */
function reviewAdd(orders: OrderRowView[], form: Partial<OrderEntryForm> = {}) {
  const t = setupEntry({ leverage: '5', ...form }, [LONG], orders);
  startReview(t.store);
  expect(t.store.getState().tradingUi.reviewing).toBe(true);
  return t;
}

describe('the review of an order that grows a protected position', () => {
  it('review-of-an-add-says-tpsl-cover-part: an SL for 0.01 of a long growing to 0.02 says so and offers r', () => {
    const { store } = reviewAdd([stopLoss(660_000)]);
    const coverage = reviewCoverage(store.getState());
    expect(coverage?.words).toBe('SL covers 0.01 of 0.02 BTC');
    const market = marketsOf(store.getState()).configOf(16)!;
    const line = coverageLine(coverage!, false, market);
    expect(line.text).toBe(' SL covers 0.01 of 0.02 BTC after this fill: r resizes it with the order');
    expect(resizeDisabledReason(store.getState())).toBeNull();
  });

  it('r-resizes-tpsl-with-the-order: the review offers the re-arm of the SL at its price for 0.02 BTC, replacing the old; the order sent carries the intent', () => {
    const { store, actions, sent } = reviewAdd([stopLoss(660_000)]);
    expect(reviewCoverage(store.getState())?.resize).toEqual({ sl: { price: 660_000, on: 'mark', size: 2_000 }, replacing: [9] });
    toggleResizeProtection(store);
    acceptReview(store, actions, 0);
    expect(sent).toHaveLength(1);
    // The client re-reads the position, its size after the fill and its triggers: the order names none of them.
    expect(sent[0]!.resizeProtection).toBe(true);
  });

  it('without-r-the-tpsl-stay-as-they-are: the order goes alone', () => {
    const { store, actions, sent } = reviewAdd([stopLoss(660_000)]);
    acceptReview(store, actions, 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.resizeProtection).toBeUndefined();
  });

  it('resize-of-an-sl-beyond-liquidation-refused: a stop the liquidation after the fill beats is not re-armed; r says both figures', () => {
    // Bought dearer at 15x, the add lifts the liquidation from 65,268.7 over a stop at 65,500.
    const { store } = reviewAdd([stopLoss(655_000)], { leverage: '15', price: '68000' });
    const reason = resizeDisabledReason(store.getState());
    expect(reason).toBe('SL 65,500 is beyond liquidation 65,727.7: it would never fire');
    toggleResizeProtection(store);
    expect(store.getState().tradingUi.entry?.resizeProtection).toBeFalsy();
    expect(store.getState().notice).toBe(`cannot resize TP/SL: ${reason}`);
  });

  it('two-stops-of-a-role-are-not-guessed-at: several SLs on the position are left to t', () => {
    const { store } = reviewAdd([{ ...stopLoss(660_000), originalSize: 500 }, { ...stopLoss(655_000, 10), originalSize: 300 }]);
    expect(reviewCoverage(store.getState())?.words).toBe('SL covers 0.008 of 0.02 BTC');
    expect(resizeDisabledReason(store.getState())).toBe('2 SLs armed: re-arm them with t');
  });
});
