// The wire vocabulary: every enumeration of the interface, with its names.
// Values are 1-based API values (on-chain enums are 0-based; never mix them).

/** Builds the reverse map value -> name for an enumeration object. */
function namesOf<T extends Record<string, number>>(e: T): ReadonlyMap<number, keyof T & string> {
  return new Map(Object.entries(e).map(([k, v]) => [v, k as keyof T & string]));
}

/** Name of an enumeration value, or `Unknown(<n>)` for a value this build does not know. */
export function enumName(names: ReadonlyMap<number, string>, value: number): string {
  return names.get(value) ?? `Unknown(${value})`;
}

export const MessageType = {
  Ping: 1,
  Pong: 2,
  StatusResponse: 3,
  SubscriptionRequest: 5,
  SubscriptionResponse: 6,
  GasPriceUpdate: 7,
  MarketConfigUpdate: 8,
  MarketStateUpdate: 9,
  MarketFundingUpdate: 10,
  CandlesSnapshot: 11,
  CandlesUpdate: 12,
  L2BookSnapshot: 15,
  L2BookUpdate: 16,
  TradesSnapshot: 17,
  TradesUpdate: 18,
  WalletSnapshot: 19,
  WalletUpdate: 20,
  AccountUpdate: 21,
  OrderRequest: 22,
  OrdersSnapshot: 23,
  OrdersUpdate: 24,
  FillsUpdate: 25,
  PositionsSnapshot: 26,
  PositionsUpdate: 27,
  AccountStatsUpdate: 28,
  ApiKeySignIn: 29,
  BatchOrderRequest: 30,
  BatchStatusResponse: 31,
  Heartbeat: 100,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
export const MessageTypeName = namesOf(MessageType);
/** Allocated but retired or reserved: never sent or accepted by this client. */
export const RESERVED_MESSAGE_TYPES: readonly number[] = [4, 13, 14];

export const OrderType = {
  OpenLong: 1,
  OpenShort: 2,
  CloseLong: 3,
  CloseShort: 4,
  Cancel: 5,
  IncreasePositionCollateral: 6,
  Change: 7,
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const OrderTypeName = namesOf(OrderType);

export const OrderFlag = {
  GoodTillCancel: 0,
  PostOnly: 1,
  FillOrKill: 2,
  ImmediateOrCancel: 4,
} as const;
export type OrderFlag = (typeof OrderFlag)[keyof typeof OrderFlag];
export const OrderFlagName = namesOf(OrderFlag);

export const TriggerCondition = {
  GTELast: 1,
  LTELast: 2,
  GTEMark: 3,
  LTEMark: 4,
} as const;
export type TriggerCondition = (typeof TriggerCondition)[keyof typeof TriggerCondition];
export const TriggerConditionName = namesOf(TriggerCondition);

export const OrderStatus = {
  Pending: 1,
  Open: 2,
  PartiallyFilled: 3,
  Filled: 4,
  Canceled: 5,
  Expired: 6,
  Failed: 7,
  Untriggered: 8,
  Triggered: 9,
  Executed: 10,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const OrderStatusName = namesOf(OrderStatus);
/** Interface section 3: the first update with one of these statuses is definitive for its rq. */
export const DEFINITIVE_ORDER_STATUSES: ReadonlySet<number> = new Set([2, 3, 4, 5, 8, 9, 10]);

/** OrderStatusReason `sr`, 0..69 (69 added 2026-09). */
export const OrderStatusReason = {
  Unspecified: 0,
  AmountExceedsAvailableBalance: 1,
  AccountFrozen: 2,
  CancelExistingInvalidCloseOrders: 3,
  CantChangeCloseOrder: 4,
  ChangeExpiredOrderNeedsNewExpiry: 5,
  ClearingExpiredOrder: 6,
  ClearingFrozenAccountOrder: 7,
  ClearingInvalidCloseOrder: 8,
  ClearingSelfMatchingOrder: 9,
  CloseOrderExceedsPosition: 10,
  CloseOrderPositionMismatch: 11,
  ContractNotOperational: 12,
  CrossesBook: 13,
  ExceedsLastExecutionBlock: 14,
  ForwardingReverted: 15,
  ImmediateOrCancelExecuted: 16,
  ImmediateOrderUnderMinimum: 17,
  InsuficientFundsForRecycleFee: 18,
  InvalidAccountFrozenOrder: 19,
  InvalidExpiryBlock: 20,
  InvalidOrderId: 21,
  MakerOrderFilled: 22,
  MakerOrderSettlementFailed: 23,
  MaximumAccountOrders: 24,
  MaxMatchesReached: 25,
  NoOp: 26,
  OrderBookFull: 27,
  OrderCancelled: 28,
  OrderCancelledByAdmin: 29,
  OrderCancelledByLiquidator: 30,
  OrderChanged: 31,
  OrderDescIdTooLow: 32,
  OrderDoesNotExist: 33,
  OrderForwardingNotAllowed: 34,
  OrderPlaced: 35,
  OrderPostFailed: 36,
  OrderSettlementImpliesInsolvent: 37,
  OrderSizeExceedsAvailableSize: 38,
  PostOrderUnderMinimum: 39,
  PriceOutOfRange: 40,
  RecycleBalanceInsufficientSevere: 41,
  SizeOutOfRange: 42,
  TakerOrderFilled: 43,
  TakerOrderSettlementFailed: 44,
  UnableToCancelOrder: 45,
  UnmatchedLotRemainsInFillOrKill: 46,
  UnspecifiedCollateral: 47,
  UnspecifiedPrice: 48,
  UnspecifiedSize: 49,
  WrongAccountForOrder: 50,
  WrongChainForOrder: 51,
  WrongMarketForOrder: 52,
  PerpetualInsolvent: 53,
  Triggered: 54,
  InvalidAmount: 55,
  InvalidFlags: 56,
  InvalidTriggerOrder: 57,
  WrongTriggerPosition: 58,
  TriggerDescIdTooLow: 59,
  TriggerOrderRequest: 60,
  ValueExceedsMaximum: 61,
  ClearingRemainingOrderLockBeyondBalance: 62,
  PriceSetDuringTriggerExec: 63,
  TriggeredExecutionAttemptsExhausted: 64,
  TriggeredOrderExecuted: 65,
  TriggeredOrderPartiallyFilled: 66,
  TriggeredOrderExpired: 67,
  TriggeredOrderRecoverableFailure: 68,
  OrderExtensionRejected: 69,
} as const;
export type OrderStatusReason = (typeof OrderStatusReason)[keyof typeof OrderStatusReason];
export const OrderStatusReasonName = namesOf(OrderStatusReason);

/** OrderFailureReason `fr`, only alongside sr 23, 36 or 44. */
export const OrderFailureReason = {
  Unspecified: 0,
  InsufficientBalance: 1,
  InsufficientCollateralIncrease: 2,
  InsufficientCollateralInvert: 3,
  NoPositionToClose: 4,
  PerpetualSolvency: 5,
  NegativePositionValue: 6,
  ReferencePriceStale: 7,
  ExceedsMaxNegPnlCollat: 8,
  Other: 9,
} as const;
export type OrderFailureReason = (typeof OrderFailureReason)[keyof typeof OrderFailureReason];
export const OrderFailureReasonName = namesOf(OrderFailureReason);

export const AccountEventType = {
  Deposit: 1,
  Withdrawal: 2,
  IncreasePositionCollateral: 3,
  Settlement: 4,
  Liquidation: 5,
  TransferToProtocol: 6,
  TransferFromProtocol: 7,
  Funding: 8,
  Deleveraging: 9,
  Unwinding: 10,
  PositionCollateralDecreased: 11,
  LastForwardedDescIdReset: 12,
} as const;
export type AccountEventType = (typeof AccountEventType)[keyof typeof AccountEventType];
export const AccountEventTypeName = namesOf(AccountEventType);

export const PositionStatus = {
  Open: 1,
  Closed: 2,
  Liquidated: 3,
  Deleveraged: 4,
  Unwound: 5,
  Failed: 6,
} as const;
export type PositionStatus = (typeof PositionStatus)[keyof typeof PositionStatus];
export const PositionStatusName = namesOf(PositionStatus);

/** Known PositionStatusReason values (the rest are not published). 6 is seen on collateral top-ups. */
export const PositionStatusReason = {
  Snapshot: 0,
  CollateralIncreased: 6,
  PositionClosed: 13,
  PositionDecreased: 14,
  PositionDeleveraged: 15,
  PositionIncreased: 17,
  PositionInverted: 18,
  PositionLiquidated: 19,
  PositionOpened: 21,
  PositionUnwound: 22,
} as const;
export type PositionStatusReason = (typeof PositionStatusReason)[keyof typeof PositionStatusReason];

/** Position side `sd` on the API: 1 Long, 2 Short (on-chain events use 0/1). */
export const PositionSide = { Long: 1, Short: 2 } as const;
export type PositionSide = (typeof PositionSide)[keyof typeof PositionSide];

/** Trade aggressor side `sd`: 1 Buy, 2 Sell. */
export const TradeSide = { Buy: 1, Sell: 2 } as const;
export type TradeSide = (typeof TradeSide)[keyof typeof TradeSide];

/** Fill liquidity side `l`: 1 Maker, 2 Taker. */
export const LiquiditySide = { Maker: 1, Taker: 2 } as const;
export type LiquiditySide = (typeof LiquiditySide)[keyof typeof LiquiditySide];

/** API key scope bitmask; trade implies read. */
export const ScopeMask = { Read: 1, Trade: 2, ReadTrade: 3 } as const;
export function hasTradeScope(mask: number): boolean {
  return (mask & ScopeMask.Trade) !== 0;
}

/** WebSocket close codes the service uses. */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  Abnormal: 1006,
  PolicyViolation: 1008,
  InternalError: 1011,
  TryAgainLater: 1013,
  Unauthorized: 3401,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Candle resolutions in seconds (interface 4.1). */
export const CANDLE_RESOLUTIONS = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 43200, 86400] as const;

/** Fixed-point conventions. */
export const COLLATERAL_DECIMALS = 6;
export const LEVERAGE_DECIMALS = 2;
