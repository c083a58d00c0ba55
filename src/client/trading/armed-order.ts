// The screen thread's side of an armed order (issue 35, the key thread): while a review that `y` would
// send is open and right, its order is staged in the engine (request line durable) and armed for the key
// thread, which sends it the instant it reads a lone `y`. Exactly one of three ends it: the key thread
// fired (adopted here, once: counted in the send budget, followed as sent), the confirm reached this thread
// first (claimed, then sent here), or the review closed or changed (claimed, withdrawn). Every other frame
// of the socket claims first (ReconnectingSocket beforeSend), so an armed frame never leaves after it.

import type { OrderDraft } from '../../domain/trading/order-draft.js';
import type { ExecutionOrigin } from '../../domain/trading/execution-report.js';
import type { ArmedFrameStage } from '../../transport/ws/armed-frame.js';
import type { OrderEngine } from './order-engine.js';
import type { RequestHandle } from './tracked-request.js';

/** An arm lasts this long unless the next publish renews it: a blocked screen thread lets it lapse. */
export const ARM_FOR_MS = 200;

export interface ArmedOrderOptions {
  engine: OrderEngine;
  stage: ArmedFrameStage;
  /** The key thread's number of the open, synced trading connection; null while there is none. */
  connection(): number | null;
  /** The send budget has a token now and nothing waits for one (the armed frame may leave without waiting). */
  canSendNow(): boolean;
  /** Counts a frame the key thread sent against the send budget. */
  spendToken(): void;
  /** Epoch ms (the key thread's clock for expiry). */
  now(): number;
  /** Earliest epoch ms a timed lock or confirm rule of the review changes its answer (the arm never outlives it). */
  validUntil?(): number;
}

interface Current {
  /** What the review would send: a different one is a different order. */
  signature: string;
  key: string;
  text: string;
  /** The arm in force (renewed each publish), on `connection`; null while not armed. */
  armId: number | null;
  connection: number | null;
  /** Set once the key thread's send is adopted: from then on nothing of this review is armed or sent again. */
  adopted: RequestHandle | null;
}

export class ArmedOrder {
  private current: Current | null = null;
  /**
   * The signature whose confirm was taken (sent from here, or the key thread's adopted): its review is
   * closing, and a publish before it has closed must not stage and arm the same order again.
   */
  private spent: string | null = null;

  constructor(private readonly o: ArmedOrderOptions) {}

  /**
   * Each publish: the order the open review's `y` would send now, or null (no review, not valid, a question
   * would be asked, trading locked). Stages and arms it, renews the arm, or ends it.
   */
  review(order: { draft: OrderDraft; label: string; signature: string } | null): void {
    if (order === null || order.signature !== this.spent) this.spent = null;
    else order = null;
    const cur = this.current;
    if (cur?.adopted) {
      // Its key fired the order: nothing more is armed for this review; the fired key closes it (consumeFired).
      if (order === null || order.signature !== cur.signature) this.current = null;
      return;
    }
    if (cur && (order === null || cur.signature !== order.signature || !this.o.engine.stagedStillValid(cur.key))) this.drop();
    if (order === null || this.current?.adopted) return;
    if (this.current === null) {
      const staged = this.o.engine.stage(order.draft, order.label);
      if ('problems' in staged) return;
      this.current = { signature: order.signature, key: staged.key, text: staged.text, armId: null, connection: null, adopted: null };
    }
    const current = this.current;
    const connection = this.o.connection();
    if (connection === null || !this.o.canSendNow()) {
      this.claim();
      return;
    }
    const until = Math.min(this.o.now() + ARM_FOR_MS, this.o.validUntil?.() ?? Infinity);
    if (current.armId !== null && current.connection === connection && this.o.stage.renew(current.armId, until)) return;
    current.armId = this.o.stage.arm(current.text, connection, until, () => this.adopt(current));
    current.connection = connection;
  }

  /**
   * A confirm (not the key that fired) of the review with `signature` reached this thread: the order's
   * handle, sent once (already by the key thread, adopted, or here now). Undefined when no order of that
   * signature is staged: the caller sends as without a key thread.
   */
  confirm(signature: string, origin?: ExecutionOrigin): RequestHandle | undefined {
    const current = this.current;
    this.spent = signature;
    if (current === null || current.signature !== signature) return undefined;
    this.claim();
    this.current = null;
    return current.adopted ?? this.o.engine.sendStaged(current.key, origin);
  }

  /**
   * The key the key thread fired on reached this thread (it comes marked, after the fired message): its
   * order left; the handle to close the review with, never a send. Undefined when the review is gone.
   */
  consumeFired(): RequestHandle | undefined {
    this.claim();
    const adopted = this.current?.adopted ?? undefined;
    if (adopted) {
      this.spent = this.current!.signature;
      this.current = null;
    }
    return adopted;
  }

  /** Before any other frame on the socket (ReconnectingSocket beforeSend), and on a reconnect: the armed frame can no longer leave. */
  claim(): void {
    this.o.stage.claim();
    if (this.current) this.current.armId = null;
  }

  private adopt(current: Current): void {
    this.o.spendToken();
    current.adopted = this.o.engine.adoptStaged(current.key) ?? null;
  }

  /** The review closed or changed: claimed (adopted if it already left), else withdrawn. */
  private drop(): void {
    const current = this.current!;
    this.claim();
    if (current.adopted !== null) return;
    this.current = null;
    this.o.engine.withdrawStaged(current.key);
  }
}
