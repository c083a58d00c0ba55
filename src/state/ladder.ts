// The reducers of the DOM ladder's slice (state/ladder-slice.ts): the only writers of it.

import { CLOSED_LADDER } from './ladder-slice.js';
import type { TerminalStore } from './store.js';

export { CLOSED_LADDER, type LadderState } from './ladder-slice.js';

/** `L` / `:ladder`: opens the ladder centred on the spread, or closes it. */
export function toggleLadder(store: TerminalStore): void {
  const { ladder } = store.getState();
  store.setState({ ladder: ladder.open ? CLOSED_LADDER : { ...CLOSED_LADDER, open: true } });
}

/** The centre (and cursor) the ladder shows at `group` ticks a row. */
export function placeLadder(store: TerminalStore, group: number, centre: number | null, cursor: number | null): void {
  const { ladder } = store.getState();
  if (ladder.group === group && ladder.centre === centre && ladder.cursor === cursor) return;
  store.setState({ ladder: { ...ladder, group, centre, cursor } });
}

/** Re-centre on the spread: the cursor and the picked order go. */
export function recentreLadder(store: TerminalStore): void {
  const { ladder } = store.getState();
  store.setState({ ladder: { ...ladder, centre: null, cursor: null, picked: null } });
}

/** `m`: the own order to move (null drops it). */
export function pickLadderOrder(store: TerminalStore, orderId: number | null): void {
  const { ladder } = store.getState();
  if (ladder.picked !== orderId) store.setState({ ladder: { ...ladder, picked: orderId } });
}
