import { describe, expect, it } from 'vitest';
import { osc52 } from './clipboard.js';

describe('OSC 52 clipboard', () => {
  it('encodes the text as base64 in an OSC 52 sequence ended by BEL', () => {
    expect(osc52('BTC bid 67012.5 x 0.5', {})).toBe(`\u001B]52;c;${Buffer.from('BTC bid 67012.5 x 0.5').toString('base64')}\u0007`);
  });

  it('wraps it for tmux passthrough with the inner ESC doubled', () => {
    const wrapped = osc52('x', { TMUX: '/tmp/tmux-1000/default,1,0' });
    expect(wrapped).toBe(`\u001BPtmux;\u001B\u001B]52;c;eA==\u0007\u001B\\`);
  });

  it('refuses text too long for a clipboard sequence', () => {
    expect(osc52('a'.repeat(100_000), {})).toBeNull();
  });
});
