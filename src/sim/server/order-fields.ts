// Enumerated OrderSpec fields are judged against their documented sets (wire.md 8.10) before the
// engine sees the order: `fl` 0 GTC, 1 PostOnly, 2 FOK, 4 IOC; `tpc` 1..4 (0 or absent = none). Any
// other value was taken as "no flag" (fl 3 rested as GTC; tpc 9 armed a trigger that never fires).
// `t` outside 1..7 is the engine's own 400 "invalid order type".

import { OrderFlag, TriggerCondition, type OrderRequestFrame } from '../../protocol/index.js';

const FLAGS: ReadonlySet<number> = new Set(Object.values(OrderFlag));
const CONDITIONS: ReadonlySet<number> = new Set(Object.values(TriggerCondition));

/** The 400 reason for a flag or trigger condition outside its set; undefined when both are valid. */
export function invalidOrderField(req: OrderRequestFrame): string | undefined {
  if (!FLAGS.has(req.fl)) return 'invalid order flags';
  if (req.tpc !== undefined && req.tpc !== 0 && !CONDITIONS.has(req.tpc)) return 'invalid trigger price condition';
  return undefined;
}
