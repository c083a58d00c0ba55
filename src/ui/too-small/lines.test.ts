import { describe, expect, it } from 'vitest';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { confirmFitsTooSmall, tooSmallHeight, tooSmallLines } from './lines.js';

const panic: ConfirmPrompt = { text: 'PANIC: cancel 0 orders and close 1 positions at market?', action: { kind: 'panic' }, at: 'bar' };

/** Every line within the width, and no more lines than the frame has. */
function expectFits(lines: string[], cols: number, rows: number): void {
  expect(lines.length).toBeLessThanOrEqual(tooSmallHeight(rows));
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
}

describe('the too-small screen', () => {
  it('too-small-message-never-overprints: at 20x6 the header, q quits and a long notice fit the 5 rows', () => {
    const lines = tooSmallLines(20, 6, null, '!: nothing acts while the terminal is too small (q quits)');
    expectFits(lines, 20, 6);
    expect(lines.slice(0, 3)).toEqual(['too small: 20x6,', 'need 80x24', 'q quits']);
    expect(lines.at(-1)).toMatch(/…$/);
    // Wide enough: the words the screen always said.
    expect(tooSmallLines(70, 20, null, null)).toEqual(['terminal too small (need 80x24, have 70x20)', 'q quits']);
  });

  it('panic-confirm-fits-at-20x6: the whole question and its keys, the header dropped for room', () => {
    expect(confirmFitsTooSmall(panic, 20, 6)).toBe(true);
    const lines = tooSmallLines(20, 6, panic, null);
    expectFits(lines, 20, 6);
    expect(lines.join(' ')).toBe(`${panic.text} y yes other keys cancel`);
    // With room, the header and the usual keys line too.
    expect(tooSmallLines(60, 20, panic, null)).toEqual(['terminal too small (need 80x24, have 60x20)', panic.text, 'y yes   any other key cancels']);
  });

  it('confirm-that-cannot-fit-is-not-shown: below what it needs the screen says to enlarge, never a cut question', () => {
    expect(confirmFitsTooSmall(panic, 12, 4)).toBe(false);
    const lines = tooSmallLines(12, 4, panic, null);
    expectFits(lines, 12, 4);
    expect(lines.join(' ')).not.toContain('PANIC');
    expect(lines.join(' ')).toContain('enlarge');
  });
});
