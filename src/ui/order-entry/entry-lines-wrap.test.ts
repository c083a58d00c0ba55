import { describe, expect, it } from 'vitest';
import { fitWrappedEntryLines, wrapText } from './entry-lines-wrap.js';
import type { EntryLine } from './entry-lines.js';

describe('order form lines in a narrow column', () => {
  it('entry-line-wraps-not-cuts: a smart confirm wider than the column is read whole, no line wider than it', () => {
    const text = ' margin 67% of equity: send anyway?';
    const lines = wrapText(text, 24);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(24);
    expect(lines.map((l) => l.trim()).join(' ')).toBe(text.trim());
  });

  it('entry-line-wraps-a-word-wider-than-the-column: cut, never lost', () => {
    const lines = wrapText('x'.repeat(30), 12);
    expect(lines.join('').replace(/ /g, '')).toBe('x'.repeat(30));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(12);
  });

  it('entry-fit-drops-optional-fields-before-the-review: the confirm stays, an optional field goes', () => {
    const lines: EntryLine[] = [
      { text: ' side        ▲ LONG (buy)', tone: 'up' },
      { text: ' expiry      default', tone: 'normal', optional: true },
      { text: ' est 1 slip 2 fee 3 margin 4 liq 5', tone: 'good' },
      { text: ' margin 67% of equity: send anyway?', tone: 'bad' },
    ];
    const fitted = fitWrappedEntryLines(lines, 20, 7);
    const text = fitted.map((l) => l.text).join('\n');
    expect(text).not.toContain('expiry');
    expect(text).toContain('anyway?');
    expect(fitted.length).toBeLessThanOrEqual(7);
    expect(fitted.every((l) => l.text.length <= 20)).toBe(true);
    // The wrapped rows keep their line's tone.
    expect(fitted.filter((l) => l.tone === 'bad').length).toBeGreaterThan(1);
  });
});
