// Ink's frame writer, rewritten to send only the rows that changed. Ink 6.8 standard mode erases and
// rewrites the whole frame on every paint; its incremental mode writes changed rows but starts one row
// too low when the frame ends with a newline (every frame shorter than the terminal, which ours is:
// rows - 1), fixed upstream only in Ink 7 (Node 22). This writer has the same interface as Ink's
// log-update, so it replaces the instance's `log` after mounting (Ink reads `this.log` on every paint).

import { replaceFrameWriter, type FrameWriter } from './ink-port.js';
import type { Pen } from './row-cells.js';
import { diffRows, rowWidth } from './row-diff.js';

const ESC = '\u001B[';
const HIDE_CURSOR = `${ESC}?25l`;
const SHOW_CURSOR = `${ESC}?25h`;
/** Erase the line from the cursor (column 0, in the default style: the erase never paints a background). */
const ERASE_ROW = `${ESC}K`;

/** The shape of Ink 6.8's LogUpdate (ink-port.ts). */
export type RowDiffLog = FrameWriter;

export interface RowStream {
  write(chunk: string): boolean;
  /** The terminal's size (a TTY's): after it changes the screen no longer holds what was written. */
  columns?: number;
  rows?: number;
}

/**
 * The size the terminal has now, asked of the TTY itself (ioctl): Node's columns and rows, and its public
 * getWindowSize(), change only when it handles the SIGWINCH. Null when stdout is no TTY.
 */
export function ttySizeNow(stdout: object): [number, number] | null {
  const handle = (stdout as { _handle?: { getWindowSize?(size: number[]): number } })._handle;
  if (typeof handle?.getWindowSize !== 'function') return null;
  const size: number[] = [];
  const [columns, rows] = handle.getWindowSize(size) === 0 ? size : [];
  return columns !== undefined && rows !== undefined ? [columns, rows] : null;
}

/** How long frames wait for the app to learn of a resize the terminal already made (its SIGWINCH) before they are written anyway. */
export const RESIZE_NEWS_WAIT_MS = 250;

interface Frame {
  output: string;
  /** Visible rows (without the empty string after a trailing newline). */
  rows: string[];
  trailingNewline: boolean;
}

const EMPTY: Frame = { output: '', rows: [], trailingNewline: false };

function frameOf(output: string): Frame {
  const rows = output.split('\n');
  const trailingNewline = output.endsWith('\n');
  if (trailingNewline) rows.pop();
  return { output, rows, trailingNewline };
}

/** The frame's rows as cells wide (SGR codes take none); a row that cannot be split counts its code points. */
function widestRow(frame: Frame): number {
  let widest = 0;
  for (let i = 0; i < frame.rows.length; i++) {
    const row = frame.rows[i] ?? '';
    const width = rowWidth(row) ?? [...row.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '')].length;
    if (width > widest) widest = width;
  }
  return widest;
}

/** The frame fits the terminal: the screen holds it exactly as written (a wider row would be cut at the edge). */
function fits(frame: Frame, stream: RowStream): boolean {
  if (stream.rows !== undefined && frame.rows.length > stream.rows) return false;
  return stream.columns === undefined || widestRow(frame) <= stream.columns;
}

const sizeOf = (stream: RowStream): string => `${stream.columns ?? ''}x${stream.rows ?? ''}`;

/** From where the last write left the cursor to column 0 of the frame's first row. */
function toTop(prev: Frame): string {
  const up = prev.trailingNewline ? prev.rows.length : prev.rows.length - 1;
  return (up > 0 ? `${ESC}${up}A` : '') + '\r';
}

export interface RowDiffOptions {
  cursorHidden?: boolean;
  /** The terminal's size now, ahead of the stream's columns and rows (ttySizeNow); null: not known. */
  sizeNow?: () => [number, number] | null;
  /** Milliseconds, for the wait above (tests). */
  now?: () => number;
  /** Rewrites each frame before it is diffed (low-bandwidth ASCII: glyphs that map alike then diff alike). */
  transform?: (frame: string) => string;
}

