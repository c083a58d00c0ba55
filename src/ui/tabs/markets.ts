// A row's market by id, for its decimals and symbol: the directory, or the market shown when the directory
// does not list it yet. One lookup for every tab's cells, editors and requests.

import type { MarketRef } from '../../domain/views.js';
import { marketsOf, type TerminalState } from '../../state/store.js';
import type { MarketLookup } from './row-cells.js';

export function marketOf(state: TerminalState, marketId: number): MarketRef | undefined {
  return marketsOf(state).byId(marketId) ?? (state.market?.id === marketId ? state.market : undefined);
}

export function marketLookup(state: TerminalState): MarketLookup {
  const directory = marketsOf(state);
  return (id) => directory.byId(id) ?? (state.market?.id === id ? state.market : undefined);
}
