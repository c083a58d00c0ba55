import { describe, expect, it } from 'vitest';
import { cycleChoice, evaluateEntry, focusField, focusedLine, focusedText, newEntryForm, stepField, withFocusedLine, type EntryContext, type OrderEntryForm } from './order-entry.js';
import { editLine } from './line-edit.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import { entryLines } from '../ui/order-entry/entry-lines.js';

const market = btcTestMarket;
const ctx: EntryContext = { market: market(), mark: 670_000, head: 1_000 };
const form = (over: Partial<OrderEntryForm> = {}): OrderEntryForm => ({ ...newEntryForm(16, 'long', '67000', '5'), size: '0.01', ...over });

describe('evaluateEntry', () => {
  it('turns a valid limit form into scaled integers', () => {
    const r = evaluateEntry(form({ tif: 'post', tp: '69000', sl: '65500', expiry: '10' }), ctx);
    expect(r.problems).toEqual({});
    expect(r.intent).toEqual({
      marketId: 16, kind: 'post-only', side: 'long', size: 1_000, price: 670_000, leverage: 500,
      lastBlock: 1_010, tp: { price: 690_000 }, sl: { price: 655_000 },
    });
    expect(r.notionalAtoms).toBe(670_000_000n);
  });

  it('a market order takes the slippage cap and no price', () => {
    const r = evaluateEntry(form({ type: 'market', price: 'garbage', slippage: '50' }), ctx);
    expect(r.intent).toMatchObject({ kind: 'market', slippageBps: 50 });
    expect(r.intent?.price).toBeUndefined();
  });

  it('a notional size converts at the price, rounded down to whole units', () => {
    const r = evaluateEntry(form({ sizeUnit: 'notional', size: '670' }), ctx);
    expect(r.intent?.size).toBe(1_000);
  });

  it.each([
    ['size', { size: 'abc' }, 'not a number'],
    ['size', { size: '-1' }, 'greater than 0'],
    ['size', { size: '0' }, 'greater than 0'],
    // form-size-leading-zeros-refused: "001" is a slip, never read as 1; "$0500" and "050%" alike.
    ['size', { size: '001' }, 'size "001" starts with a zero: type 1, or 0.01 for a fraction'],
    ['size', { size: '$0500' }, 'quote amount "0500" starts with a zero'],
    // A percentage is named as one (it was called a size, the percentage's own words never shown).
    ['size', { size: '050%' }, 'percentage "050" starts with a zero: type 50, or 0.50 for a fraction'],
    ['size', { size: '0.000001' }, 'more than 5 decimals'],
    ['size', { size: '99999999999999999' }, 'too large'],
    ['price', { price: 'x' }, 'not a number'],
    ['price', { price: '-5' }, 'greater than 0'],
    ['price', { price: '1.25' }, 'more than 1 decimal'],
    ['price', { price: '9007199254740993' }, 'too large'],
    ['leverage', { leverage: '0' }, 'greater than 0'],
    ['leverage', { leverage: 'lots' }, 'not a number'],
    ['tp', { tp: '60000' }, 'above'],
    ['tp', { tp: 'up' }, 'not a number'],
    ['sl', { sl: '70000' }, 'below'],
    ['expiry', { expiry: '1.5' }, 'whole number'],
    ['expiry', { expiry: '0' }, 'at least 1'],
    ['slippage', { type: 'market', slippage: '5000' }, 'capped at 100'],
    ['slippage', { type: 'market', slippage: '-3' }, 'whole basis points'],
    ['expiry', { expiry: '500' }, 'at most 20 blocks ≈ 6.0 s: the exchange refuses a later expiry'],
  ] as const)('explains garbage in %s (%j)', (field, over, reason) => {
    const r = evaluateEntry(form(over as Partial<OrderEntryForm>), ctx);
    expect(r.intent).toBeNull();
    expect(r.problems[field]).toContain(reason);
  });

  it('leverage above the market maximum is clamped to it, and the form says so', () => {
    const r = evaluateEntry(form({ leverage: '99' }), ctx);
    expect(r.problems).toEqual({});
    expect(r.intent?.leverage).toBe(1_500);
    const lines = entryLines({ form: form({ leverage: '99', focus: 'leverage' }), result: r, market: market(), reviewing: false, preview: null, disabled: null });
    expect(lines.map((l) => l.text).join('\n')).toContain('15x [##########] max (99x clamped)');
  });

  it('a closed market is refused', () => {
    expect(evaluateEntry(form(), { ...ctx, market: market({ is_open: false }) }).problems.type).toContain('closed');
  });
});

