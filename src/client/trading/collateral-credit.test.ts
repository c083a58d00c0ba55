import { describe, expect, it } from 'vitest';
import { AccountEventType, OrderType } from '../../protocol/enums.js';
import type { AccountEvent } from '../../protocol/frames.js';
import { creditOf } from './collateral-credit.js';
import { TrackedRequest } from './tracked-request.js';

function topUp(rq: number, pid: number, amount: string, postedHead: number): TrackedRequest {
  const req = new TrackedRequest(`k${rq}`, 'add', { t: OrderType.IncreasePositionCollateral, mkt: 32, s: 0, p: 0, fl: 0, lv: 0, lb: 0, lp: pid, a: amount });
  req.rq = rq;
  req.rqHistory.push(rq);
  req.postedHead = postedHead;
  req.firstPostedHead = postedHead;
  return req;
}

/** The live et 3 as captured: market and position, the amount leaving the balance, no request id. */
const liveCredit = (b: number, l: number, p: number, a: string): AccountEvent => ({
  at: { b, t: 0, tx: 1, l }, in: 12, id: 824, et: AccountEventType.IncreasePositionCollateral, m: 32, p, a, b: '0', lb: '0', f: '0', bfa: '0',
});

describe('creditOf', () => {
  it('collateral-credit-without-rq: live\'s et 3 (no r) is matched by position, amount and block, and claimed once', () => {
    const events = [liveCredit(90, 1, 7, '-5000000'), liveCredit(105, 33, 8, '-5000000'), liveCredit(106, 33, 7, '-3000000'), liveCredit(107, 33, 7, '-5000000')];
    const claimed = new Set<AccountEvent>();
    const first = topUp(12, 7, '5000000', 100);
    // Not the top-up before the request (block 90), not another position's, not another amount.
    const hit = creditOf(first, events, (e) => claimed.has(e));
    expect(hit).toBe(events[3]);
    claimed.add(hit!);
    // A second identical top-up of the same position finds nothing until its own event arrives.
    const second = topUp(13, 7, '5000000', 100);
    expect(creditOf(second, events, (e) => claimed.has(e))).toBeUndefined();
    const more = [...events, liveCredit(109, 33, 7, '-5000000')];
    expect(creditOf(second, more, (e) => claimed.has(e))).toBe(more[4]);
  });

  it('an et 3 that names a request must name one of this request\'s rqs', () => {
    const req = topUp(12, 7, '5000000', 100);
    const other = { ...liveCredit(101, 2, 7, '-5000000'), r: 11 };
    const own = { ...liveCredit(102, 2, 7, '-5000000'), r: 12 };
    expect(creditOf(req, [other], () => false)).toBeUndefined();
    expect(creditOf(req, [other, own], () => false)).toBe(own);
  });
});
