// The window a scrollable page (help, detail) shows of its lines: which lines fit, and the marker line
// saying what is above and below. A list longer than its room gives up its last row to the marker.

export interface ScrollWindow {
  /** Index of the first line shown. */
  first: number;
  /** How many lines are shown (the marker's row excluded). */
  visible: number;
  /** "↑ 3 above  ↓ 12 more (j / PgDn)", or null when everything fits. */
  more: string | null;
}

export function scrollWindow(total: number, room: number, scroll: number): ScrollWindow {
  const visible = total > room ? Math.max(1, room - 1) : room;
  const first = Math.max(0, Math.min(scroll, total - visible));
  const below = Math.max(0, total - first - visible);
  const more = first + below > 0 ? `${first > 0 ? `↑ ${first} above  ` : ''}${below > 0 ? `↓ ${below} more (j / PgDn)` : 'end'}` : null;
  return { first, visible, more };
}
