import { describe, expect, it } from 'vitest';
import { sgrFor } from './ansi.js';
import { detectColorDepth, resolvePalette, THEME_LIST } from './theme-palettes.js';

describe('colour depth detection', () => {
  it('honours NO_COLOR, FORCE_COLOR, COLORTERM and TERM in that order', () => {
    expect(detectColorDepth({ NO_COLOR: '1', COLORTERM: 'truecolor' })).toBe('none');
    expect(detectColorDepth({ NO_COLOR: '' , TERM: 'xterm' })).toBe('16');
    expect(detectColorDepth({ FORCE_COLOR: '0', COLORTERM: 'truecolor' })).toBe('none');
    expect(detectColorDepth({ FORCE_COLOR: '3' })).toBe('truecolor');
    expect(detectColorDepth({ FORCE_COLOR: '2' })).toBe('256');
    expect(detectColorDepth({ COLORTERM: '24bit', TERM: 'xterm' })).toBe('truecolor');
    expect(detectColorDepth({ TERM: 'screen-256color' })).toBe('256');
    expect(detectColorDepth({ TERM: 'xterm-direct' })).toBe('truecolor');
    expect(detectColorDepth({ TERM: 'dumb' })).toBe('none');
    expect(detectColorDepth({ TERM: 'vt100' })).toBe('16');
  });
});

describe('palettes', () => {
  it('fall back truecolor -> 256 -> 16 with colours each depth can show', () => {
    for (const name of THEME_LIST) {
      for (const depth of ['16', '256', 'truecolor'] as const) {
        for (const spec of Object.values(resolvePalette(name, depth))) {
          if (spec === undefined) continue;
          const sgr = sgrFor(spec, 'fg') ?? '';
          if (depth === '16') expect(sgr).toMatch(/^(3[0-7]|90)$/);
          if (depth === '256') expect(sgr).not.toContain('38;2;');
        }
      }
    }
  });

  it('colour-blind theme never uses red or green; monochrome and depth none use no colour', () => {
    for (const depth of ['16', '256', 'truecolor'] as const) {
      const p = resolvePalette('colorblind', depth);
      expect([p.up, p.down, p.upBar, p.downBar]).not.toContain('red');
      expect([p.up, p.down, p.upBar, p.downBar]).not.toContain('green');
      expect(p.up).not.toBe(p.down);
    }
    expect(Object.values(resolvePalette('mono', 'truecolor')).every((c) => c === undefined)).toBe(true);
    expect(Object.values(resolvePalette('dark', 'none')).every((c) => c === undefined)).toBe(true);
  });

  it('no theme draws a side in its own bar colour without a bar text colour', () => {
    for (const name of THEME_LIST) {
      for (const depth of ['16', '256', 'truecolor'] as const) {
        const p = resolvePalette(name, depth);
        if (p.up && p.up === p.upBar) expect(p.barText).not.toBe(p.upBar);
        if (p.down && p.down === p.downBar) expect(p.barText).not.toBe(p.downBar);
        if (p.loud) expect(p.loud).not.toBe(p.loudBg);
      }
    }
  });
});
