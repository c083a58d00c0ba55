// Stand-alone stop orders (interface.md 2.4): an ordinary OrderRequest carrying tp and tpc, not linked to a
// position (no lp) nor to a request (no tr), held by the exchange as Untriggered until the price crosses
// tp, then run as the order it carries (p 0 = market within ms, else a limit). A stop buys on the way UP
// and sells on the way DOWN: a buy stop is armed above the reference, a sell stop below it; one on the
// wrong side would fire at once, which is a market or limit order the trader did not mean to send.

import { TriggerCondition } from '../../protocol/enums.js';
import type { Side } from './command-params.js';
import type { TriggerSource } from './protection.js';

/** The condition tpc of a stop: GTE for a buy (fires at or above), LTE for a sell. */
export function stopCondition(side: Side, on: TriggerSource = 'mark'): TriggerCondition {
  if (side === 'long') return on === 'mark' ? TriggerCondition.GTEMark : TriggerCondition.GTELast;
  return on === 'mark' ? TriggerCondition.LTEMark : TriggerCondition.LTELast;
}

/** Where a stop of `side` must be armed relative to the reference price. */
export function stopRequiredSide(side: Side): 'above' | 'below' {
  return side === 'long' ? 'above' : 'below';
}

/** Why a stop at `trigger` cannot be armed against `reference` (the mark, ticks), or null when it can. */
export function stopSideProblem(side: Side, trigger: number, reference: number | null, referenceName = 'mark'): string | null {
  if (reference === null) return `no ${referenceName} yet to check the stop against`;
  const ok = side === 'long' ? trigger > reference : trigger < reference;
  if (ok) return null;
  return `a ${side === 'long' ? 'buy' : 'sell'} stop must be ${stopRequiredSide(side)} the ${referenceName} (it would fire at once)`;
}
