// The trading intents the screen may send. Structurally the client's TradingCommands (client/commands.ts),
// declared here because state/ may not import client/; app/ hands the real EngineCommands in. The
// parameters are shared (domain/trading/command-params.ts); the handles are kept loose on purpose.

import type { CloseParams, PlaceParams, ReplaceOptions, Side, TriggerSpec } from '../domain/trading/command-params.js';

export type { PlaceKind } from '../domain/trading/command-params.js';
export type TradeSide = Side;
export type TriggerIntent = TriggerSpec;
export type PlaceIntent = PlaceParams;
export type CloseIntent = CloseParams;

export interface IntentOutcome {
  ok: boolean;
  results: readonly { kind: string; rq: number; message: string }[];
  message: string;
}

export interface IntentHandle {
  rqs(): readonly number[];
  readonly outcome: Promise<IntentOutcome>;
}

export interface TradingIntents {
  place(p: PlaceIntent): IntentHandle;
  cancel(orderId: number): IntentHandle;
  cancelAll(marketId?: number): IntentHandle;
  change(orderId: number, changes: { price?: number; size?: number }): IntentHandle;
  close(positionId: number, opts: CloseIntent): IntentHandle;
  addCollateral(positionId: number, amount: string): IntentHandle;
  /** Take-profit / stop-loss triggers linked to an open position (optional: older wirings lack it). */
  protect?(positionId: number, p: { tp?: TriggerIntent; sl?: TriggerIntent }): IntentHandle;
  /** Arms the new TP / SL, then cancels the old of the same role (optional: older wirings lack it). */
  replaceProtection?(positionId: number, p: { tp?: TriggerIntent; sl?: TriggerIntent }, opts?: ReplaceOptions): IntentHandle;
  panic(): IntentHandle;
  lockReason(): string | null;
}
