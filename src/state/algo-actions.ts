// The `algos` slice: the algo runner's rows as the app's trading publisher copies them (app/algo-wiring.ts).

import type { AlgoRow } from '../domain/algos/algo-row.js';
import type { TerminalStore } from './store.js';

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
