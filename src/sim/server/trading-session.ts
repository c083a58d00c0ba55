// One trading socket (wire.md 3.2, 8): sign-in with mt 29 inside the idle window, snapshots 19/23/26
// sharing the head block as sn, then per block the account's frames in the order 21 -> 28 -> 24 -> 25 -> 27
// followed by the heartbeat (sn == h). mt 22 is judged here (protocol errors close 1011, scope 403)
// and handed to the engine; each gets exactly one mt 3 whose cid echoes the frame's sn. A wallet's own
// on-chain transaction (a deposit, the forwarding switch) moves its nonce: mt 20 WalletUpdate, before 21.
// A wallet whose key is valid but which has no exchange account signs in to empty snapshots (mt 19
// `as: []`); with no account of its own to name, every mt 22 it sends closes 1011 (live: not captured).

import { CloseCode, hasTradeScope, type OrderRequestFrame } from '../../protocol/index.js';
import { decodeOutbound } from '../../protocol/decode/index.js';
import { SimProtocolError, type AccountOutput } from '../engine/types.js';
import type { SimConnection } from './connection.js';
import type { StoredKey } from './key-store.js';
import { invalidOrderField } from './order-fields.js';
import { RequestBudget } from './rate-limiter.js';
import type { SimState } from './sim-state.js';

/** Sign-in bookkeeping shared by all trading sockets: signed-in sockets per wallet. */
export class WalletConnections {
  private readonly byWallet = new Map<string, Set<TradingSession>>();

  count(address: string): number {
    return this.byWallet.get(address)?.size ?? 0;
  }
  add(address: string, s: TradingSession): void {
    let set = this.byWallet.get(address);
    if (!set) this.byWallet.set(address, (set = new Set()));
    set.add(s);
  }
  remove(address: string, s: TradingSession): void {
    const set = this.byWallet.get(address);
    set?.delete(s);
    if (set?.size === 0) this.byWallet.delete(address);
  }
}

function withoutMt<T extends { mt?: number }>(record: T): Omit<T, 'mt'> {
  const { mt: _mt, ...rest } = record;
  return rest;
}

export class TradingSession {
  private key: StoredKey | undefined;
  private readonly idleTimer: NodeJS.Timeout;
  private replySn = 0;
  private readonly budget: RequestBudget;

  constructor(
    readonly conn: SimConnection,
    private readonly state: SimState,
    private readonly wallets: WalletConnections,
  ) {
    this.budget = new RequestBudget(state.limits.tradingRequestsPerMin, Date.now());
    this.idleTimer = setTimeout(() => {
      if (!this.key) this.conn.close(CloseCode.PolicyViolation, 'idle timeout');
    }, state.limits.idleTimeoutMs);
    this.idleTimer.unref();
  }

  get signedIn(): boolean {
    return this.key !== undefined;
  }

  /** Lower-case wallet address once signed in. */
  get address(): string | undefined {
    return this.key?.address;
  }

  onClose(): void {
    clearTimeout(this.idleTimer);
    if (this.key) this.wallets.remove(this.key.address, this);
  }

  onMessage(data: string | Uint8Array): void {
    if (!this.conn.isOpen) return;
    if (!this.key) return this.signIn(data);
    if (!this.budget.take(Date.now())) return this.conn.close(CloseCode.PolicyViolation, 'too many requests');
    let frame;
    try {
      frame = decodeOutbound(data);
    } catch {
      return this.conn.close(CloseCode.InternalError, 'failed to process');
    }
    if (frame.mt === 1) {
      this.conn.send({ mt: 2, sid: 1, sn: ++this.replySn, t: frame.t });
    } else if (frame.mt === 22) {
      this.order(frame, this.key);
    } else {
      // A second sign-in or a subscription has no meaning on a signed-in trading socket.
      this.conn.close(CloseCode.InternalError, 'failed to process');
    }
  }

  private signIn(data: string | Uint8Array): void {
    let frame;
    try {
      frame = decodeOutbound(data);
    } catch {
      return this.conn.close(CloseCode.Unauthorized, 'unauthorized');
    }
    if (frame.mt !== 29) return this.conn.close(CloseCode.Unauthorized, 'unauthorized');
    const auth = this.state.auth.verifySignIn(
      {
        chainId: frame.chain_id,
        apiKey: frame.api_key,
        timestamp: frame.timestamp,
        nonce: frame.nonce,
        signature: frame.signature,
      },
      this.conn.remoteAddress,
      Date.now(),
    );
    if (!auth.ok) {
      this.state.log(`${this.conn.id} sign-in refused: ${auth.reason}`);
      if (auth.rateLimited) return this.conn.close(CloseCode.PolicyViolation, 'too many requests');
      return this.conn.close(CloseCode.Unauthorized, 'unauthorized');
    }
    const address = auth.key.address;
    if (this.wallets.count(address) >= this.state.limits.maxConnectionsPerWallet) {
      return this.conn.close(CloseCode.PolicyViolation, 'too many connections');
    }
    clearTimeout(this.idleTimer);
    this.key = auth.key;
    this.wallets.add(address, this);
    this.sendSnapshots(address);
  }

