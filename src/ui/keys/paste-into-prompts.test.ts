// A paste into each prompt of the trading tabs (`e` on an order and on a trigger, `t`, `x`, `a`) and into the
// order form's size field, as the terminal sends it (bracketed, through the key reader): the text lands
// with its control characters removed and replaces a selected prefill; a pasted newline or `!!y` runs
// nothing. Enter typed afterwards does run the line: the prompt was live all along.

import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import { ENTER, ESC } from './press.fixtures.js';
import { pasted, tradingKeys } from './trading-keys.fixtures.js';

const resting: OrderRowView = {
  orderId: 50, requestId: 50, marketId: 1, type: 1, status: 2, price: 660_000, originalSize: 1_000, filledSize: 0, flags: 0, leverage: 500,
  triggerPrice: null, triggerCondition: null, linkedPositionId: null, lastBlock: null, blocksLeft: null,
};
const stopLoss: OrderRowView = { ...resting, orderId: 41, requestId: 41, type: 3, status: 8, price: 0, originalSize: 40_000, flags: 4, triggerPrice: 650_000, triggerCondition: 4, linkedPositionId: 7 };
const BACKSPACE = '\u007f';

interface PromptCase {
  name: string;
  orders: OrderRowView[];
  /** Keys (one read each) that open the prompt, with any session that gives it its prefill. */
  open: string[];
  prefill: string;
  /** Raw pasted text: control characters (NUL, Tab, ESC, CR, LF) among what should land. */
  paste: string;
  lands: string;
  /** What Enter opens afterwards, and the intent its `y` sends. */
  asks: RegExp;
  sends: string;
}

const CASES: PromptCase[] = [
  { name: 'e (amend)', orders: [resting], open: ['O', 'e'], prefill: '66000.0 0.01000', paste: '67\u0000000 0.02\r', lands: '67000 0.02', asks: /change BTC order 50: price 66,000 → 67,000/, sends: 'change' },
  { name: 'e (trigger)', orders: [stopLoss], open: ['O', 'e'], prefill: '65000.0', paste: '66000\r\n', lands: '66000', asks: /move SL 65,000 -> 66,000/, sends: 'replaceProtection' },
  { name: 't (TP/SL)', orders: [stopLoss], open: ['t'], prefill: 'sl 65000.0', paste: 'sl 66\u001b000\t\r', lands: 'sl 66000', asks: /attach SL 66,000 \(on mark\)/, sends: 'replaceProtection' },
  { name: 'x (close)', orders: [], open: ['x'], prefill: '100%', paste: '5\u00000%\r', lands: '50%', asks: /close 50% \(0\.2 BTC\)/, sends: 'close' },
  // `a` is prefilled once an amount was added in the market this session.
  { name: 'a (collateral)', orders: [], open: ['a', '2', '5', ENTER, 'y', 'a'], prefill: '25', paste: '4\t0\r', lands: '40', asks: /add 40\.00 collateral/, sends: 'addCollateral' },
];

describe('a paste into a prompt of the trading tabs is text', () => {
  for (const c of CASES) {
    it(`paste-into-${c.name.split(' ')[0]}-prompt-runs-nothing: ${c.name}: the paste replaces the selected prefill, controls removed; a pasted newline or !!y runs nothing`, () => {
      const { store, press, calls, ui } = tradingKeys({ orders: c.orders, focus: 'trading' });
      const prompt = () => store.getState().tabs.prompt;
      for (const key of c.open) press(key);
      calls.length = 0; // the session that gave `a` its prefill
      expect(prompt()).toMatchObject({ text: c.prefill, selected: true });

      press(pasted(c.paste));
      expect(prompt()?.text).toBe(c.lands);
      expect(prompt()?.selected).toBeUndefined();
      press(pasted('!!y'));
      expect(prompt()?.text).toBe(`${c.lands}!!y`);
      // Still open, nothing asked, no panic armed, nothing sent.
      expect(ui().confirm).toBeNull();
      expect(ui().amend).toBeNull();
      expect(ui().panicArmedAtMs).toBeNull();
      expect(calls).toEqual([]);

      // The same line with Enter typed: it runs (the pasted newline would have, had it been a key).
      for (let i = 0; i < 3; i++) press(BACKSPACE);
      press(ENTER);
      expect(ui().confirm?.text).toMatch(c.asks);
      expect(calls).toEqual([]);
      press('y');
      expect(calls).toEqual([c.sends]);
    });
  }
});

describe('a paste into the order form is text', () => {
  it('paste-into-order-size-opens-nothing: !!y and 0.01<CR>y pasted into the size field stay there; no review, no confirm, nothing sent', () => {
    const { press, ui, calls } = tradingKeys();
    press('b');
    expect(ui().entry?.focus).toBe('size');
    press(pasted('!!y'));
    expect(ui().entry?.size).toBe('!!y');
    expect(ui().reviewing).toBe(false);
    expect(ui().confirm).toBeNull();
    expect(ui().panicArmedAtMs).toBeNull();
    press(ESC);
    expect(ui().entry).toBeNull();

    press('b');
    press(pasted('0.01\ry'));
    expect(ui().entry?.size).toBe('0.01y');
    expect(ui().reviewing).toBe(false);
    expect(ui().confirm).toBeNull();
    expect(calls).toEqual([]);

    // Typed, the same keys review and send: the form was live.
    press(BACKSPACE);
    press(ENTER);
    expect(ui().reviewing).toBe(true);
    press('y');
    expect(calls).toEqual(['place']);
  });
});
