// A collateral increase (t 6) is reported st 7 sr 32 even when it was credited (wire.md 8.10), so its
// order status proves nothing either way. What proves it landed is the account event et 3 for its position.
// Live names no request on that event (capture: `{et: 3, m, p, a: "-5000000"}`, no `r`, blocks before the
// status), so it is matched by position, amount and time: the same position, the amount asked, at or after
// the block the request was first posted, not already claimed by another request. An event that does carry
// an `r` must carry one of the request's. Never a guess beyond that: without such an event the outcome says
// the increase is unconfirmed, and it is never resent (double top-up risk).

import { AccountEventType, OrderType } from '../../protocol/enums.js';
import type { AccountEvent } from '../../protocol/frames.js';
import { atomsOrZero, formatAtoms } from '../../protocol/scaling.js';
import { absBigint } from '../../lib/bigint-math.js';
import type { RequestResult, TrackedRequest } from './tracked-request.js';

/** Blocks to wait after the status for the account event, in case its frame comes late. */
export const CREDIT_WAIT_BLOCKS = 3;

/** The et 3 event that credited the request's top-up (see the header), oldest first among `credits`. */
export function creditOf(req: TrackedRequest, credits: readonly AccountEvent[], isClaimed: (e: AccountEvent) => boolean): AccountEvent | undefined {
  if (req.draft.t !== OrderType.IncreasePositionCollateral || req.draft.lp === undefined) return undefined;
  const asked = req.draft.a !== undefined && /^\d+$/.test(req.draft.a) ? BigInt(req.draft.a) : -1n;
  const since = req.firstPostedHead ?? req.postedHead;
  for (const event of credits) {
    if (event.et !== AccountEventType.IncreasePositionCollateral || event.p !== req.draft.lp || isClaimed(event)) continue;
    if (event.r !== undefined) {
      if (req.rqHistory.includes(event.r)) return event;
      continue;
    }
    if (creditedAtoms(event) === asked && (event.at.b ?? 0) >= since) return event;
  }
  return undefined;
}

/** The amount credited to the position, atoms (the event's `a` is the balance's side: negative). */
export function creditedAtoms(event: AccountEvent): bigint {
  return absBigint(atomsOrZero(event.a));
}

export function creditedResult(event: AccountEvent, rq: number): RequestResult {
  return {
    kind: 'credited',
    rq,
    message: `${formatAtoms(creditedAtoms(event))} to position ${event.p ?? '?'} (account event et 3, rq ${rq})`,
  };
}

/** No et 3 arrived for any of its rqs: say what is known, and that it is not resent. */
export function unconfirmedResult(req: TrackedRequest, statusText: string | undefined): RequestResult {
  const rqs = req.rqHistory.join(', ');
  return {
    kind: 'check-position',
    rq: req.rq,
    message: `not confirmed: ${statusText ?? 'no status'} and no account event et 3 for rq ${rqs}; collateral increases are never retried: check the position's collateral`,
  };
}
