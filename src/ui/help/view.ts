// The help overlay's view model: its rows (the bindings of where it was opened from, filtered, with why a
// key does nothing now), the config problems its filter matches, and its title. Built once per store
// state (the off reasons read the whole state): the pane draws it and the key that scrolls it takes its
// bound (keys/dispatch.ts) from the same build.

import { memoLast } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';
import { keyInUseLine } from '../format/key-lines.js';
import type { Binding } from '../keys/binding.js';
import { helpPlace, helpRows, placeName, type HelpRow } from './rows.js';

export interface HelpView {
  title: string;
  query: string;
  scroll: number;
  /** The key it signs with (`:key` says more). */
  keyLine: string;
  lowBandwidth: boolean;
  /** Every config problem, and those the filter matches (listed first, each one). */
  problemCount: number;
  problems: readonly string[];
  rows: readonly HelpRow[];
}

export const helpView = memoLast((bindings: readonly Binding[], state: TerminalState): HelpView => {
  const { help, configProblems, lowBandwidth } = state.workspace;
  const needle = help.query.trim().toLowerCase();
  return {
    title: `Help: ${placeName(helpPlace(state))} keys`,
    query: help.query,
    scroll: help.scroll,
    keyLine: keyInUseLine(state.keyInUse),
    lowBandwidth,
    problemCount: configProblems.length,
    problems: needle === '' ? configProblems : configProblems.filter((p) => p.toLowerCase().includes(needle)),
    rows: helpRows(bindings, helpPlace(state), help.query, state),
  };
});

const sameRow = (a: HelpRow, b: HelpRow): boolean => a.keys === b.keys && a.description === b.description && a.action === b.action && a.off === b.off;

/** Equal in all the pane draws: a store change that moves none of it redraws nothing. */
export function sameHelpView(a: HelpView, b: HelpView): boolean {
  return (
    a.title === b.title && a.query === b.query && a.scroll === b.scroll && a.keyLine === b.keyLine && a.lowBandwidth === b.lowBandwidth &&
    a.problemCount === b.problemCount && a.problems.length === b.problems.length && a.problems.every((p, i) => p === b.problems[i]) &&
    a.rows.length === b.rows.length && a.rows.every((r, i) => sameRow(r, b.rows[i] as HelpRow))
  );
}
