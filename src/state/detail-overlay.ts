// The detail overlay: a read-only page drawn over the top panes (like the help) that owns the keyboard
// until Esc. It names what it shows, not the lines: the pane builds them from the store on every frame, so
// a Journal request's frames and execution report, the session's `:stats` and the key in use stay current.

import type { TerminalStore } from './store.js';

import type { DetailSubject } from './workspace-slice.js';
export type { DetailOverlay, DetailSubject } from './workspace-slice.js';

export function openDetail(store: TerminalStore, subject: DetailSubject): void {
  const { workspace } = store.getState();
  // Drawn over the top panes: a zoomed layout has no such place, so it comes back first (as the help does).
  store.setState({ workspace: { ...workspace, detail: { subject, scroll: 0 }, zoomed: null } });
}

export function closeDetail(store: TerminalStore): void {
  const { workspace } = store.getState();
  if (workspace.detail) store.setState({ workspace: { ...workspace, detail: null } });
}

/**
 * Scrolls by `delta` lines, so that the last line can come into view and no further: a page of `page` rows
 * that cannot show every line keeps its last row for the "more" marker (ui/detail/DetailOverlay.tsx).
 */
export function scrollDetail(store: TerminalStore, delta: number, lines: number, page: number): void {
  const { workspace } = store.getState();
  if (!workspace.detail) return;
  const visible = lines > page ? Math.max(1, page - 1) : page;
  const scroll = Math.max(0, Math.min(Math.max(0, lines - visible), workspace.detail.scroll + delta));
  if (scroll !== workspace.detail.scroll) store.setState({ workspace: { ...workspace, detail: { ...workspace.detail, scroll } } });
}
