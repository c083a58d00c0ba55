// Issue 28: an add that pushed a long's liquidation over its stop-loss went out without a word when the stop
// covered the whole position (only the row said "!liq", after the fill). The review of any order that grows
// a position (the form, a typed `:buy`, a change with `e` / `:amend`) now names both figures and asks (default
// Cancel), review skipped or not, whatever share of the position the stop covers.
//
// The long (protection.fixtures.ts): 0.01 BTC at 67,000, liquidation 65,268.7, its SL at 65,600. A limit buy of
// 0.03 at 70,000 and 10x (no other smart-confirm reason: under 5 % from the mark, 10x not above the threshold)
// lifts the liquidation after the fill to 65,667.2, over the stop.

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { createTerminalStore } from '../../state/store.js';
import { previewFor } from '../../state/order-review.js';
import { protectionAfterFill } from '../../state/order-review-protection.js';
import { evaluateEntry } from '../../state/order-entry.js';
import { entryLines } from './entry-lines.js';
import { openAmendReview } from '../open-orders/amend-review.js';
import { parseLine } from '../command-line/parse.js';
import { answerConfirm } from '../confirm/flow.js';
import { acceptReview, entryContext, entryFromCommand, evaluateForm, startReview } from './flow.js';
import { LONG, setupEntry, stopLoss } from './protection.fixtures.js';
import { reviewCoverage } from './review-resize.js';

const SL = 656_000;
const WARNING = 'after this fill liquidation 65,667.2 beats your SL 65,600: it would never fire';
/** The add: 0.03 BTC more at 70,000 and 10x. */
const ADD = { size: '0.03', price: '70000', leverage: '10' };
const skipping = { ...createTerminalStore().getState().workspace, confirmPrefs: { skipReview: true } };

/** The review's lines of the form's order as the pane builds them (its confirm, if one is up). */
function reviewText(store: ReturnType<typeof setupEntry>['store']): string {
  const state = store.getState();
  const form = state.tradingUi.entry!;
  const ctx = entryContext(state, form);
  const result = evaluateEntry(form, ctx);
  const preview = previewFor(state, result.intent!);
  const confirm = state.tradingUi.confirm;
  const lines = entryLines({ form, result, market: ctx.market!, reviewing: true, preview, disabled: null, confirm, stopsBeaten: protectionAfterFill(state, result.intent!, preview).stopsBeaten });
  return lines.map((l) => l.text).join('\n');
}

