import { describe, expect, it } from 'vitest';
import { scrollWindow } from './scroll-window.js';

describe('scrollWindow', () => {
  it('shows everything without a marker when the lines fit', () => {
    expect(scrollWindow(5, 10, 0)).toEqual({ first: 0, visible: 10, more: null });
  });

  it('gives the last row to the marker when the lines do not fit', () => {
    expect(scrollWindow(30, 10, 0)).toEqual({ first: 0, visible: 9, more: '↓ 21 more (j / PgDn)' });
  });

  it('says what is above and below in the middle', () => {
    expect(scrollWindow(30, 10, 5)).toEqual({ first: 5, visible: 9, more: '↑ 5 above  ↓ 16 more (j / PgDn)' });
  });

  it('scrolled-past-the-end-stops-at-the-last-page', () => {
    expect(scrollWindow(30, 10, 99)).toEqual({ first: 21, visible: 9, more: '↑ 21 above  end' });
  });

  it('keeps one line on a page with no room', () => {
    expect(scrollWindow(3, 0, 0).visible).toBe(1);
  });
});
