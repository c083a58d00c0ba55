// The chart pane as the screen tests read it: the rows between its borders, under its title.

import type { VirtualTerminal } from './terminal.js';

/** The chart pane's inside, row by row; [] when it is not drawn. */
export function chartRows(vt: VirtualTerminal): string[] {
  const lines = vt.lines();
  const top = lines.findIndex((l) => /┌─ (▸ )?Chart /.test(l));
  if (top < 0) return [];
  const title = lines[top]!;
  const left = title.lastIndexOf('┌', title.indexOf('Chart'));
  const right = title.indexOf('┐', left);
  const rows: string[] = [];
  for (let y = top + 1; y < lines.length; y++) {
    // Padded: the terminal's lines lose their trailing blanks, the pane's right border may be past them.
    const line = lines[y]!.padEnd(right + 1);
    if (line[left] === '└') break;
    rows.push(line.slice(left + 1, right));
  }
  return rows;
}

/** The chart pane's inside, joined by newlines. */
export const chartText = (vt: VirtualTerminal): string => chartRows(vt).join('\n');
