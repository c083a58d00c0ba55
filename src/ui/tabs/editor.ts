// The trading tabs' inline editor, shared by the position editors (positions/editors.ts: close, collateral,
// TP/SL) and the order editors (open-orders/editors.ts: change, move a trigger): what typed text comes to,
// the hint and label of each editor's line, and the checks both kinds of trigger price pass. Pure.

import { isOnRequiredSide, requiredSide, type TriggerRole, type TriggerSource } from '../../domain/trading/protection.js';
import { priceText, refWords } from '../../domain/trading/order-words.js';
import { triggerReference } from '../../domain/trading/trigger-reference.js';
import type { PositionRowView } from '../../domain/trading/views.js';
import type { MarketRef } from '../../domain/views.js';
import { PositionSide } from '../../protocol/enums.js';
import type { EditorMode, TabIntent } from '../../state/trading-tabs.js';

export type EditorResult = { intent: TabIntent; confirm: string | null } | { error: string };

/** The hint shown in each editor. */
export const EDITOR_HINTS: Record<EditorMode, string> = {
  amend: 'PRICE [SIZE]  (SIZE = what is left to fill; Enter reviews the change, y sends it; Esc cancels)',
  close: '25% 50% 75% 100% or SIZE; add "@ PRICE" for a limit close  (empty = 100% market)',
  collateral: 'AMOUNT to add, in collateral units',
  tpsl: 'tp PRICE  sl PRICE  [last]  (either or both; mark by default; replaces the old of the same role)',
  trigger: 'new trigger PRICE  (the new trigger is armed first, then this one cancelled)',
};

/** What each editor's line is called, before its text. */
export const EDITOR_LABELS: Record<EditorMode, string> = { amend: 'change', close: 'close', collateral: 'add collateral', tpsl: 'TP/SL', trigger: 'move trigger' };

export function sideWord(side: number): string {
  return side === PositionSide.Short ? '▼ SHORT' : '▲ LONG';
}


/**
 * A trigger price on the wrong side of its reference (domain/trading/trigger-reference.ts: the live mark, the
 * last trade for a `last` trigger, the entry without a live mark), or null. The message names the reference
 * unless it is the usual one (the live mark of a mark trigger).
 */
export function sideProblem(
  long: boolean,
  position: PositionRowView,
  market: MarketRef,
  on: TriggerSource,
  lastTrade: number | null | undefined,
  prices: ReadonlyArray<readonly [TriggerRole, number | undefined]>,
): string | null {
  const ref = triggerReference(on, { ...position, lastTrade: lastTrade ?? null });
  for (const [role, price] of prices) {
    if (price !== undefined && !isOnRequiredSide(long, role, price, ref.price)) {
      return `${role} must be ${requiredSide(long, role)} ${priceText(ref.price, refWords(market))}${ref.note ? ` (${ref.note})` : ''}`;
    }
  }
  return null;
}

