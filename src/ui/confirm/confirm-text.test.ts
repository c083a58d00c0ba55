import { describe, expect, it } from 'vitest';
import { confirmLineFit } from './confirm-text.js';

describe('confirmLineFit', () => {
  it('confirm-keys-visible-at-80-columns: a long question is shortened, never the keys', () => {
    const prompt = { text: 'quitting stops the local exchange started here and wipes its 1 order and 0 positions (perpl sim --state FILE keeps them); quit anyway?', action: { kind: 'quit' as const }, at: 'bar' as const };
    const line = confirmLineFit(prompt, 80);
    expect(line.length).toBeLessThanOrEqual(80);
    expect(line.endsWith('y yes   any other key cancels')).toBe(true);
    expect(line.startsWith('quitting stops the local exchange')).toBe(true);
    expect(line).toContain('…');
    // A question that fits is shown whole.
    expect(confirmLineFit({ ...prompt, text: 'quit anyway?' }, 80)).toBe('quit anyway?  y yes   any other key cancels');
  });

  it('same-burst-note-never-costs-the-question: the note on a refused key follows the keys where the whole question fits, else it goes', () => {
    const prompt = { text: 'PANIC: cancel 0 orders and close 1 positions at market?', action: { kind: 'panic' as const }, at: 'bar' as const, note: 'y arrived with the key that asked — press y again' };
    expect(confirmLineFit(prompt, 200)).toBe(`${prompt.text}  y yes   any other key cancels  ${prompt.note}`);
    expect(confirmLineFit(prompt, 80)).toBe(confirmLineFit({ ...prompt, note: undefined }, 80));
  });
});
