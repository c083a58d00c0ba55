// Transitions of the live slice (help overlay, zoom, alerts). Pure functions of the store.

import type { LiveState, PriceAlert, ThemeName } from './live-slice.js';
import type { PaneId, TerminalStore } from './store.js';

function patchLive(store: TerminalStore, patch: Partial<LiveState>): void {
  const { live } = store.getState();
  store.setState({ live: { ...live, ...patch } });
}

export function openHelp(store: TerminalStore): void {
  // Help draws where the chart is: a zoomed layout has no such place, so it comes back first.
  patchLive(store, { help: { open: true, query: '' }, zoomed: null });
}

export function closeHelp(store: TerminalStore): void {
  patchLive(store, { help: { open: false, query: '' } });
}

export function setHelpQuery(store: TerminalStore, query: string): void {
  patchLive(store, { help: { open: true, query } });
}

/** Zooms `pane` to full screen, or back to the normal layout when something is already zoomed. */
export function toggleZoom(store: TerminalStore, pane: PaneId): void {
  const { live } = store.getState();
  patchLive(store, { zoomed: live.zoomed ? null : pane });
}

export function setThemeName(store: TerminalStore, theme: ThemeName): void {
  patchLive(store, { theme });
}

let nextAlertId = 1;

export function addAlert(store: TerminalStore, alert: Omit<PriceAlert, 'id'>): PriceAlert {
  const created: PriceAlert = { ...alert, id: nextAlertId++ };
  patchLive(store, { alerts: [...store.getState().live.alerts, created] });
  return created;
}

export function removeAlerts(store: TerminalStore, ids: ReadonlySet<number>): void {
  patchLive(store, { alerts: store.getState().live.alerts.filter((a) => !ids.has(a.id)) });
}

export function clearAlerts(store: TerminalStore): void {
  patchLive(store, { alerts: [] });
}
