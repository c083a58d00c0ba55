// The other side of the ledger's invariant: what trading moved the account's balance by, read from the
// account events alone. Each event carries the balance after it (`b`); its change is the step from the
// event before. Deposits and withdrawals are not trading. Funding (et 8) moves a position's collateral,
// not the balance: it reaches the balance when the position gives its collateral back. A top-up (et 3) on
// live leaves `b` as it was (the collateral comes from outside the balance, LAXU 10-05 capture) but comes
// back into the balance at the close: the part of a top-up the balance did not pay is counted as a deposit.

import { AccountEventType } from '../../protocol/enums.js';
import type { AccountEvent } from '../../protocol/frames.js';
import { atomsOrZero } from '../../protocol/scaling.js';
import { compareStamps, stampOf } from './ledger-inputs.js';

const NOT_TRADING: ReadonlySet<number> = new Set([AccountEventType.Deposit, AccountEventType.Withdrawal]);

/** Balance change from trading over [fromMs, toMs); the first event ever is taken to start from `b - a`. */
export function tradingBalanceChange(events: readonly AccountEvent[], fromMs: number, toMs: number): bigint {
  const ordered = [...events].sort((a, b) => compareStamps(stampOf(a.at), stampOf(b.at)));
  let sum = 0n;
  let before: bigint | null = null;
  for (const e of ordered) {
    const after = atomsOrZero(e.b);
    const change = after - (before ?? after - atomsOrZero(e.a));
    before = after;
    const t = e.at.t ?? 0;
    if (t < fromMs || t >= toMs || NOT_TRADING.has(e.et)) continue;
    sum += change;
    if (e.et === AccountEventType.IncreasePositionCollateral) sum -= change - atomsOrZero(e.a);
  }
  return sum;
}
