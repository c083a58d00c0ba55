// The close-share (`x`) and collateral (`a`) prompts open on a meaningful value, selected as every prefill
// is: `x` on 100% (what an empty line means, still confirmed with Cancel the default), `a` on the amount
// last added in that market this session (empty before any). The first key typed replaces it.

import { describe, expect, it } from 'vitest';
import { ENTER } from '../keys/press.fixtures.js';
import { LONG_POSITION, tradingKeys } from '../keys/trading-keys.fixtures.js';

function session() {
  const s = tradingKeys({ focus: 'trading' });
  return { ...s, prompt: () => s.store.getState().tabs.prompt };
}

describe('x opens on 100%', () => {
  it('close-prompt-typed-share-replaces-prefill: x shows 100% selected; Enter asks to close all (Enter again cancels); 25% typed over it is the whole line', () => {
    const { press, type, calls, ui, prompt } = session();
    press('x');
    expect(prompt()).toMatchObject({ mode: 'close', text: '100%', selected: true });
    press(ENTER);
    expect(ui().confirm?.text).toBe('close 100% (0.4 BTC) of ▲ LONG BTC #7 at market, market default cap?');
    press(ENTER); // the default answer: Cancel
    expect(ui().confirm).toBeNull();
    expect(calls).toEqual([]);

    press('x');
    type('25%');
    expect(prompt()?.text).toBe('25%'); // never 100%25%
    press(ENTER);
    expect(ui().confirm?.text).toContain('close 25% (0.1 BTC) of ▲ LONG BTC #7');
    press('y');
    expect(calls).toEqual(['close']);
  });
});

describe('a opens on the amount last added in the market', () => {
  it('collateral-prompt-typed-amount-replaces-prefill: a is empty at first; after 12.5 was added it opens on 12.5 selected, and 40 typed over it adds 40', () => {
    const { press, type, calls, ui, prompt } = session();
    press('a');
    expect(prompt()).toMatchObject({ mode: 'collateral', text: '' });
    expect(prompt()?.selected).toBeUndefined();
    type('12.5');
    press(ENTER);
    expect(ui().confirm?.text).toContain('add 12.50 collateral');
    press('y');
    expect(calls).toEqual(['addCollateral']);

    press('a');
    expect(prompt()).toMatchObject({ text: '12.5', selected: true });
    type('40');
    expect(prompt()?.text).toBe('40'); // never 12.540
    press(ENTER);
    expect(ui().confirm?.text).toContain('add 40.00 collateral');
  });

  it('collateral-prefill-is-per-market: an amount added to a BTC position does not open a position in another market', () => {
    const { store, press, type, prompt } = session();
    press('a');
    type('12.5');
    press(ENTER);
    press('y');
    const { trading } = store.getState();
    store.setState({ trading: { ...trading, positions: [{ ...LONG_POSITION, positionId: 8, marketId: 2 }] } });
    press('a');
    expect(prompt()).toMatchObject({ targetId: 8, text: '' });
  });
});
