// A fixed-width table with columns that drop out by priority when the pane is narrow, and cells that
// carry a tone (colour is painted by the pane; the text itself always carries signs and arrows).

import { fitNumber, fitText } from './numbers.js';

export type CellTone = 'up' | 'down' | 'warn' | 'muted' | 'plain';

export interface Cell {
  text: string;
  tone?: CellTone;
}

export interface Column<Row> {
  header: string;
  width: number;
  align: 'left' | 'right';
  /** Lower is dropped first when the row does not fit; 0 never drops. */
  priority: number;
  /** Takes the width left over once the columns fit (e.g. free text). */
  grow?: boolean;
  cell(row: Row): Cell;
}

/** The columns that fit in `width` (one space between columns), dropping the lowest priority first. */
export function fitColumns<Row>(columns: readonly Column<Row>[], width: number): Column<Row>[] {
  let kept = [...columns];
  const total = (cols: readonly Column<Row>[]) => cols.reduce((sum, c) => sum + c.width, 0) + Math.max(0, cols.length - 1);
  while (kept.length > 1 && total(kept) > width) {
    const droppable = kept.filter((c) => c.priority > 0);
    if (droppable.length === 0) break;
    const lowest = droppable.reduce((a, b) => (b.priority < a.priority ? b : a));
    kept = kept.filter((c) => c !== lowest);
  }
  const spare = width - total(kept);
  return spare > 0 ? kept.map((c) => (c.grow ? { ...c, width: c.width + spare } : c)) : kept;
}

function fit(text: string, width: number, align: 'left' | 'right'): string {
  return align === 'right' ? fitNumber(text, width) : fitText(text, width);
}

export function headerCells<Row>(columns: readonly Column<Row>[]): Cell[] {
  return columns.map((c) => ({ text: fit(c.header, c.width, c.align), tone: 'muted' }));
}

/** The row's cells, each padded to its column width. */
export function rowCells<Row>(columns: readonly Column<Row>[], row: Row): Cell[] {
  return columns.map((c) => {
    const cell = c.cell(row);
    return { text: fit(cell.text, c.width, c.align), ...(cell.tone ? { tone: cell.tone } : {}) };
  });
}

/** Plain text of padded cells, one space apart (for tests and width checks). */
export function cellsText(cells: readonly Cell[]): string {
  return cells.map((c) => c.text).join(' ');
}
