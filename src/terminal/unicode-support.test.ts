import { describe, expect, it } from 'vitest';
import { lowBandwidthAscii } from './low-bandwidth.js';
import { terminalShowsUnicode } from './unicode-support.js';

describe('terminalShowsUnicode', () => {
  it('a UTF-8 locale on a modern terminal shows Unicode, whichever variable names it', () => {
    expect(terminalShowsUnicode({ LANG: 'en_US.UTF-8', TERM: 'xterm-256color' })).toBe(true);
    expect(terminalShowsUnicode({ LC_CTYPE: 'C.utf8', LANG: 'C' })).toBe(true);
    expect(terminalShowsUnicode({ LC_ALL: 'de_DE.UTF-8', LANG: 'C' })).toBe(true);
  });
  it('a non-UTF-8 or missing locale, or a console without those glyphs, does not', () => {
    expect(terminalShowsUnicode({ LANG: 'C', TERM: 'xterm' })).toBe(false);
    expect(terminalShowsUnicode({ TERM: 'xterm' })).toBe(false);
    expect(terminalShowsUnicode({ LC_ALL: 'POSIX', LANG: 'en_US.UTF-8' })).toBe(false);
    for (const term of ['linux', 'vt100', 'dumb']) expect(terminalShowsUnicode({ LANG: 'en_US.UTF-8', TERM: term })).toBe(false);
  });
  it('ssh-keeps-unicode: the low-bandwidth profile spells ASCII only for a terminal that needs it', () => {
    expect(lowBandwidthAscii(true, { SSH_TTY: '/dev/pts/7', LANG: 'en_US.UTF-8', TERM: 'xterm-256color' })).toBe(false);
    expect(lowBandwidthAscii(true, { SSH_TTY: '/dev/pts/7', LANG: 'C', TERM: 'xterm-256color' })).toBe(true);
    expect(lowBandwidthAscii(false, { LANG: 'C' })).toBe(false);
  });
});