describe('form editing', () => {
  it('moves through fields, skipping what the order type does not use', () => {
    expect(stepField(form({ focus: 'size' }), 1)).toBe('price');
    expect(stepField(form({ type: 'market', focus: 'size' }), 1)).toBe('leverage');
    expect(stepField(form({ focus: 'side' }), -1)).toBe('expiry');
  });
  it('cycles choices and types into text fields', () => {
    expect(cycleChoice(form({ focus: 'side' })).side).toBe('short');
    expect(cycleChoice(form({ focus: 'tif' })).tif).toBe('post');
    expect(cycleChoice(form({ focus: 'size' })).sizeUnit).toBe('notional');
    const type = (f: OrderEntryForm, key: { name: string | null; text: string }) => withFocusedLine(f, editLine({ text: focusedText(f) ?? '' }, key) ?? { text: '' });
    expect(type(form({ focus: 'size', size: '0.0' }), { name: null, text: '5' }).size).toBe('0.05');
    expect(type(form({ focus: 'size', size: '0.0' }), { name: 'Backspace', text: '' }).size).toBe('0.');
    expect(focusedText(form({ focus: 'side' }))).toBeNull();
    expect(withFocusedLine(form({ focus: 'side' }), { text: '5' })).toEqual(form({ focus: 'side' }));
  });

  // The keys as the entry mode applies them: the focused field's line (selected or not) through the one line editor.
  const press = (f: OrderEntryForm, key: { name: string | null; text: string }) => {
    const line = focusedLine(f);
    const next = line && editLine(line, key);
    return next ? withFocusedLine(f, next) : f;
  };
  const typed = (f: OrderEntryForm, text: string) => [...text].reduce((g, ch) => press(g, { name: null, text: ch }), f);

  it('tab-into-prefilled-price-replaces-not-appends: Tab to the prefilled price, type 66950, and the price is 66950', () => {
    const onPrice = focusField(form({ focus: 'size' }), stepField(form({ focus: 'size' }), 1));
    expect(onPrice.focus).toBe('price');
    expect(typed(onPrice, '66950').price).toBe('66950');
    // Only the first character replaces: the rest append to what was typed.
    expect(typed(onPrice, '6695').price).toBe('6695');
    // The review line says the selection while it holds, and no longer once typed into.
    const lines = (f: OrderEntryForm) => entryLines({ form: f, result: evaluateEntry(f, ctx), market: market(), reviewing: false, preview: null, disabled: null }).map((l) => l.text);
    expect(lines(onPrice).find((l) => /price +\d/.test(l))).toContain('67000  (typing replaces it)');
    expect(lines(typed(onPrice, '6')).find((l) => /price +\d/.test(l))).not.toContain('typing replaces it');
  });

  it('backspace-edits-a-selected-price: Backspace on a selected field deletes one character and ends the selection', () => {
    const onPrice = focusField(form(), 'price');
    const edited = press(onPrice, { name: 'Backspace', text: '' });
    expect(edited.price).toBe('6700');
    expect(typed(edited, '5').price).toBe('67005');
  });

  it('an-empty-field-is-not-selected: Tab to an empty TP selects nothing, and a choice field is never selected', () => {
    expect(focusField(form(), 'tp').selected).toBeUndefined();
    expect(focusField(form(), 'side').selected).toBeUndefined();
    expect(typed(focusField(form({ tp: '' }), 'tp'), '68000').tp).toBe('68000');
  });
});
