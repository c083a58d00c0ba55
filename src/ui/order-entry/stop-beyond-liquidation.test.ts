// Issue 28: a stop-loss beyond the liquidation price was accepted silently (SL 3,300 with liquidation at 3,316.8
// in a bracket, SL 64,000 with liquidation at 65,268.7 by `t`): it can never fire before the position is
// liquidated. Every path that arms one refuses it, naming both figures: the review of a bracket (keyed or typed),
// `t`, moving a trigger with `e`, and a stop order that reduces the position.

import { describe, expect, it } from 'vitest';
import { priceText } from '../../domain/trading/order-words.js';
import type { OrderRowView } from '../../domain/trading/views.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { parseLine } from '../command-line/parse.js';
import { acceptReview, entryFromCommand, entryPreview, evaluateForm, startReview } from './flow.js';
import { BTC, LONG, WORDS, setupEntry as setup } from './protection.fixtures.js';
import { protectIntent } from '../positions/editors.js';
import { triggerMoveIntent } from '../open-orders/editors.js';

const px = (raw: number | bigint) => priceText(raw, WORDS);

/** The liquidation price the review of a 0.01 BTC limit buy at 67,000 and 15x shows (no position before it). */
function reviewedLiquidation(): bigint {
  const { store } = setup();
  const intent = evaluateForm(store.getState(), store.getState().tradingUi.entry!).intent!;
  return entryPreview(store.getState(), intent)!.liquidationPrice!;
}

describe('a stop beyond the liquidation price is refused where it is armed', () => {
  it('bracket-sl-beyond-liquidation-refused-in-review: the SL leg under the liquidation after the fill names both figures; no review, nothing sent', () => {
    const liq = Number(reviewedLiquidation());
    const { store, actions, sent } = setup({ sl: formatScaledTrim(liq - 1, 1) });
    const result = evaluateForm(store.getState(), store.getState().tradingUi.entry!);
    expect(result.problems.sl).toBe(`SL ${px(liq - 1)} is beyond liquidation ${px(liq)}: it would never fire`);
    expect(result.intent).toBeNull();
    startReview(store);
    expect(store.getState().tradingUi.reviewing).toBe(false);
    acceptReview(store, actions, 0);
    expect(sent).toEqual([]);
    // At the liquidation price itself the position still stands: the stop fires first.
    const at = setup({ sl: formatScaledTrim(liq, 1) });
    expect(evaluateForm(at.store.getState(), at.store.getState().tradingUi.entry!).intent?.sl?.price).toBe(liq);
  });

  it('typed-bracket-sl-beyond-liquidation-refused: `:buy 0.01 @ 67000 lev 15 tp 69000 sl 60000` cannot open its review: the reason names both figures', () => {
    const liq = reviewedLiquidation();
    const { store, actions, sent } = setup();
    store.setState({ tradingUi: { ...store.getState().tradingUi, entry: null } });
    const cmd = parseLine('buy 0.01 @ 67000 lev 15 tp 69000 sl 60000');
    if (cmd.kind !== 'order') throw new Error(`not an order: ${JSON.stringify(cmd)}`);
    // The `:` line stays open with this reason (command-line/flow.ts); no form, no review opens behind it.
    expect(entryFromCommand(store, cmd, { actions, nowMs: 0 })).toBe(`SL 60,000 is beyond liquidation ${px(liq)}: it would never fire`);
    expect(store.getState().tradingUi.entry).toBeNull();
    expect(store.getState().tradingUi.reviewing).toBe(false);
    expect(sent).toEqual([]);
  });

  it('reducing-stop-beyond-liquidation-refused: a sell stop under a long, under its liquidation, is refused on the stop field', () => {
    const { store } = setup({ side: 'short', type: 'stop-market', trigger: '65000', reduceOnly: true }, [LONG]);
    const result = evaluateForm(store.getState(), store.getState().tradingUi.entry!);
    expect(result.problems.trigger).toBe('stop 65,000 is beyond liquidation 65,268.7: it would never fire');
    expect(result.intent).toBeNull();
    const inside = setup({ side: 'short', type: 'stop-market', trigger: '66000', reduceOnly: true }, [LONG]);
    expect(evaluateForm(inside.store.getState(), inside.store.getState().tradingUi.entry!).intent?.trigger?.price).toBe(660_000);
  });

  it('t-sl-beyond-liquidation-refused: `t` "sl 64000" on a long liquidated at 65,268.7 says both; a stop inside it is asked', () => {
    expect(protectIntent('tp 70000 sl 64000', LONG, BTC)).toEqual({ error: 'SL 64,000 is beyond liquidation 65,268.7: it would never fire' });
    expect(protectIntent('sl 65268.7', LONG, BTC)).toMatchObject({ intent: { kind: 'protect', sl: 652_687 } });
    // A take-profit alone is on the other side of the mark: never judged against the liquidation.
    expect(protectIntent('tp 70000', LONG, BTC)).toMatchObject({ intent: { kind: 'protect', tp: 700_000 } });
  });

  it('e-move-sl-beyond-liquidation-refused: moving a stop-loss past the liquidation price is refused with both figures', () => {
    const sl: OrderRowView = {
      orderId: 9, requestId: 4, marketId: 16, type: 3, status: 8, price: 0, originalSize: 1_000, filledSize: 0, flags: 4,
      leverage: 0, triggerPrice: 660_000, triggerCondition: 4, linkedPositionId: 3, lastBlock: null, blocksLeft: null,
    };
    expect(triggerMoveIntent('64000', sl, LONG, BTC)).toEqual({ error: 'SL 64,000 is beyond liquidation 65,268.7: it would never fire' });
    expect(triggerMoveIntent('65500', sl, LONG, BTC)).toMatchObject({ intent: { kind: 'protect', sl: 655_000, replacing: 9 } });
  });
});
