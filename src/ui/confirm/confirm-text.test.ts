import { describe, expect, it } from 'vitest';
import { CONFIRM_CUT_TAIL, CONFIRM_MAX_LINES, confirmCut, confirmLines } from './confirm-text.js';

/** Every word of `text`, in order, read across the lines (a cut word would break the sequence). */
const wordsOf = (lines: string[]): string[] => lines.join(' ').split(/\s+/).filter(Boolean);

describe('confirmLines', () => {
  it('confirm-keys-visible-at-80-columns: a long question wraps whole over lines, the keys line last and whole', () => {
    const prompt = { text: 'quitting stops the local exchange started here and wipes its 1 order and 0 positions (perpl sim --state FILE keeps them); quit anyway?', action: { kind: 'quit' as const }, at: 'bar' as const };
    const lines = confirmLines(prompt, 80);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines[lines.length - 1]!.endsWith('y yes   any other key cancels')).toBe(true);
    expect(lines[0]!.startsWith('quitting stops the local exchange')).toBe(true);
    expect(wordsOf(lines).join(' ')).toBe(`${prompt.text} y yes any other key cancels`);
    expect(lines.join('\n')).not.toContain('…');
    // A question that fits is shown whole on one line.
    expect(confirmLines({ ...prompt, text: 'quit anyway?' }, 80)).toEqual(['quit anyway?  y yes   any other key cancels']);
  });

  it('same-burst-note-never-costs-the-question: the note on a refused key follows the keys where it fits, the question whole', () => {
    const prompt = { text: 'PANIC: cancel 0 orders and close 1 positions at market?', action: { kind: 'panic' as const }, at: 'bar' as const, note: 'y arrived with the key that asked — press y again' };
    expect(confirmLines(prompt, 200)).toEqual([`${prompt.text}  y yes   any other key cancels  ${prompt.note}`]);
    expect(confirmLines(prompt, 80)).toEqual([prompt.text, `y yes   any other key cancels  ${prompt.note}`]);
  });

  it('confirm-longer-than-its-lines-says-the-journal-has-it: at most CONFIRM_MAX_LINES, the keys kept, the cut said', () => {
    const text = `${'every algo keeps running on the exchange '.repeat(14)}quit anyway?`;
    const prompt = { text, action: { kind: 'quit' as const }, at: 'bar' as const };
    const lines = confirmLines(prompt, 80);
    expect(lines).toHaveLength(CONFIRM_MAX_LINES);
    expect(lines[CONFIRM_MAX_LINES - 2]!.endsWith(CONFIRM_CUT_TAIL)).toBe(true);
    expect(lines[CONFIRM_MAX_LINES - 1]).toBe('y yes   any other key cancels');
    expect(confirmCut(prompt, 80)).toBe(true);
    // Wide enough for it all: no cut.
    expect(confirmCut(prompt, 200)).toBe(false);
    expect(confirmLines(prompt, 200).join(' ')).not.toContain(CONFIRM_CUT_TAIL);
  });
});
