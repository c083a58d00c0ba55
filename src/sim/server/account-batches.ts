// Account updates produced between blocks (a flow taker filling a user's resting order) are held and
// delivered with the next block, so every block's account frames go out once, in the live order
// 21 -> 28 -> 24 -> 25 -> 27, before that block's heartbeat, with sn = the block.

import type { AccountOutput } from '../engine/types.js';

/** Appends `next` to `into` (same account): records concatenate, the latest account/stats win, events add up. */
function mergeInto(into: AccountOutput, next: AccountOutput): void {
  if (next.wallet) into.wallet = next.wallet;
  if (next.account) {
    const events = [...(into.account?.h ?? []), ...(next.account.h ?? [])];
    into.account = { ...next.account, ...(events.length > 0 ? { h: events } : {}) };
  }
  if (next.stats) into.stats = next.stats;
  into.orders.push(...next.orders);
  into.fills.push(...next.fills);
  into.positions.push(...next.positions);
}

function copy(o: AccountOutput): AccountOutput {
  return {
    ...(o.wallet ? { wallet: o.wallet } : {}),
    ...(o.account ? { account: o.account } : {}),
    ...(o.stats ? { stats: o.stats } : {}),
    orders: [...o.orders],
    fills: [...o.fills],
    positions: [...o.positions],
  };
}

export class PendingAccountUpdates {
  private pending = new Map<number, AccountOutput>();

  add(accounts: ReadonlyMap<number, AccountOutput>): void {
    for (const [id, out] of accounts) {
      const held = this.pending.get(id);
      if (held) mergeInto(held, out);
      else this.pending.set(id, copy(out));
    }
  }

  /** Everything held, followed by the block's own output; clears the hold. */
  takeWith(block: ReadonlyMap<number, AccountOutput>): ReadonlyMap<number, AccountOutput> {
    if (this.pending.size === 0) return block;
    this.add(block);
    const all = this.pending;
    this.pending = new Map();
    return all;
  }
}
