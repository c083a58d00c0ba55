// Transitions of the workspace slice (help overlay, zoom, perf line, alerts). Pure functions of the store.

import type { WorkspaceState, PriceAlert, ThemeName, WatchQuote } from './workspace-slice.js';
import type { InputMode } from './input-mode.js';
import type { PaneId, TerminalStore } from './store.js';

function patchLive(store: TerminalStore, patch: Partial<WorkspaceState>): void {
  const { workspace } = store.getState();
  store.setState({ workspace: { ...workspace, ...patch } });
}

/** `?`: the keys of `from` (the mode it was pressed in). */
export function openHelp(store: TerminalStore, from: InputMode = 'panes'): void {
  // Help draws over the top panes: a zoomed layout has no such place, so it comes back first.
  patchLive(store, { help: { open: true, query: '', from, scroll: 0 }, zoomed: null });
}

export function closeHelp(store: TerminalStore): void {
  patchLive(store, { help: { ...store.getState().workspace.help, open: false, query: '', scroll: 0 } });
}

export function setHelpQuery(store: TerminalStore, query: string): void {
  patchLive(store, { help: { ...store.getState().workspace.help, open: true, query, scroll: 0 } });
}

/** Scrolls the help by `delta` rows, within [0, rows - page]. */
export function scrollHelp(store: TerminalStore, delta: number, rows: number, page: number): void {
  const { help } = store.getState().workspace;
  const scroll = Math.max(0, Math.min(Math.max(0, rows - page), help.scroll + delta));
  if (scroll !== help.scroll) patchLive(store, { help: { ...help, scroll } });
}

/** Zooms `pane` to full screen, or back to the normal layout when something is already zoomed. */
export function toggleZoom(store: TerminalStore, pane: PaneId): void {
  const { workspace } = store.getState();
  patchLive(store, { zoomed: workspace.zoomed ? null : pane });
}

/** F12: the perf line on, or off again. */
export function togglePerfOverlay(store: TerminalStore): void {
  patchLive(store, { perfOverlay: !store.getState().workspace.perfOverlay });
}

export function setThemeName(store: TerminalStore, theme: ThemeName): void {
  patchLive(store, { theme });
}

let nextAlertId = 1;

export function addAlert(store: TerminalStore, alert: Omit<PriceAlert, 'id'>): PriceAlert {
  const created: PriceAlert = { ...alert, id: nextAlertId++ };
  patchLive(store, { alerts: [...store.getState().workspace.alerts, created] });
  return created;
}

export function removeAlerts(store: TerminalStore, ids: ReadonlySet<number>): void {
  patchLive(store, { alerts: store.getState().workspace.alerts.filter((a) => !ids.has(a.id)) });
}

export function clearAlerts(store: TerminalStore): void {
  patchLive(store, { alerts: [] });
}

/** The config in force at start: the workspace's part of it, and the bell (the trading ui's). */
export function applyWorkspaceConfig(store: TerminalStore, workspace: Partial<WorkspaceState>, bell: boolean): void {
  store.setState((s) => ({ workspace: { ...s.workspace, ...workspace }, tradingUi: { ...s.tradingUi, bell } }));
}

/** `Esc`: the config's notice read and gone (its problems stay listed in the help). */
export function dismissConfigNotice(store: TerminalStore): void {
  patchLive(store, { configNotice: null });
}

/** The config's problems once the markets are known (a watchlist market the exchange does not list). */
export function setConfigProblems(store: TerminalStore, problems: Pick<WorkspaceState, 'watchlist' | 'configProblems' | 'configNotice'>): void {
  patchLive(store, problems);
}

/** The watchlist's marks as of now. */
export function setWatchlist(store: TerminalStore, watchlist: WatchQuote[]): void {
  patchLive(store, { watchlist });
}
