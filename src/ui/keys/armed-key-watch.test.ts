import { describe, expect, it } from 'vitest';
import { ArmedKeyWatch } from './armed-key-watch.js';
import { PASTE_END, PASTE_START } from './key-reader.js';

/** Reads in order, armed before the read at `armBefore`; what each read decided. */
function reads(raws: readonly string[], armBefore = 0): boolean[] {
  const watch = new ArmedKeyWatch();
  return raws.map((raw, i) => {
    if (i === armBefore) watch.arm(watch.readCount);
    return watch.read(raw, i);
  });
}

describe('ArmedKeyWatch', () => {
  it('a lone y as the first read since arming fires', () => {
    expect(reads(['y'])).toEqual([true]);
  });

  it('paste-split-across-reads-never-fires', () => {
    // The paste opened before arming and goes on: its `y` read alone is pasted text, never the key.
    expect(reads([`${PASTE_START}ab`, 'y', `c${PASTE_END}`], 1)).toEqual([false, false, false]);
    // Its end mark cut across reads: the `y` after the cut is still inside.
    expect(reads([`${PASTE_START}ab\u001b[20`, 'y'], 1)).toEqual([false, false]);
  });

  it('other-key-before-y-never-fires', () => {
    expect(reads(['x', 'y'])).toEqual([false, false]);
    expect(reads(['\u001b', 'y'])).toEqual([false, false]);
  });

  it('a y in a chunk with other keys never fires', () => {
    expect(reads(['yy'])).toEqual([false]);
    expect(reads(['xy'])).toEqual([false]);
    expect(reads(['y\r'])).toEqual([false]);
  });

  it('a y inside a terminal string or an escape sequence never fires', () => {
    // A terminal's reply (OSC) without its end in the read that opened it: ended by that read, so a
    // later lone `y` is a key again; the `y` inside never is.
    expect(reads(['\u001b]11;rgb:0/0/0y'])).toEqual([false]);
    expect(reads(['\u001by'])).toEqual([false]); // Alt-y, not y
  });

  it('one chance per arm: a second lone y fires only after the next arm', () => {
    const watch = new ArmedKeyWatch();
    watch.arm(watch.readCount);
    expect(watch.read('y', 0)).toBe(true);
    expect(watch.read('y', 1)).toBe(false);
    watch.arm(watch.readCount);
    watch.disarm();
    expect(watch.read('y', 2)).toBe(false);
  });

  it('read-on-its-way-when-armed-never-fires', () => {
    // Esc was read (and forwarded) but the screen thread armed on the state before it: the y after it must
    // not send an order the Esc closed.
    const watch = new ArmedKeyWatch();
    expect(watch.read('\u001b', 0)).toBe(false);
    watch.arm(0);
    expect(watch.read('y', 1)).toBe(false);
    // Armed again by a screen thread that has seen both reads: the next lone y fires.
    watch.arm(2);
    expect(watch.read('y', 2)).toBe(true);
  });

  it('a remapped confirm key fires, and y then does not', () => {
    const watch = new ArmedKeyWatch();
    watch.arm(watch.readCount);
    expect(watch.read('y', 0, 'Y')).toBe(false);
    watch.arm(watch.readCount);
    expect(watch.read('Y', 1, 'Y')).toBe(true);
  });
});
