// The markets of the context, looked up one way everywhere: by id, by symbol, and by what a trader types
// (`:market eth`, `:close BTC`, `:alert BTC > 70000`, `--market`). Built once per context (the store keeps
// the same arrays, so the directory of a state is built once and reused); lookups are map reads.

import type { Market } from '../protocol/frames.js';
import type { MarketRef } from './views.js';

/** A market as the picker lists it: the view reference plus what the header needs from the context. */
export interface MarketListing extends MarketRef {
  name: string;
  /** Funding interval length in seconds, null when unknown. */
  fundingIntervalSec: number | null;
}

export interface MarketDirectory {
  /** Every listed market, in the context's order. */
  readonly listings: readonly MarketListing[];
  byId(id: number): MarketListing | undefined;
  /** The market's full config (order rules, preview), once the trading side has it. */
  configOf(id: number): Market | undefined;
  bySymbol(symbol: string): MarketListing | undefined;
  /**
   * What a trader typed, case-insensitive and trimmed, in this order: the exact symbol; the symbol without a
   * `-PERP` suffix (on either side); the exact name; the id (digits); else the one symbol that starts with it.
   * Undefined when nothing matches or a prefix matches several (the trader types more).
   */
  resolve(text: string): MarketListing | undefined;
}

const bare = (s: string) => s.trim().toLowerCase().replace(/-perp$/, '');

export function createMarketDirectory(listings: readonly MarketListing[], configs: readonly Market[] = []): MarketDirectory {
  const ids = new Map(listings.map((m) => [m.id, m]));
  const configById = new Map(configs.map((m) => [m.id, m]));
  const symbols = new Map(listings.map((m) => [m.symbol.toLowerCase(), m]));
  return {
    listings,
    byId: (id) => ids.get(id),
    configOf: (id) => configById.get(id),
    bySymbol: (symbol) => symbols.get(symbol.trim().toLowerCase()),
    resolve(text) {
      const want = text.trim().toLowerCase();
      if (want === '') return undefined;
      const exact = symbols.get(want) ?? listings.find((m) => bare(m.symbol) === bare(want)) ?? listings.find((m) => m.name.toLowerCase() === want);
      if (exact) return exact;
      if (/^\d+$/.test(want)) return ids.get(Number(want));
      const prefixed = listings.filter((m) => m.symbol.toLowerCase().startsWith(want));
      return prefixed.length === 1 ? prefixed[0] : undefined;
    },
  };
}

const built = new WeakMap<readonly MarketListing[], WeakMap<readonly Market[], MarketDirectory>>();

/** The directory of these two lists, built on first use and kept while the lists are the same arrays. */
export function marketDirectoryOf(listings: readonly MarketListing[], configs: readonly Market[]): MarketDirectory {
  let byConfigs = built.get(listings);
  if (!byConfigs) built.set(listings, (byConfigs = new WeakMap()));
  let directory = byConfigs.get(configs);
  if (!directory) byConfigs.set(configs, (directory = createMarketDirectory(listings, configs)));
  return directory;
}
