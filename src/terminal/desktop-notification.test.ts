import { describe, expect, it } from 'vitest';
import { notificationBytes, osc777, osc9, resolveNotifyRoute, tmuxPassthrough } from './desktop-notification.js';
import { passthroughFromAnswer } from './tmux-passthrough.js';

const ESC = '\u001b';
const BEL = '\u0007';

describe('desktop notification bytes', () => {
  it('OSC 9 is ESC ] 9 ; title: body BEL', () => {
    expect(osc9('perpl: fill', 'bought 0.1 BTC')).toBe(`${ESC}]9;perpl: fill: bought 0.1 BTC${BEL}`);
  });

  it('OSC 777 is ESC ] 777 ; notify ; title ; body BEL', () => {
    expect(osc777('perpl: fill', 'bought 0.1 BTC; taker')).toBe(`${ESC}]777;notify;perpl: fill;bought 0.1 BTC; taker${BEL}`);
  });

  it('tmux passthrough wraps in ESC P tmux; ... ESC \\ with every ESC inside doubled', () => {
    expect(tmuxPassthrough(osc9('t', 'b'))).toBe(`${ESC}Ptmux;${ESC}${ESC}]9;t: b${BEL}${ESC}\\`);
    expect(notificationBytes({ method: 'osc777', tmux: true }, 't', 'b')).toBe(`${ESC}Ptmux;${ESC}${ESC}]777;notify;t;b${BEL}${ESC}\\`);
  });

  it('the bell is one BEL; off is nothing', () => {
    expect(notificationBytes({ method: 'bell', tmux: true }, 't', 'b')).toBe(BEL);
    expect(notificationBytes({ method: 'off', tmux: false }, 't', 'b')).toBe('');
  });

  it('osc-ended-early-by-hostile-text: BEL, ESC, ST and C1 in the text cannot end the sequence, nor a `;` split the 777 title', () => {
    const hostile = `X${ESC}]9;pwned${BEL}${ESC}\\\u009c\u009b2J`;
    for (const bytes of [osc9(hostile, hostile), osc777(hostile, hostile), notificationBytes({ method: 'osc9', tmux: true }, hostile, hostile)]) {
      const wrapped = bytes.startsWith(`${ESC}Ptmux;`);
      const inner = wrapped ? bytes.slice(`${ESC}Ptmux;`.length, -2).replaceAll(`${ESC}${ESC}`, ESC) : bytes;
      // One ESC (the opener) and one BEL (the end), both where they belong; no C1 anywhere.
      expect(inner.split(ESC)).toHaveLength(2);
      expect(inner.indexOf(BEL)).toBe(inner.length - 1);
      expect(inner).not.toMatch(/[\u0080-\u009f]/);
    }
    expect(osc777('a;b', 'c').split(';')).toEqual([`${ESC}]777`, 'notify', 'a,b', `c${BEL}`]);
  });
});

describe('notification route', () => {
  it('auto is OSC 9, OSC 777 on VTE / urxvt / foot', () => {
    expect(resolveNotifyRoute('auto', {}, 'unknown')).toEqual({ method: 'osc9', tmux: false });
    expect(resolveNotifyRoute('auto', { VTE_VERSION: '7600' }, 'unknown')).toEqual({ method: 'osc777', tmux: false });
    expect(resolveNotifyRoute('auto', { TERM: 'foot' }, 'unknown').method).toBe('osc777');
  });

  it('inside tmux an OSC goes through the passthrough when tmux forwards it, else the bell', () => {
    expect(resolveNotifyRoute('osc9', { TMUX: '/tmp/tmux-1/default,1,0' }, 'on')).toEqual({ method: 'osc9', tmux: true });
    expect(resolveNotifyRoute('osc777', { TMUX: 'x' }, 'off')).toEqual({ method: 'bell', tmux: false });
    expect(resolveNotifyRoute('auto', { TMUX: 'x' }, 'unknown')).toEqual({ method: 'bell', tmux: false });
    expect(resolveNotifyRoute('off', { TMUX: 'x' }, 'on')).toEqual({ method: 'off', tmux: false });
  });

  it('tmux answers: the pane value wins, on/all forward, an unknown option is an old tmux that forwards', () => {
    expect(passthroughFromAnswer({ pane: { out: 'on\n' }, global: { out: 'off\n' } })).toBe('on');
    expect(passthroughFromAnswer({ pane: { out: '' }, global: { out: 'all\n' } })).toBe('on');
    expect(passthroughFromAnswer({ pane: { out: '' }, global: { out: 'off\n' } })).toBe('off');
    expect(passthroughFromAnswer({ pane: null, global: { error: 'invalid option: allow-passthrough' } })).toBe('on');
    expect(passthroughFromAnswer({ pane: null, global: { error: 'no server running on /tmp/tmux-1/default' } })).toBe('unknown');
    expect(passthroughFromAnswer({ pane: null, global: null })).toBe('unknown');
  });
});
