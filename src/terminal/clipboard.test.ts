import { describe, expect, it } from 'vitest';
import { copyNotice } from '../ui/actions/terminal-actions.js';
import { copyToClipboard, osc52 } from './clipboard.js';

const INSIDE_TMUX = { TMUX: '/tmp/tmux-1000/default,1,0' };

function copied(text: string, env: Record<string, string>): { bytes: string; outcome: string } {
  let bytes = '';
  const outcome = copyToClipboard(text, (b) => (bytes += b), env);
  return { bytes, outcome };
}

describe('OSC 52 clipboard', () => {
  it('encodes the text as base64 in an OSC 52 sequence ended by BEL', () => {
    expect(osc52('BTC bid 67012.5 x 0.5')).toBe(`\u001B]52;c;${Buffer.from('BTC bid 67012.5 x 0.5').toString('base64')}\u0007`);
  });

  it('copy-outside-tmux: writes the plain sequence and reports it sent', () => {
    expect(copied('x', {})).toEqual({ bytes: '\u001B]52;c;eA==\u0007', outcome: 'sent' });
  });

  it('copy-inside-tmux-not-discarded: writes the plain sequence (tmux with set-clipboard on takes it; a passthrough is dropped by default)', () => {
    const { bytes, outcome } = copied('x', INSIDE_TMUX);
    expect(bytes).toBe('\u001B]52;c;eA==\u0007');
    expect(bytes).not.toContain('\u001BPtmux;');
    expect(outcome).toBe('sent-unconfirmed');
  });

  it('copy-inside-tmux-says-unconfirmed: the notice does not claim the text arrived', () => {
    const notice = copyNotice('sent-unconfirmed', 'BTC bid 1 x 2');
    expect(notice).toContain('cannot confirm inside tmux');
    expect(notice).not.toMatch(/^copied/);
    expect(copyNotice('sent', 'BTC bid 1 x 2')).toBe('copied: BTC bid 1 x 2');
  });

  it('refuses text too long for a clipboard sequence and writes nothing', () => {
    expect(osc52('a'.repeat(100_000))).toBeNull();
    expect(copied('a'.repeat(100_000), {})).toEqual({ bytes: '', outcome: 'too-long' });
    expect(copyNotice('too-long', 'a')).toBe('too long to copy');
  });
});
