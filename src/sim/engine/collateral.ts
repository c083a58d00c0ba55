// Collateral increase (t 6) as live answers it, in two steps (wire.md 15, LAXU 10-05 capture): first the
// credit, with `lfr` unchanged (mt 21 with an et 3 event naming market and position, mt 28, mt 27 sr 6);
// blocks later the request's own report (mt 21 without events, `lfr` now its rq, mt 28, mt 24 st 7 sr 32
// with `lv` 0). A client must read the credit as the outcome; the status proves nothing either way.

import { AccountEventType, OrderFailureReason, OrderStatusReason, PositionStatus, PositionStatusReason } from '../../protocol/enums.js';
import type { OrderRequestFrame } from '../../protocol/frames.js';
import { publishPosition, recordEvent } from './accounts.js';
import type { EngineCore } from './core.js';
import type { AccountRecord, PositionRecord } from './records.js';

/** Blocks from the credit to the request's report (six in the capture). */
export const TOP_UP_REPORT_DELAY_BLOCKS = 6;

type TopUpCheck = { ok: true; amount: bigint; pos: PositionRecord } | { ok: false; sr: number; fr?: number };

/** Whether the top-up can land: a positive amount, a position in its market, and the balance to pay it. */
export function checkTopUp(core: EngineCore, account: AccountRecord, req: OrderRequestFrame): TopUpCheck {
  const amount = req.a !== undefined && /^\d+$/.test(req.a) ? BigInt(req.a) : 0n;
  if (amount <= 0n) return { ok: false, sr: OrderStatusReason.InvalidAmount };
  const pos = account.positions.get(req.mkt);
  if (!pos) return { ok: false, sr: OrderStatusReason.TakerOrderSettlementFailed, fr: OrderFailureReason.NoPositionToClose };
  if (amount > account.balance - account.locked) return { ok: false, sr: OrderStatusReason.AmountExceedsAvailableBalance };
  return { ok: true, amount, pos };
}

/** Debits the balance and credits the position now; the request's report is due blocks later (its `lfr` too). */
export function creditTopUp(core: EngineCore, account: AccountRecord, req: OrderRequestFrame, amount: bigint, pos: PositionRecord): void {
  account.balance -= amount;
  pos.collateral += amount;
  recordEvent(core, account, { et: AccountEventType.IncreasePositionCollateral, a: -amount, f: 0n, m: req.mkt, p: pos.pid });
  publishPosition(core, pos, {
    st: PositionStatus.Open,
    sr: PositionStatusReason.CollateralIncreased,
    event: { s: 0, c: amount, fee: 0n },
  });
  core.topUpReports.push({ due: core.block + TOP_UP_REPORT_DELAY_BLOCKS, req: { ...req } });
}

/** The credited top-ups whose report is due at the current block, oldest first. */
export function takeDueTopUps(core: EngineCore): OrderRequestFrame[] {
  const due = core.topUpReports.filter((r) => r.due <= core.block);
  if (due.length === 0) return [];
  core.topUpReports = core.topUpReports.filter((r) => r.due > core.block);
  return due.map((r) => r.req);
}
