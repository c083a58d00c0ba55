import { describe, expect, it } from 'vitest';
import { resolveKey } from './keymap.js';

describe('keymap', () => {
  it('esc-never-quits: Escape means back, q and Ctrl-C mean quit', () => {
    expect(resolveKey('', { escape: true })).toBe('back');
    expect(resolveKey('q', {})).toBe('quit');
    expect(resolveKey('c', { ctrl: true })).toBe('quit');
  });

  it('maps movement, focus and timeframe keys, and ignores other control chords', () => {
    expect(resolveKey('j', {})).toBe('down');
    expect(resolveKey('', { upArrow: true })).toBe('up');
    expect(resolveKey('', { tab: true })).toBe('focusNext');
    expect(resolveKey('', { tab: true, shift: true })).toBe('focusPrev');
    expect(resolveKey(']', {})).toBe('timeframeUp');
    expect(resolveKey('3', {})).toBe('focusTrades');
    expect(resolveKey('j', { ctrl: true })).toBeNull();
    expect(resolveKey('~', {})).toBeNull();
  });
});
