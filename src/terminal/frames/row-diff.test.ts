// The streamed row diff against the cell-array one it replaces (diffCells on toCells): on random rows,
// styled, of any length, some that cannot be split, the same bytes and the same style left in force.

import { describe, expect, it } from 'vitest';
import { diffCells, toCells, type Pen } from './row-cells.js';
import { diffRows, rowWidth } from './row-diff.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

const CODES = ['', '\u001B[31m', '\u001B[0;31m', '\u001B[1;32m', '\u001B[30;41m', '\u001B[38;5;208m', '\u001B[48;2;10;20;30m', '\u001B[7m', '\u001B[m', '\u001B[0m', '\u001B[39m', '\u001B[22m'];
const TEXTS = ['67,012.5', ' ', '▲ 0.125', '│', '██▒', 'x', 'y', '  ', '0.1', '0.2', 'abcdef'];
/** Rows diffCells never splits: wide glyphs, control characters, escapes other than SGR. */
const UNSPLITTABLE = ['中', '\t', '\u001B]8;;x\u0007', '\u001B[2K', '\u001B[31'];

function randomRow(rnd: () => number, splittable: boolean): string {
  let row = '';
  const parts = Math.floor(rnd() * 12);
  for (let p = 0; p < parts; p++) {
    row += CODES[Math.floor(rnd() * CODES.length)] ?? '';
    row += TEXTS[Math.floor(rnd() * TEXTS.length)] ?? '';
  }
  if (!splittable) {
    const at = Math.floor(rnd() * (row.length + 1));
    row = row.slice(0, at) + (UNSPLITTABLE[Math.floor(rnd() * UNSPLITTABLE.length)] ?? '') + row.slice(at);
  }
  if (rnd() < 0.3) row += CODES[Math.floor(rnd() * CODES.length)] ?? '';
  return row;
}

/** A row like `row` with a few texts changed (a book level's size, a price). */
function edited(rnd: () => number, row: string): string {
  let out = row;
  const edits = 1 + Math.floor(rnd() * 6);
  for (let e = 0; e < edits; e++) {
    if (rnd() < 0.6) {
      // A digit that ticks: one character in place, so unchanged runs of every length lie between edits.
      const at = Math.floor(rnd() * out.length);
      if (out.charCodeAt(at) > 32 && !out.slice(Math.max(0, at - 20), at + 1).includes('\u001B')) out = `${out.slice(0, at)}${'0123456789'[Math.floor(rnd() * 10)]}${out.slice(at + 1)}`;
      continue;
    }
    const at = Math.floor(rnd() * (out.length + 1));
    const cut = Math.floor(rnd() * 4);
    const text = rnd() < 0.3 ? (CODES[Math.floor(rnd() * CODES.length)] ?? '') : (TEXTS[Math.floor(rnd() * TEXTS.length)] ?? '');
    out = out.slice(0, at) + text + out.slice(at + cut);
  }
  return out;
}

describe('streamed row diff', () => {
  it('row-diff-without-cell-arrays-writes-the-same-bytes: random row pairs give diffCells bytes and leave the same style in force', () => {
    const rnd = seededRandom(35);
    let compared = 0;
    let unsplit = 0;
    for (let n = 0; n < 5_000; n++) {
      const before = randomRow(rnd, rnd() < 0.9);
      const after = rnd() < 0.5 ? edited(rnd, before) : randomRow(rnd, rnd() < 0.9);
      const style = ['', '31', '1;32', '38;5;208'][Math.floor(rnd() * 4)] ?? '';
      const streamedPen: Pen = { style };
      const cellPen: Pen = { style };
      const streamed = diffRows(before, after, streamedPen);
      const a = toCells(before);
      const b = toCells(after);
      const expected = a && b ? diffCells(a, b, cellPen) : null;
      expect({ before, after, style, bytes: streamed, pen: streamedPen.style }).toEqual({ before, after, style, bytes: expected, pen: cellPen.style });
      expect(rowWidth(after)).toBe(b ? b.chars.length : null);
      if (expected === null) unsplit++;
      else if (expected !== '') compared++;
    }
    // The rows exercised both paths.
    expect(compared).toBeGreaterThan(2_500);
    expect(unsplit).toBeGreaterThan(250);
  });
});
