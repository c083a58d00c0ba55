// A collateral increase (t 6) is reported st 7 sr 32 even when it was credited (wire.md 8.10), so its
// order status proves nothing either way. What proves it landed is the account event et 3 carrying its rq
// and position (it comes in the mt 21 just before the status, in the same block). Never a guess: without
// that event the outcome says the increase is unconfirmed, and it is never resent (double top-up risk).

import { OrderType } from '../../protocol/enums.js';
import type { AccountEvent } from '../../protocol/frames.js';
import { formatAtoms } from '../../protocol/scaling.js';
import type { RequestResult, TrackedRequest } from './tracked-request.js';

/** Blocks to wait after the status for the account event, in case its frame comes late. */
export const CREDIT_WAIT_BLOCKS = 3;

/** The et 3 event one of the request's rqs made for its position, if it arrived. */
export function creditOf(req: TrackedRequest, credits: (rq: number) => AccountEvent | undefined): AccountEvent | undefined {
  if (req.draft.t !== OrderType.IncreasePositionCollateral) return undefined;
  for (const rq of req.rqHistory) {
    const event = credits(rq);
    // Same rq and the same position: an rq is per account, the position rules out another client's top-up.
    if (event && event.p === req.draft.lp) return event;
  }
  return undefined;
}

/** The amount credited to the position, atoms (the event's `a` is the balance's side: negative). */
export function creditedAtoms(event: AccountEvent): bigint {
  const a = /^-?\d+$/.test(event.a) ? BigInt(event.a) : 0n;
  return a < 0n ? -a : a;
}

export function creditedResult(event: AccountEvent): RequestResult {
  return {
    kind: 'credited',
    rq: event.r ?? 0,
    message: `${formatAtoms(creditedAtoms(event))} to position ${event.p ?? '?'} (account event et 3, rq ${event.r ?? '?'})`,
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
