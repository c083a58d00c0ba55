import { describe, expect, it } from 'vitest';
import { cutFromStart, editorLine, TYPED_CELLS_KEPT, typedRoom } from './editor-line.js';

describe('the inline editor line', () => {
  it('refusal-read-whole-at-80-columns: a long error keeps both its figures and the typed text; its end gives way', () => {
    const error = 'SL 56,281.5 is beyond liquidation 56,291.5: it would never fire';
    const parts = { label: 'TP/SL', text: 'sl 56281.5', selected: false, error, hint: 'hint' };
    const line = editorLine(parts, 78);
    expect(line).toBe('TP/SL> sl 56281.5█  ✗ SL 56,281.5 is beyond liquidation 56,291.5: it would ne…');
    expect(line).toHaveLength(78);
    // A longer line gives way from its start, down to the cells always kept, before the error's figures.
    const long = editorLine({ ...parts, text: 'tp 69000.5 sl 56281.5 last' }, 78);
    expect(long).toBe(`TP/SL> ${cutFromStart('tp 69000.5 sl 56281.5 last', TYPED_CELLS_KEPT)}█  ✗ SL 56,281.5 is beyond liquidation 56,291.5: it wo…`);
    // Where it fits, nothing gives way.
    expect(editorLine(parts, 200)).toBe(`TP/SL> sl 56281.5█  ✗ ${error}`);
    expect(editorLine({ ...parts, error: null, hint: 'tp PRICE' }, 20)).toBe('TP/SL> sl 56281.5█  tp PRICE  Ctrl-U clears');
    // A selected prefill is said where there is room, and gives way to the error first.
    expect(editorLine({ ...parts, selected: true, error: null, hint: 'tp PRICE' }, 200)).toBe('TP/SL> sl 56281.5█  (typing replaces it)  tp PRICE  Ctrl-U clears');
    expect(editorLine({ ...parts, selected: true }, 78)).toBe(line);
  });

  it('cut-from-start-keeps-the-cursor-end: a line that does not fit shows its end after an ellipsis', () => {
    expect(cutFromStart('buy 0.002 @ 65000 lev 5 sl 54567.8', 10)).toBe('…l 54567.8');
    expect(cutFromStart('sl 6', 10)).toBe('sl 6');
    expect(cutFromStart('sl 6', 0)).toBe('');
  });
});

describe('a refusal wider than the line', () => {
  it('command-refusal-wider-than-the-screen-kept-the-typed-text: the line shows what it holds, the refusal gives way', () => {
    const error = 'cannot send: the feed is stale: orders are locked until it is live; the market data has been silent for 7 s';
    const line = editorLine({ label: 'TP/SL', text: 'sl 64000 tp 69000', selected: false, error, hint: 'hint' }, 80);
    // 16 cells of the typed text, the cursor end: "…64000 tp 69000".
    expect(line.startsWith(`TP/SL> ${cutFromStart('sl 64000 tp 69000', TYPED_CELLS_KEPT)}█  ✗ cannot send`)).toBe(true);
    expect(line).toHaveLength(80);
    expect(typedRoom(78, 200)).toBe(TYPED_CELLS_KEPT);
    expect(typedRoom(78, 40)).toBe(38);
  });
});
