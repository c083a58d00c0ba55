// The detail page's view model: its title, its lines cut to the page's text width, and the scroll.
// Memoised on the store slices the lines read, so the pane and the key that scrolls it (the bound of
// j / k, keys/dispatch.ts) share one build, and a market tick builds nothing.

import { memoLast } from '../../lib/memo-last.js';
import type { DetailOverlay } from '../../state/detail-overlay.js';
import type { TerminalState } from '../../state/store.js';
import { detailLines, detailTitle, type DetailReads } from './detail-lines.js';

export interface DetailView {
  title: string;
  lines: readonly string[];
  scroll: number;
}

/** Rows of the page's text at `height` (border, hint line): what the dispatcher pages by too. */
export const detailTextRows = (height: number): number => Math.max(1, height - 3);

type Trading = DetailReads['trading'];

const build = memoLast(
  (detail: DetailOverlay, journal: Trading['journal'], executions: Trading['executions'], markets: Trading['markets'], keyInUse: DetailReads['keyInUse'], keyScope: DetailReads['keyScope'], ledger: DetailReads['ledger'], width: number): DetailView => {
    const reads: DetailReads = { keyInUse, keyScope, ledger, trading: { journal, executions, markets } };
    return { title: detailTitle(detail.subject, reads), lines: detailLines(detail.subject, reads, width), scroll: detail.scroll };
  },
);

/** The page at `width` text cells, or null when none is open. */
export function detailView(state: TerminalState, width: number): DetailView | null {
  const { detail } = state.workspace;
  if (!detail) return null;
  const { journal, executions, markets } = state.trading;
  return build(detail, journal, executions, markets, state.keyInUse, state.keyScope, state.ledger, width);
}
