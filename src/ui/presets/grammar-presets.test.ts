// Presets speak the one grammar (issue 33): `buy 10% @bid postonly`, `close 1/4` and `sl be` on a key do
// what the typed line does, resolved against the store when the key is pressed; nothing sent before y.

import { describe, expect, it } from 'vitest';
import { createKeymap } from '../keys/keymap.js';
import { tradingKeys } from '../keys/trading-keys.fixtures.js';
import type { Preset } from './preset.js';

const F1 = '\u001bOP';
const F2 = '\u001bOQ';
const F3 = '\u001bOR';

function withPresets(presets: Preset[]) {
  return tradingKeys({ keymap: createKeymap(new Map(), presets) });
}

describe('presets with the grammar', () => {
  it('preset-relative-price-postonly-resolved: `buy 10% @bid postonly` reviews a post-only limit at the bid 66,995, 10% sized', () => {
    const t = withPresets([{ key: 'F1', text: 'buy 10% @bid postonly', confirm: true }]);
    t.press(F1);
    expect(t.ui().commandError ?? null).toBeNull();
    expect(t.ui().reviewing).toBe(true);
    expect(t.ui().entry).toMatchObject({ side: 'long', size: '10%', price: '66995.0', tif: 'post' });
    expect(t.ui().entry?.typedNotes?.map((n) => n.text)).toEqual(['@bid = 66,995']);
    expect(t.calls).toEqual([]);
    t.press('y');
    expect(t.calls).toEqual(['place']);
  });

  it('preset-close-fraction: `close 1/4` asks to close a quarter of the long; y closes', () => {
    const t = withPresets([{ key: 'F2', text: 'close 1/4', confirm: true }]);
    t.press(F2);
    expect(t.ui().confirm?.text).toBe('close 1/4 of BTC long at market?');
    expect(t.calls).toEqual([]);
    t.press('y');
    expect(t.calls).toEqual(['close']);
  });

  it('preset-sl-be: `sl be` asks to attach the break-even stop to the long; y replaces its protection', () => {
    const t = withPresets([{ key: 'F3', text: 'sl be', confirm: true }]);
    t.press(F3);
    expect(t.ui().confirm?.text).toMatch(/^attach SL 67,046\.3 \(on mark\) to .*LONG BTC/);
    expect(t.calls).toEqual([]);
    t.press('y');
    expect(t.calls).toEqual(['replaceProtection']);
  });
});
