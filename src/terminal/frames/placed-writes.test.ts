// A write's lines must be cut exactly as Ink's Output cuts them (slice-ansi on every line of a clipped
// write). A plain line of the screen's own characters that fits is kept as it is, without slice-ansi:
// that must be what slice-ansi would have made of it, for every character that takes that path.

import { describe, expect, it } from 'vitest';
import { newInkGrid, sliceAnsi } from './ink-port.js';
import { PlacedWrites } from './placed-writes.js';
import { plainKeptWhole } from './stand-alone.js';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

const caches = newInkGrid(10, 10).caches;

/** Every UTF-16 unit a plain line may hold and still be kept whole (stand-alone.ts). */
function keptWholeUnits(): string[] {
  const units: string[] = [];
  for (let c = 0; c <= 0xffff; c++) if (plainKeptWhole(String.fromCharCode(c))) units.push(String.fromCharCode(c));
  return units;
}

describe('placed writes cut as Ink cuts', () => {
  it('plain-fitting-line-kept-as-slice-ansi-keeps-it: for every character a kept-whole line may hold, alone and between others, slice-ansi over the whole width gives the line back unchanged', () => {
    const units = keptWholeUnits();
    // The screen's own glyphs are among them; the soft hyphen and combining marks (which slice-ansi drops) are not.
    expect(units).toEqual(expect.arrayContaining(['●', '│', '▲', '—', '·', '…', '█', '⠿']));
    expect(units).not.toContain('\u00ad');
    expect(units).not.toContain('\u20dd');
    const changed: string[] = [];
    for (const u of units) {
      for (const line of [u, `a${u}b${u}`, `${u}${u} ${u}`]) {
        if (sliceAnsi(line, 0, caches.getStringWidth(line)) !== line) changed.push(line);
      }
    }
    const rnd = seededRandom(7);
    for (let n = 0; n < 2_000; n++) {
      const line = Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => units[Math.floor(rnd() * units.length)]).join('');
      if (sliceAnsi(line, 0, caches.getStringWidth(line)) !== line) changed.push(line);
    }
    expect(changed).toEqual([]);
  });

  it('clipped-write-lines-match-ink-slice: a clipped write of plain, wide and styled lines, fitting or cut at either edge, places the lines slice-ansi makes', () => {
    const lines = ['● live  h=—  rtt 49ms', 'mark 67,000.9  ▲ 0.77%', '中文 wide', '\u001B[31mred\u001B[39m text', 'e\u0301 combining', '┌──────┐'];
    const placed = new PlacedWrites();
    for (const [x, x1, x2] of [
      [5, 0, 80],
      [0, 3, 80],
      [5, 0, 12],
      [2, 4, 9],
    ] as const) {
      const text = lines.join('\n');
      const got = placed.place(x, 0, text, { x1, x2 });
      const want = lines.map((line) => {
        const from = x < x1 ? x1 - x : 0;
        const width = caches.getStringWidth(line);
        return sliceAnsi(line, from, x + width > x2 ? x2 - x : width);
      });
      expect(got?.lines).toEqual(want);
    }
  });
});
