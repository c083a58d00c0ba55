// One read from the terminal can hold several keys: a held key over a slow SSH link, or two keys typed
// faster than the app read them ("Pt", "!!"). Ink hands such a chunk over as one input string, which no
// binding matches; the keyboard handlers want one key at a time.

import type { Key } from 'ink';

/** Printable characters only: escape sequences (arrows, F-keys) and control keys stay whole. */
const PRINTABLE_CHUNK = /^[^\u0000-\u001f\u007f]{2,}$/u;

/** The keys in one input chunk, in order, each with the flags a single keypress of it would carry. */
export function splitKeyChunk(input: string, key: Key): { input: string; key: Key }[] {
  if (key.ctrl || key.meta || !PRINTABLE_CHUNK.test(input)) return [{ input, key }];
  return [...input].map((ch) => ({ input: ch, key: { ...key, shift: ch !== ch.toLowerCase() } }));
}
