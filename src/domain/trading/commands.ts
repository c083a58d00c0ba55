// The trading command interface, declared once: the client implements it (client/commands.ts, over the
// order engine), the screen calls it through TerminalActions (ui/actions/), bots and tests use it headless. Every
// command returns a handle: the request ids used so far and a promise of the outcome. All values are
// scaled integers (price ticks, size units, leverage hundredths, atoms).

import type { CloseParams, PlaceParams, ReplaceOptions, TriggerSpec } from './command-params.js';
import type { SessionLock } from './session-locks.js';
import type { KeyStamp } from './execution-report.js';

export type { CloseParams, PlaceKind, PlaceParams, ReplaceOptions, Side, TriggerSpec } from './command-params.js';

export type RequestResultKind =
  /** A definitive status (Open, Filled, Canceled, Untriggered, ...). */
  | 'definitive'
  /** st 7 Failed with a reason. */
  | 'failed'
  /** The gateway refused it (mt 3 non-zero code); it was never forwarded. */
  | 'rejected'
  /** Pre-send validation refused it; nothing was sent. */
  | 'invalid'
  /** A collateral increase the account event et 3 of its rq proves was credited (whatever its status said). */
  | 'credited'
  /** Collateral increases are never retried: look at the position / account event et 3. */
  | 'check-position'
  /** It reached the contract (rq <= lfr) but its status was lost and could not be found. */
  | 'unknown'
  /** Stopped retrying (expired again, engine stopped, restart found it expired unsent). */
  | 'gave-up';

export interface RequestResult {
  kind: RequestResultKind;
  /** The rq the result belongs to (0 when nothing was sent). */
  rq: number;
  st?: number;
  sr?: number;
  /** e.g. "OrderDescIdTooLow (32)". */
  reason?: string;
  oid?: number;
  /** The order's original and filled size (scaled) with its definitive status, when its row carried them. */
  os?: number;
  fs?: number;
  message: string;
}

export interface CommandOutcome {
  /** True when every request of the command reached a definitive status. */
  ok: boolean;
  results: RequestResult[];
  message: string;
}

export interface CommandHandle {
  /** Request ids used so far, across every request of the command. */
  rqs(): readonly number[];
  readonly outcome: Promise<CommandOutcome>;
}

/**
 * `key` (optional on every order-sending command but place, whose PlaceParams.origin carries it): the key
 * press that sent it; every order the command sends is stamped with it and gets an execution report.
 */
export interface TradingCommands {
  place(p: PlaceParams): CommandHandle;
  cancel(orderId: number, key?: KeyStamp): CommandHandle;
  cancelAll(marketId?: number, key?: KeyStamp): CommandHandle;
  change(orderId: number, changes: { price?: number; size?: number }, key?: KeyStamp): CommandHandle;
  close(positionId: number, opts: CloseParams, key?: KeyStamp): CommandHandle;
  /** `amount` in collateral atoms (decimal string). */
  addCollateral(positionId: number, amount: string): CommandHandle;
  /** Attach take-profit and/or stop-loss triggers to an open position (linked by `lp`, whole size). */
  protect(positionId: number, p: { tp?: TriggerSpec; sl?: TriggerSpec }, key?: KeyStamp): CommandHandle;
  /**
   * Set a position's take-profit and/or stop-loss: each new trigger is armed first, then the old trigger(s)
   * of its role (all linked ones, or only `opts.replacing`) are cancelled. A refused new trigger leaves the
   * old one armed; a failed cancel leaves both; the message says what is armed now.
   */
  replaceProtection(positionId: number, p: { tp?: TriggerSpec; sl?: TriggerSpec }, opts?: ReplaceOptions, key?: KeyStamp): CommandHandle;
  /**
   * Cancel every resting and trigger order, then reduce-only IOC close every position, retrying a close that
   * left its position open with a wider slippage cap (bounded). ok = every cancel done and every position
   * flat; otherwise the message says what is still open.
   */
  panic(key?: KeyStamp): CommandHandle;
  /** Why orders are locked right now (typed, session-locks.ts); empty when they are not. */
  locks(): SessionLock[];
  /** A line in the Journal pane that is no request: a request the screen refused before it was sent. */
  note(text: string): void;
  /** Key thread (issue 35): the order the open review's `y` would send now (null: none), armed for that thread. */
  armReview?(p: PlaceParams | null): void;
  /** Key thread: the order its `y` already sent, followed from here; never a send. Undefined when there is none. */
  firedPlace?(): CommandHandle | undefined;
}
