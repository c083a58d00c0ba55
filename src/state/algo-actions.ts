// The `algos` slice: the algo runner's rows as the app's trading publisher copies them (app/algo-wiring.ts).

import type { AlgoLine, AlgoRow } from '../domain/algos/algo-row.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import { sanitizeText } from '../protocol/sanitize-text.js';
import type { TerminalStore } from './store.js';

/** The Journal keeps this many algo lines (the newest): as many as the order journal's tail. */
export const ALGO_LINES_MAX = 300;

/**
 * Writes the algos' own lines into the Journal's `algoLines` (oldest first), when the newest changed: the
 * words sanitized (a reason read back from the algo journal on disk is not trusted), the newest ALGO_LINES_MAX kept.
 */
export function publishAlgoLines(store: TerminalStore, lines: readonly AlgoLine[]): boolean {
  const kept = lines.slice(-ALGO_LINES_MAX);
  const before = store.getState().algoLines;
  const last = kept.at(-1);
  const was = before.at(-1);
  if (kept.length === before.length && (last === undefined || (was !== undefined && was.timeMs === last.timeMs && was.requestKey === `algo ${last.id}` && was.text === sanitizeText(last.text)))) return false;
  const view = kept.map((l): JournalEntryView => ({ timeMs: l.timeMs, kind: 'algo', requestKey: `algo ${sanitizeText(l.id)}`, rq: null, text: sanitizeText(l.text) }));
  store.setState({ algoLines: view });
  return true;
}

/** Writes the rows when they changed (the publisher calls it at frame rate). */
export function publishAlgos(store: TerminalStore, rows: readonly AlgoRow[]): boolean {
  const before = store.getState().algos;
  if (before.length === rows.length && before.every((r, i) => sameRow(r, rows[i]!))) return false;
  store.setState({ algos: rows });
  return true;
}

function sameRow(a: AlgoRow, b: AlgoRow): boolean {
  return (
    a.id === b.id &&
    a.filled === b.filled &&
    a.status === b.status &&
    a.reason === b.reason &&
    a.next === b.next &&
    a.avgPrice === b.avgPrice &&
    a.children === b.children &&
    a.complete === b.complete
  );
}
