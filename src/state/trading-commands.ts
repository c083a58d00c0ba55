// The trading intents the screen may send. Structurally the client's TradingCommands (client/commands.ts),
// declared here because state/ may not import client/; app/ hands the real EngineCommands in.
// Every value is a scaled integer (price ticks, size units, leverage hundredths, atoms).

export type PlaceKind = 'limit' | 'market' | 'post-only' | 'ioc' | 'fok';
export type TradeSide = 'long' | 'short';

export interface TriggerIntent {
  price: number;
  on?: 'mark' | 'last';
}

export interface PlaceIntent {
  marketId: number;
  kind: PlaceKind;
  side: TradeSide;
  size: number;
  price?: number;
  leverage: number;
  slippageBps?: number;
  lastBlock?: number;
  tp?: TriggerIntent;
  sl?: TriggerIntent;
}

export interface CloseIntent {
  kind: 'market' | 'limit';
  fraction?: number;
  size?: number;
  price?: number;
  slippageBps?: number;
}

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
  panic(): IntentHandle;
  lockReason(): string | null;
}