  private sendSnapshots(address: string): void {
    const engine = this.state.engine;
    const head = this.state.head();
    const at = this.state.headAt();
    const w = engine.wallet(address);
    const ids = engine.accountsOf(address);
    this.conn.send({
      mt: 19,
      sid: 10,
      sn: head,
      at,
      addr: w.addr,
      n: w.n,
      fl: w.fl,
      as: w.accounts.map((a) => ({ mt: 0, ...a })),
      sts: w.stats.map((s) => ({ mt: 0, ...s })),
    });
    this.conn.send({ mt: 23, sid: 30, sn: head, at, d: ids.flatMap((id) => engine.openOrders(id)) });
    this.conn.send({ mt: 26, sid: 50, sn: head, at, d: ids.flatMap((id) => engine.openPositions(id)) });
  }

  private order(req: OrderRequestFrame, key: StoredKey): void {
    const engine = this.state.engine;
    const protocolError =
      (req.mnp !== undefined && req.mnp < 0) ||
      !this.state.markets.has(req.mkt) ||
      !engine.accountsOf(key.address).includes(req.acc);
    if (protocolError) return this.conn.close(CloseCode.InternalError, 'failed to process');
    let status: { code: number; error?: string };
    const invalidField = invalidOrderField(req);
    if (!hasTradeScope(key.scopeMask)) {
      status = { code: 403, error: 'api key lacks trade scope' };
    } else if (invalidField) {
      status = { code: 400, error: invalidField };
    } else {
      try {
        const r = engine.admit(key.address, req, this.state.head());
        if (r.code === 0) this.state.acceptedRq.set(req.acc, Math.max(req.rq, this.state.acceptedRq.get(req.acc) ?? 0));
        status = r.code === 0 ? { code: 0 } : { code: r.code, ...(r.error ? { error: r.error } : {}) };
      } catch (e) {
        if (e instanceof SimProtocolError) return this.conn.close(CloseCode.InternalError, 'failed to process');
        throw e;
      }
    }
    const ack = { mt: 3, sid: 100, sn: ++this.replySn, ...(req.sn ? { cid: req.sn } : {}), status };
    this.sendWithFaults(ack);
  }

  /** The account's frames of one block or flow step, in the live order; `sn` is the head block. */
  deliver(accounts: ReadonlyMap<number, AccountOutput>, head: number, nowMs: number): void {
    if (!this.key) return;
    const at = { b: head, t: nowMs };
    const ids = this.state.engine.accountsOf(this.key.address);
    // The wallet's own update first (mt 20, the wallet stream of mt 19), once for all its accounts.
    const wallet = ids.map((id) => accounts.get(id)?.wallet).find((w) => w !== undefined);
    if (wallet) this.conn.send({ mt: 20, sid: 10, sn: head, at, ...wallet });
    for (const id of ids) {
      const o = accounts.get(id);
      if (!o) continue;
      // Nested records may carry their own `mt: 0`; the frame's header must win.
      if (o.account) this.conn.send({ mt: 21, sid: 20, sn: head, ...withoutMt(o.account) });
      if (o.stats) this.conn.send({ mt: 28, sid: 21, sn: head, ...withoutMt(o.stats) });
      if (o.orders.length > 0) this.sendWithFaults({ mt: 24, sid: 30, sn: head, at, d: o.orders });
      if (o.fills.length > 0) this.conn.send({ mt: 25, sid: 40, sn: head, at, d: o.fills });
      if (o.positions.length > 0) this.sendWithFaults({ mt: 27, sid: 50, sn: head, at, d: o.positions });
    }
  }

  heartbeat(head: number, skip: boolean): void {
    if (this.key && !skip) this.conn.send({ mt: 100, sn: head, h: head });
  }

  /** Sends an mt 3 / 24 / 27 through the fault injector (lost, duplicated and late). */
  private sendWithFaults(frame: { mt: number; [field: string]: unknown }): void {
    const decision = this.state.faults.frameFault(this.conn.id, frame.mt);
    if (decision === 'drop') return;
    this.conn.send(frame);
    if (decision === 'duplicate') {
      const text = JSON.stringify(frame);
      setTimeout(() => this.conn.sendRaw(text), this.state.faults.dupeDelayMs).unref();
    }
  }
}
