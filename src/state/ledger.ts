// The trader's ledger as the screen shows it: the round trips folded from REST history (app/ledger-feed.ts),
// whether a load runs, and what failed. Named reducers: only these write the slice.

import type { RoundTrip } from '../domain/ledger/round-trip.js';

export interface LedgerState {
  /** Oldest first by opening. */
  trips: readonly RoundTrip[];
  loading: boolean;
  error: string | null;
  /** When the trips were last folded (ms), null before the first load. */
  loadedAtMs: number | null;
  /** The history read stopped at its page cap: older trips are not in the list. */
  partial: boolean;
}

export const INITIAL_LEDGER: LedgerState = { trips: [], loading: false, error: null, loadedAtMs: null, partial: false };

/** The part of the store these reducers touch (typed here so the slice imports no store: no cycle). */
interface LedgerStore {
  getState(): { ledger: LedgerState };
  setState(partial: { ledger: LedgerState }): void;
}

export function ledgerLoading(store: LedgerStore): void {
  store.setState({ ledger: { ...store.getState().ledger, loading: true, error: null } });
}

export function ledgerLoaded(store: LedgerStore, trips: readonly RoundTrip[], atMs: number, partial: boolean): void {
  store.setState({ ledger: { trips, loading: false, error: null, loadedAtMs: atMs, partial } });
}

export function ledgerFailed(store: LedgerStore, error: string): void {
  store.setState({ ledger: { ...store.getState().ledger, loading: false, error } });
}
