// Which price fires an order's triggers (interface.md 2.4: tpc 1/2 the last trade, 3/4 the mark): the form's
// choice (Space on the stop, TP or SL field; default the mark), checked against that price, sent as its tpc,
// and said in the form and the review.

import { describe, expect, it } from 'vitest';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { stopCondition } from '../domain/trading/stop-order.js';
import { TriggerCondition } from '../protocol/enums.js';
import { entryLines, legLines } from '../ui/order-entry/entry-lines.js';
import { cycleChoice, evaluateEntry, newEntryForm, type EntryContext, type OrderEntryForm } from './order-entry.js';

const market = btcTestMarket;
// Mark 67,000.0; the last trade 68,500.0 (above the mark, as after a buying burst the mark has not followed yet).
const ctx: EntryContext = { market: market(), mark: 670_000, last: 685_000, head: 1_000, available: 1_000_000_000n, position: null, feeTier: 0 };
const form = (over: Partial<OrderEntryForm> = {}): OrderEntryForm => ({ ...newEntryForm(16, 'long', '67000', '5'), size: '0.01', ...over });

describe('the trigger source of an order', () => {
  it('starts on the mark; Space on the stop, TP or SL field toggles it, and on no other field', () => {
    expect(form().triggerOn).toBe('mark');
    for (const focus of ['trigger', 'tp', 'sl'] as const) {
      const once = cycleChoice(form({ type: 'stop-market', focus }));
      expect(once.triggerOn).toBe('last');
      expect(cycleChoice(once).triggerOn).toBe('mark');
    }
    expect(cycleChoice(form({ focus: 'price' })).triggerOn).toBe('mark');
  });

  it('stop-on-last-checked-against-the-last-trade: a buy stop between the mark and the last trade is refused on last, valid on the mark', () => {
    const onLast = evaluateEntry(form({ type: 'stop-market', trigger: '68000', triggerOn: 'last' }), ctx);
    expect(onLast.intent).toBeNull();
    expect(onLast.problems.trigger).toBe('a buy stop must be above the last trade (it would fire at once)');
    const onMark = evaluateEntry(form({ type: 'stop-market', trigger: '68000' }), ctx);
    expect(onMark.problems).toEqual({});
    expect(onMark.intent?.trigger).toEqual({ price: 680_000, on: 'mark' });
  });

  it('a sell stop under the last trade is valid on last though it is above the mark', () => {
    const r = evaluateEntry(form({ type: 'stop-limit', side: 'short', trigger: '68000', price: '67900', triggerOn: 'last' }), ctx);
    expect(r.problems).toEqual({});
    expect(r.intent).toMatchObject({ kind: 'limit', side: 'short', price: 679_000, trigger: { price: 680_000, on: 'last' } });
    expect(evaluateEntry(form({ type: 'stop-limit', side: 'short', trigger: '68000', price: '67900' }), ctx).problems.trigger).toBe('a sell stop must be below the mark (it would fire at once)');
  });

  it('a stop on last with no last trade known is refused, and says so', () => {
    const r = evaluateEntry(form({ type: 'stop-market', trigger: '69000', triggerOn: 'last' }), { ...ctx, last: null });
    expect(r.problems.trigger).toBe('no last trade yet to check the stop against');
  });

  it('the wire condition: a buy stop on last is GTELast (1), a sell LTELast (2); on the mark 3 and 4', () => {
    expect([stopCondition('long', 'last'), stopCondition('short', 'last'), stopCondition('long', 'mark'), stopCondition('short', 'mark')]).toEqual([
      TriggerCondition.GTELast,
      TriggerCondition.LTELast,
      TriggerCondition.GTEMark,
      TriggerCondition.LTEMark,
    ]);
    expect([TriggerCondition.GTELast, TriggerCondition.LTELast, TriggerCondition.GTEMark, TriggerCondition.LTEMark]).toEqual([1, 2, 3, 4]);
  });

  it('the form says which price fires the stop, and the review says it against that price now', () => {
    const f = form({ type: 'stop-market', trigger: '69000', triggerOn: 'last', focus: 'trigger' });
    const r = evaluateEntry(f, ctx);
    const text = entryLines({ form: f, result: r, market: market(), reviewing: false, preview: null, disabled: null }).map((l) => l.text);
    expect(text).toContain('▸stop at     69000 last ≥ (buy stop, above the last trade)');
    expect(text).toContain('   Space: fired by the mark / the last trade price');
    expect(legLines(f, r.intent, market(), 670_000, Infinity, 685_000).map((l) => l.text)).toEqual([' stop: fires when last price ≥ 69,000 (last now 68,500), then a market buy']);
  });

  it('a bracket on last: both legs carry it and the review names it; they are checked against the entry, whose fill is the last trade then', () => {
    const f = form({ type: 'market', tp: '70000', sl: '66000', triggerOn: 'last' });
    const r = evaluateEntry(f, ctx);
    expect(r.problems).toEqual({});
    expect(r.intent).toMatchObject({ tp: { price: 700_000, on: 'last' }, sl: { price: 660_000, on: 'last' } });
    expect(legLines(f, r.intent, market(), 670_000, Infinity, 685_000).map((l) => l.text)[0]).toBe(' bracket: entry + TP sell last ≥ 70,000 + SL sell last ≤ 66,000');
    // The legs arm once the market entry fills, about the mark: a stop-loss above it would fire at once.
    expect(evaluateEntry(form({ type: 'market', sl: '68000', triggerOn: 'last' }), ctx).problems.sl).toBe('stop-loss must be below the mark');
    // On the mark (the default) the legs carry no source: the exchange's default, tpc 3 / 4.
    expect(evaluateEntry(form({ type: 'market', tp: '70000' }), ctx).intent?.tp).toEqual({ price: 700_000 });
  });
});
