// The Trades tab's rows: the ledger's round trips, open ones first then newest closed first, in the market
// filter (`m`) the Fills and History tabs share. Pure, worked out once per change of what they read.

import { memoLast } from '../../lib/memo-last.js';
import type { RoundTrip } from '../../domain/ledger/round-trip.js';
import type { TerminalState } from '../../state/store.js';
import { tabList, type TabList } from '../tabs/selection.js';

function latestFirst(a: RoundTrip, b: RoundTrip): number {
  const ta = a.closedAt?.ms ?? Number.POSITIVE_INFINITY;
  const tb = b.closedAt?.ms ?? Number.POSITIVE_INFINITY;
  return tb - ta || b.openedAt.ms - a.openedAt.ms;
}

const tripsOf = memoLast((trips: readonly RoundTrip[], marketId: number | undefined): RoundTrip[] =>
  trips.filter((t) => marketId === undefined || t.marketId === marketId).sort(latestFirst),
);

export function tradeList(state: TerminalState): TabList<RoundTrip> {
  const marketId = state.tabs.currentMarketOnly ? state.market?.id : undefined;
  return tabList(tripsOf(state.ledger.trips, marketId), state.tabs.tab, 'ledger', state.tabs.selected.ledger);
}