describe('an add that lifts the liquidation over the stop-loss already armed', () => {
  it('add-past-existing-sl-warned-in-review: an SL covering the whole grown long; the review says both figures, y asks (default Cancel)', () => {
    // Armed for 0.04: the whole long after the fill, so no coverage line speaks for it.
    const { store, actions, sent } = setupEntry(ADD, [LONG], [stopLoss(SL, 9, 4_000)]);
    startReview(store);
    expect(store.getState().tradingUi.reviewing).toBe(true);
    expect(reviewCoverage(store.getState())).toBeNull();
    expect(reviewText(store)).toContain(` ${WARNING}`);
    acceptReview(store, actions, 0);
    expect(sent).toEqual([]);
    expect(store.getState().tradingUi.confirm?.text).toBe(`${WARNING}: send anyway?`);
    // Said once while the question is up: the question carries it.
    expect(reviewText(store).split(WARNING)).toHaveLength(2);
    // Any key but y cancels; y sends.
    answerConfirm(store, actions, false, 0);
    expect(sent).toEqual([]);
    acceptReview(store, actions, 0);
    answerConfirm(store, actions, true, 0);
    expect(sent).toHaveLength(1);
  });

  it('add-past-partial-sl-warned-in-review: an SL covering part of the grown long; the warning beside the coverage line', () => {
    const { store, actions, sent } = setupEntry(ADD, [LONG], [stopLoss(SL)]);
    startReview(store);
    expect(reviewText(store)).toContain(` ${WARNING}`);
    // The coverage line (the pane's) says the stop covers 0.01 of 0.04 and why `r` cannot resize it.
    expect(reviewCoverage(store.getState())).toMatchObject({ words: 'SL covers 0.01 of 0.04 BTC', resize: { refused: 'SL 65,600 is beyond liquidation 65,667.2: it would never fire' } });
    acceptReview(store, actions, 0);
    expect(sent).toEqual([]);
    expect(store.getState().tradingUi.confirm?.text).toBe(`${WARNING}: send anyway?`);
  });

  it('add-past-sl-asks-when-review-skipped: skipReview sends no such add from the form or from `:buy`; it stops at the question', () => {
    const form = setupEntry(ADD, [LONG], [stopLoss(SL, 9, 4_000)]);
    form.store.setState({ workspace: skipping });
    startReview(form.store, { actions: form.actions, nowMs: 0 });
    expect(form.sent).toEqual([]);
    expect(form.store.getState().tradingUi.confirm?.text).toBe(`${WARNING}: send anyway?`);

    const typed = setupEntry({}, [LONG], [stopLoss(SL, 9, 4_000)]);
    typed.store.setState({ workspace: skipping, tradingUi: { ...typed.store.getState().tradingUi, entry: null } });
    const cmd = parseLine('buy 0.03 @ 70000 lev 10');
    if (cmd.kind !== 'order') throw new Error(`not an order: ${JSON.stringify(cmd)}`);
    expect(entryFromCommand(typed.store, cmd, { actions: typed.actions, nowMs: 0 })).toBeNull();
    expect(typed.sent).toEqual([]);
    expect(typed.store.getState().tradingUi.confirm?.text).toBe(`${WARNING}: send anyway?`);
  });

  it('amend-growing-an-order-past-the-sl-asks: e on a resting buy from 0.01 to 0.03 names both figures in its question', () => {
    const resting: OrderRowView = {
      orderId: 42, requestId: 42, marketId: 16, type: 1, status: 2, price: 700_000, originalSize: 1_000, filledSize: 0, flags: 0,
      leverage: 1_000, triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
    };
    const { store, actions, changed } = setupEntry({}, [LONG], [stopLoss(SL, 9, 4_000), resting]);
    // As it rests (0.01) its fill leaves the liquidation at 65,534.4, under the stop: nothing said of it.
    const asItRests = { marketId: 16, kind: 'limit' as const, side: 'long' as const, size: 1_000, price: 700_000, leverage: 1_000 };
    expect(protectionAfterFill(store.getState(), asItRests, previewFor(store.getState(), asItRests)).stopsBeaten).toBeNull();
    expect(openAmendReview(store, 42, { size: 3_000 }, 0)).toBeNull();
    expect(store.getState().tradingUi.amend?.reasons).toContain(WARNING);
    expect(store.getState().tradingUi.confirm?.text).toContain(`${WARNING}; `);
    answerConfirm(store, actions, false, 0);
    expect(changed).toEqual([]);
  });

  it('add-inside-the-sl-not-warned: an add that leaves the liquidation under the stop, and a reduce, go as before', () => {
    const inside = setupEntry({ size: '0.01', price: '67000', leverage: '5' }, [LONG], [stopLoss(SL, 9, 4_000)]);
    startReview(inside.store);
    expect(reviewText(inside.store)).not.toContain('beats your SL');
    acceptReview(inside.store, inside.actions, 0);
    expect(inside.store.getState().tradingUi.confirm).toBeNull();
    expect(inside.sent).toHaveLength(1);

    const reduce = setupEntry({ side: 'short', size: '0.005', price: '67000', leverage: '10' }, [LONG], [stopLoss(SL, 9, 4_000)]);
    const intent = evaluateForm(reduce.store.getState(), reduce.store.getState().tradingUi.entry!).intent!;
    expect(protectionAfterFill(reduce.store.getState(), intent, previewFor(reduce.store.getState(), intent)).stopsBeaten).toBeNull();
  });
});
