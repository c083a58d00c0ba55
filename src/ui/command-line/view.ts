// What the bottom line shows of the `:` line and of the toasts. Pure and memoised on what each reads (the
// line's text, refusal and Tab candidates, the width; the toasts and the clock), so a redraw that changes
// none of them reuses the line.

import type { Toast, ToastTone, TradingUiState } from '../../state/trading-slice.js';
import { shownToasts } from '../../state/trading-actions.js';
import { cutFromStart, typedRoom } from '../format/editor-line.js';
import { fitText } from '../format/numbers.js';

export interface CommandLineView {
  /** The typed text (its start cut where a refusal needs the room: the cursor end stays). */
  typed: string;
  /** After the cursor: the refusal, else Tab's candidates, else the line's keys, fitted. */
  tail: string;
  /** The tail is a refusal (`✗ ...`): shown in the colour of a loss, not dim. */
  refused: boolean;
}

type LineFields = Pick<TradingUiState, 'commandLine' | 'commandError' | 'commandHint'>;

let lastLine: { text: string; error: string | null; hint: string | null; width: number; keys: string; view: CommandLineView } | null = null;

/** The open `:` line in `width` cells, `keys` the line's own keys (Enter run, Tab complete, ...); null when closed. */
export function commandLineView(ui: LineFields, width: number, keys: string): CommandLineView | null {
  const text = ui.commandLine;
  if (text === null) return null;
  const { commandError: error, commandHint: hint } = ui;
  if (lastLine && lastLine.text === text && lastLine.error === error && lastLine.hint === hint && lastLine.width === width && lastLine.keys === keys) return lastLine.view;
  // One tail after the line: the refusal, else Tab's candidates, else the line's keys (dim).
  const tail = error ? `  ✗ ${error}` : hint ? `  Tab: ${hint}` : `  ${keys}`;
  // A refusal is read whole: the typed line gives way from its start where both do not fit (the cursor end stays,
  // at least TYPED_CELLS_KEPT of it, so what the line holds is always in view).
  const typed = error ? cutFromStart(text, typedRoom(width - 2, tail.length)) : text;
  const view = { typed, tail: fitText(tail, Math.max(0, width - typed.length - 2)), refused: error !== null };
  lastLine = { text, error, hint, width, keys, view };
  return view;
}

export interface ToastsView {
  text: string;
  /** The tone of the first shown: a bad outcome colours the line. */
  tone: ToastTone;
}

let lastToasts: { toasts: readonly Toast[]; nowMs: number; width: number; view: ToastsView | null } | null = null;

/**
 * The toasts still shown at `nowMs` sharing one line, or null when none is. Outcomes of requests come before
 * fills news: a fill toast never hides a panic summary or an order's outcome ("partially filled ...").
 */
export function toastsView(toasts: readonly Toast[], nowMs: number, width: number): ToastsView | null {
  if (lastToasts && lastToasts.toasts === toasts && lastToasts.nowMs === nowMs && lastToasts.width === width) return lastToasts.view;
  const live = shownToasts(toasts, nowMs);
  const first = live[0];
  const view = first ? { text: fitText(` ${live.map((t) => `${t.tone === 'bad' ? '✗' : '●'} ${t.text}`).join('  ')}`, width), tone: first.tone } : null;
  lastToasts = { toasts, nowMs, width, view };
  return view;
}
