import { describe, expect, it } from 'vitest';
import { createTerminalStore } from '../state/store.js';
import { askConfirm } from '../state/trading-actions.js';
import { journalCutQuestions } from './confirm-journal.js';

describe('journalCutQuestions', () => {
  it('confirm-too-long-for-the-screen-is-in-the-journal-whole: journaled once; a question the screen shows whole is not', () => {
    const store = createTerminalStore();
    const notes: string[] = [];
    const off = journalCutQuestions(store, (t) => notes.push(t));
    askConfirm(store, { text: 'quit anyway?', action: { kind: 'quit' }, at: 'bar' });
    expect(notes).toEqual([]);
    const text = `${'a trail keeps its stop on the exchange '.repeat(14)}quit anyway?`;
    askConfirm(store, { text, action: { kind: 'quit' }, at: 'bar' });
    askConfirm(store, { text, action: { kind: 'quit' }, at: 'bar', note: 'y arrived with the key that asked — press y again' });
    expect(notes).toEqual([`asked (too long for the screen): ${text}`]);
    off();
    askConfirm(store, null);
    askConfirm(store, { text: `${text} again`, action: { kind: 'quit' }, at: 'bar' });
    expect(notes).toHaveLength(1);
  });
});
