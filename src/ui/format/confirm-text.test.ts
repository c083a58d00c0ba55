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
});
