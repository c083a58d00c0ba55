// One order request as the engine follows it: its rq history, sends, ack, per-rq outcomes and the
// promise its caller awaits.

import type { OrderRequestFrame } from '../../protocol/frames.js';
import type { RequestResult } from '../../domain/trading/commands.js';
import type { OrderDraft } from '../../domain/trading/order-draft.js';
import { statusWords } from '../../domain/trading/order-words.js';
import { type OutcomeContext, outcomeWords } from '../../domain/trading/outcome-words.js';
import type { RetryDecision, RetryRequestState } from '../../domain/trading/retry.js';
import { type RequestOutcome, reasonName } from '../../domain/trading/status.js';

export type { RequestResult } from '../../domain/trading/commands.js';

export type RequestPhase = 'sending' | 'sent' | 'acked' | 'reconciling' | 'done';

/** Read-only view of a request for the UI / bots. */
export interface RequestView {
  key: string;
  label: string;
  t: number;
  mkt: number;
  rqs: readonly number[];
  phase: RequestPhase;
  ackCode: number | undefined;
  retries: number;
  lastDecision: RetryDecision | undefined;
  result: RequestResult | undefined;
}

export interface RequestHandle {
  readonly key: string;
  /** Every rq used so far (last = current). */
  rqs(): readonly number[];
  readonly outcome: Promise<RequestResult>;
}

export class TrackedRequest {
  rq = 0;
  sn = 0;
  lb: number;
  postedHead = 0;
  /** The head when its first rq was posted: a collateral increase's credit lands after it (collateral-credit.ts). */
  firstPostedHead: number | undefined;
  postedEpoch = -1;
  sendsOfRq = 0;
  newRqRetriesForSr32 = 0;
  newRqRetriesForExpiry = 0;
  ackCode: number | undefined;
  ackError: string | undefined;
  ackTimedOut = false;
  /** Stops the pending ack timer (set by the engine, which owns the clock). */
  cancelAckTimer: (() => void) | null = null;
  readonly outcomes = new Map<number, RequestOutcome>();
  readonly rqHistory: number[] = [];
  phase: RequestPhase = 'sending';
  /** Set while waiting for the fresh snapshots of a resync before reconciling (the epoch it started in). */
  reconcileAfterEpoch: number | undefined;
  /** A t 6 with no account event yet waits for it until this head block (collateral-credit.ts). */
  creditWaitUntil: number | undefined;
  lastDecision: RetryDecision | undefined;
  result: RequestResult | undefined;
  frame: OrderRequestFrame | undefined;
  readonly outcome: Promise<RequestResult>;
  private resolveOutcome!: (r: RequestResult) => void;

  constructor(
    readonly key: string,
    readonly label: string,
    readonly draft: OrderDraft,
    /** Read back from the journal after a restart: observed and reconciled, never resent. */
    readonly recovered = false,
  ) {
    this.lb = draft.lb;
    this.outcome = new Promise((resolve) => {
      this.resolveOutcome = resolve;
    });
  }

  get t(): number {
    return this.draft.t;
  }
  get isTrigger(): boolean {
    return (this.draft.tp ?? 0) > 0;
  }
  /** The facts of the current rq, as the retry table reads them. */
  retryState(): RetryRequestState {
    const outcome = this.outcomes.get(this.rq);
    return {
      t: this.draft.t,
      rq: this.rq,
      lb: this.lb,
      isTrigger: this.isTrigger,
      postedHead: this.postedHead,
      postedEpoch: this.postedEpoch,
      sendsOfRq: this.sendsOfRq,
      newRqRetriesForSr32: this.newRqRetriesForSr32,
      newRqRetriesForExpiry: this.newRqRetriesForExpiry,
      ...(this.ackCode !== undefined ? { ackCode: this.ackCode } : {}),
      ...(outcome ? { outcome } : {}),
    };
  }
  /** A definitive outcome on any rq of this request. */
  definitive(): { rq: number; outcome: RequestOutcome } | undefined {
    for (const [rq, o] of this.outcomes) if (o.kind === 'definitive') return { rq, outcome: o };
    return undefined;
  }
  get done(): boolean {
    return this.phase === 'done';
  }

  finish(result: RequestResult): void {
    if (this.done) return;
    this.phase = 'done';
    this.result = result;
    this.clearAckTimer();
    this.resolveOutcome(result);
  }

  clearAckTimer(): void {
    this.cancelAckTimer?.();
    this.cancelAckTimer = null;
  }

  view(): RequestView {
    return {
      key: this.key,
      label: this.label,
      t: this.draft.t,
      mkt: this.draft.mkt,
      rqs: [...this.rqHistory],
      phase: this.phase,
      ackCode: this.ackCode,
      retries: Math.max(0, this.rqHistory.length - 1) + Math.max(0, this.sendsOfRq - 1),
      lastDecision: this.lastDecision,
      result: this.result,
    };
  }
}

/**
 * The caller-facing result of an outcome; with `words` (the market's units, what bounds the order) an order
 * that filled only in part says so: "partially filled 1.92355 of 5, 3.07645 cancelled at the 5 bps cap".
 */
export function resultOf(rq: number, outcome: RequestOutcome, words?: OutcomeContext): RequestResult {
  const reason = reasonName(outcome.sr);
  return {
    kind: outcome.kind,
    rq,
    st: outcome.st,
    ...(outcome.sr !== undefined ? { sr: outcome.sr } : {}),
    ...(reason ? { reason } : {}),
    ...(outcome.oid !== undefined ? { oid: outcome.oid } : {}),
    ...(outcome.kind === 'definitive' && outcome.os !== undefined && outcome.fs !== undefined ? { os: outcome.os, fs: outcome.fs } : {}),
    // Plain words for the toast; the Journal's update line keeps the wire's status and reason names.
    message: `${words && outcome.kind === 'definitive' ? outcomeWords(outcome, words) : statusWords(outcome.st, outcome.sr)} (rq ${rq})`,
  };
}
