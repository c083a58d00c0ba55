// An order before it gets its request id and frame sequence number: what commands build, validation
// checks, the journal records and the order engine turns into one mt 22 frame.

import type { OrderRequestFrame } from '../../protocol/frames.js';
/** What a protective trigger does for its position. */
export type TriggerRole = 'take-profit' | 'stop-loss';

/** The wire fields of mt 22 minus the ones the engine assigns (mt, sn, rq, acc). */
export type OrderWireFields = Omit<OrderRequestFrame, 'mt' | 'sn' | 'rq' | 'acc'>;

export interface OrderDraft extends OrderWireFields {
  /** For trigger orders: which protective role, to check tpc against the side. */
  triggerRole?: TriggerRole;
  /** A close of the whole position: exempt from the minimum order value. */
  fullClose?: boolean;
  /** A stand-alone stop (a stop order, not a TP/SL): its fill is said as a stop triggered. */
  plainStop?: boolean;
  /** The group the order belongs to (a scaled order's legs): journaled with its request so it outlives a restart. */
  group?: string;
}

/** The mt 22 frame for a draft (client-only fields dropped, undefined fields omitted). */
export function toOrderFrame(draft: OrderDraft, ids: { sn: number; rq: number; acc: number }): OrderRequestFrame {
  const { triggerRole: _role, fullClose: _full, plainStop: _stop, group: _group, ...wire } = draft;
  const frame: OrderRequestFrame = { mt: 22, sn: ids.sn, rq: ids.rq, acc: ids.acc, ...wire };
  for (const key of Object.keys(frame) as Array<keyof OrderRequestFrame>) {
    if (frame[key] === undefined) delete frame[key];
  }
  return frame;
}

export function isTriggerDraft(draft: Pick<OrderDraft, 'tp'>): boolean {
  return (draft.tp ?? 0) > 0;
}