export function createRowDiffLog(stream: RowStream, opts: RowDiffOptions = {}): RowDiffLog {
  const transform = opts.transform ?? ((frame: string) => frame);
  let prev: Frame = EMPTY;
  let cursorHidden = opts.cursorHidden === true;
  let cursorDirty = false;
  // The screen holds `prev` as written. Not after a resize: the terminal may have cut, moved, reflowed or
  // cleared what was there (tmux drops the top rows when the window shrinks under the cursor), and a frame
  // laid out for the old size may not have fitted. Then the next frame is painted whole, from the top.
  let size = sizeOf(stream);
  let screenHoldsPrev = true;
  const now = opts.now ?? (() => performance.now());
  let resizedSince: number | null = null;

  /**
   * The terminal has changed size and the app has not heard yet (its SIGWINCH is handled in a later turn, late
   * on a busy loop): a frame written now would be laid out for the old size, and a row diff of the old screen,
   * on a screen the terminal has already cut or moved. Not written: the resize's own frame repaints everything.
   */
  const resizeOnItsWay = (): boolean => {
    const [columns, rows] = opts.sizeNow?.() ?? [stream.columns, stream.rows];
    if (columns === stream.columns && rows === stream.rows) {
      resizedSince = null;
      return false;
    }
    resizedSince ??= now();
    // Should the news never come (no SIGWINCH for this terminal), the app still paints.
    return now() - resizedSince < RESIZE_NEWS_WAIT_MS;
  };

  const render = (frame: string): boolean => {
    const str = transform(frame);
    cursorDirty = false;
    if (str === prev.output) return false;
    if (resizeOnItsWay()) return false;
    let out = '';
    if (!cursorHidden) {
      out += HIDE_CURSOR;
      cursorHidden = true;
    }
    const next = frameOf(str);
    if (sizeOf(stream) !== size) {
      size = sizeOf(stream);
      screenHoldsPrev = false;
    }
    if (!screenHoldsPrev) {
      out += `${ESC}H${ESC}2J${str}`;
    } else if (prev.output === '') {
      out += str;
    } else if (!next.trailingNewline && next.rows.length < prev.rows.length) {
      // A shorter frame that ends mid-row: redraw it all (rare: only full-height frames end so).
      out += `${toTop(prev)}${ESC}J${str}`;
    } else {
      out += toTop(prev);
      // The style in force: the previous frame ended in the default one.
      const pen: Pen = { style: '' };
      let skip = 0;
      const last = next.rows.length - 1;
      for (let i = 0; i <= last; i++) {
        const row = next.rows[i] ?? '';
        const newline = i < last || next.trailingNewline ? '\n' : '';
        let change: string | null = null;
        if (i < prev.rows.length) {
          const before = prev.rows[i] ?? '';
          change = row === before ? '' : diffRows(before, row, pen);
        }
        if (change === '') {
          // Unchanged: move past it (batched); the last row without a newline needs no move.
          if (newline) skip += 1;
          continue;
        }
        if (skip > 0) out += `${ESC}${skip}E`;
        skip = 0;
        // Only the changed cells, or the whole row when it could not be split (Ink's rows start from
        // the default style). The whole row's line is erased first: an erase after a row as wide as the
        // terminal would take its last cell, where the cursor stays with autowrap off (xterm, tmux).
        if (change === null) {
          out += `${pen.style === '' ? '' : `${ESC}0m`}\r${ERASE_ROW}${row}${ESC}0m`;
          pen.style = '';
        } else out += change;
        out += newline;
      }
      if (skip > 0) out += `${ESC}${skip}E`;
      if (pen.style !== '') out += `${ESC}0m`;
      // Rows the new frame no longer has.
      if (next.rows.length < prev.rows.length) out += `${ESC}J`;
    }
    stream.write(out);
    prev = next;
    if (!screenHoldsPrev) screenHoldsPrev = fits(next, stream);
    return true;
  };

  render.clear = (): void => {
    if (prev.output !== '') stream.write(`${toTop(prev)}${ESC}J`);
    prev = EMPTY;
  };
  render.done = (): void => {
    prev = EMPTY;
    if (cursorHidden) {
      stream.write(SHOW_CURSOR);
      cursorHidden = false;
    }
  };
  render.sync = (str: string): void => {
    // What was written, untransformed: if it reached the screen without the transform, the next
    // diff rewrites every cell the transform changes.
    prev = frameOf(str);
  };
  render.setCursorPosition = (_position: { x: number; y: number } | undefined): void => {
    // The terminal keeps its cursor hidden; a position only asks for a repaint check.
    cursorDirty = true;
  };
  render.isCursorDirty = (): boolean => cursorDirty;
  render.willRender = (str: string): boolean => transform(str) !== prev.output || cursorDirty;
  return render;
}

/**
 * Swaps the frame writer of the Ink app mounted on `stdout` for the row-diff one (through ink-port.ts),
 * synchronously, continuing from the frame already on screen, so no second full frame goes out through
 * Ink's writer after mounting. False when no Ink app is mounted there (nothing changes).
 */
export function installRowDiffWriter(stdout: RowStream & object, opts: Pick<RowDiffOptions, 'transform'> = {}): boolean {
  return replaceFrameWriter(stdout, (onScreen) => {
    // Ink has painted (and hidden the cursor) when it mounted: start from that frame.
    const log = createRowDiffLog(stdout, { ...opts, cursorHidden: true, sizeNow: () => ttySizeNow(stdout) });
    log.sync(onScreen);
    return log;
  });
}
