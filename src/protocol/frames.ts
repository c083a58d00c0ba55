// Typed frames: the shapes of every message and record on the wire (interface.md 6, wire.md 5-9).
// Prices and sizes are scaled integers (JSON numbers); Amounts are decimal strings in 6-dp atoms.
// A type here and its runtime decoder in decode/ share a name.

/** Decimal string of an integer amount in collateral atoms (10^-6); may be negative. */
export type Amount = string;

export interface BlockTimestamp {
  b?: number;
  t?: number;
}
export interface BlockTxTimestamp extends BlockTimestamp {
  tx?: number;
  txid?: string;
}
export interface BlockTxLogTimestamp extends BlockTxTimestamp {
  l?: number;
}

/** Fields every frame may carry. */
export interface FrameHeader {
  mt: number;
  sid?: number;
  sn?: number;
  cid?: number;
  ses?: number;
}

// ---------- context (REST /v1/pub/context) ----------

export interface GasPrice {
  at: BlockTimestamp;
  h: number;
  max: Amount;
  p95: Amount;
  p50: Amount;
  min: Amount;
  base: Amount;
}
export interface Chain {
  ver: number;
  chain_id: number;
  name?: string;
  block_explorer_urls?: string[];
  gas?: GasPrice;
}
export interface ProtocolInstance {
  ver: number;
  id: number;
  address: string;
  collateral_token_id: number;
  /** Amount string live; a raw integer per interface.md. Decoders normalise to a string. */
  min_account_open_amount: Amount;
  min_deposit_amount?: Amount;
  min_withdraw_amount?: Amount;
  max_account_equity?: Amount;
  max_account_trigger_orders: number;
}
export interface Token {
  ver: number;
  id?: number;
  address?: string;
  symbol: string;
  name: string;
  decimals: number;
  display_precision: number;
}
export interface MarketConfig {
  at: BlockTimestamp;
  is_open: boolean;
  price_decimals: number;
  size_decimals: number;
  min_posting_amount: Amount;
  min_settle_amount: Amount;
  /** Hundredths; max leverage = initial_margin / 100. */
  initial_margin: number;
  /** Hundredths; maintenance fraction = 100 / maintenance_margin. */
  maintenance_margin: number;
  /** Micros (10^-6 of notional); negative = rebate. */
  maker_fee: number;
  taker_fee: number;
  maker_fees?: number[];
  taker_fees?: number[];
  recycle_fee?: Amount;
  funding_sum_scaling_exp?: number;
}
export interface MarketState {
  at: BlockTimestamp;
  orl: number;
  mrk: number;
  lst: number;
  mid: number;
  bid: number;
  ask: number;
  prv: number;
  dv: number;
  dva: Amount;
  oi: number;
  tvl: Amount;
}
export interface FundingEvent {
  at: BlockTimestamp;
  feb: number;
  /** Micros per interval (40 = 0.004 %). */
  rate: number;
  idx: number;
  ppl: number;
  sum: number;
  div: number;
}
export interface Market {
  ver: number;
  id: number;
  instance_id: number;
  perpetual_id: number;
  symbol: string;
  name: string;
  size_units: string;
  funding_interval_sec: number;
  funding_interval_blocks: number;
  order_ttl_blocks: number;
  order_retry_blocks?: number;
  order_max_market_slippage_bps: number;
  order_max_neg_pnl_collat_bps?: number;
  config: MarketConfig;
  state?: MarketState;
  funding?: FundingEvent;
}
export interface Context {
  chain: Chain;
  instances: ProtocolInstance[];
  tokens: Token[];
  markets: Market[];
  /** Not a wire field: markets the decoder dropped unread, past its cap (decode/context.ts). */
  droppedMarkets?: number;
}

// ---------- market data ----------

export interface L2Level {
  p: number;
  s: number;
  /** Number of orders; 0 removes the level. */
  o: number;
}
export interface Trade {
  at: BlockTxLogTimestamp;
  p: number;
  s: number;
  /** Aggressor side: 1 Buy, 2 Sell. */
  sd: number;
}
export interface Candle {
  t: number;
  o: number;
  c: number;
  h: number;
  l: number;
  /** Volume in collateral atoms. */
  v: Amount;
  n: number;
}

export interface PingFrame extends FrameHeader { mt: 1; t: number }
export interface PongFrame extends FrameHeader { mt: 2; t?: number }
export interface StatusResponseFrame extends FrameHeader {
  mt: 3;
  status: { code: number; error?: string };
}
export interface SubscriptionItem { stream: string; subscribe: boolean }
export interface SubscriptionRequestFrame extends FrameHeader { mt: 5; subs: SubscriptionItem[] }
export interface SubscriptionResult {
  stream: string;
  sid?: number;
  status: { code: number; error?: string };
}
export interface SubscriptionResponseFrame extends FrameHeader { mt: 6; subs: SubscriptionResult[] }
export interface GasPriceFrame extends FrameHeader { mt: 7; d: GasPrice }
export interface MarketConfigFrame extends FrameHeader { mt: 8; d: Record<string, MarketConfig> }
/** `d` is keyed by market id string and carries only markets whose state changed: merge. */
export interface MarketStateFrame extends FrameHeader { mt: 9; d: Record<string, MarketState> }
/** Envelope not documented: decoders normalise map, array or bare event into a map by market id. */
export interface MarketFundingFrame extends FrameHeader { mt: 10; d: Record<string, FundingEvent> }
export interface CandlesFrame extends FrameHeader {
  mt: 11 | 12;
  at?: BlockTimestamp;
  /** Resolution in seconds. */
  r: number;
  d: Candle[];
}
export interface L2BookFrame extends FrameHeader {
  mt: 15 | 16;
  at?: BlockTimestamp;
  bid: L2Level[];
  ask: L2Level[];
}
export interface TradesFrame extends FrameHeader { mt: 17 | 18; d: Trade[] }
export interface HeartbeatFrame extends FrameHeader { mt: 100; sn: number; h: number }

// ---------- trading ----------

export interface AccountEvent {
  at: BlockTxLogTimestamp;
  in: number;
  id: number;
  et: number;
  m?: number;
  r?: number;
  o?: number;
  p?: number;
  a: Amount;
  b: Amount;
  lb: Amount;
  f: Amount;
  bfa?: Amount;
}
export interface Account {
  mt?: number;
  in: number;
  id: number;
  fr: boolean;
  fw: boolean;
  ft?: number;
  lfr: number;
  b: Amount;
  lb: Amount;
  h?: AccountEvent[];
}
export interface AccountStats {
  mt?: number;
  in: number;
  id: number;
  td: Amount;
  tw: Amount;
  tv: Amount;
  tf?: Amount;
  tbf?: Amount;
  trp: Amount;
  wr: number;
  tt: number;
}
export interface Order {
  at: BlockTxLogTimestamp;
  c?: BlockTxTimestamp;
  rq: number;
  mkt: number;
  acc: number;
  oid: number;
  scid?: number;
  st: number;
  sr?: number;
  fr?: number;
  t: number;
  r?: boolean;
  p?: number;
  os: number;
  fp?: number;
  fs: number;
  f?: Amount;
  bfa?: Amount;
  tif?: number;
  fl: number;
  tp?: number;
  tpc?: number;
  lp?: number;
  tr?: number;
  mm?: number;
  lv: number;
  mnp?: number;
}
export interface Fill {
  at: BlockTxLogTimestamp;
  mkt: number;
  acc: number;
  oid: number;
  t: number;
  l: number;
  p?: number;
  s: number;
  f: Amount;
  bfa?: Amount;
}
export interface Position {
  at: BlockTxLogTimestamp;
  mkt: number;
  acc: number;
  pid: number;
  rq?: number;
  oid?: number;
  st: number;
  sr: number;
  /** 1 Long, 2 Short. */
  sd: number;
  c: Amount;
  ep: number;
  epr?: number;
  s: number;
  fee?: Amount;
  cfee?: Amount;
  efs?: number;
  lv: number;
  cpnl?: Amount;
  dpnl?: Amount;
  fnd?: Amount;
  pay?: Amount;
  xp?: number;
  xfs?: number;
  ots?: BlockTxTimestamp;
  e?: Position[];
}

export interface WalletSnapshotFrame extends FrameHeader {
  mt: 19;
  at?: BlockTimestamp;
  addr: string;
  n?: number;
  fl?: number;
  as: Account[];
  sts: AccountStats[];
}
export interface WalletUpdateFrame extends FrameHeader {
  mt: 20;
  at?: BlockTimestamp;
  addr?: string;
  n?: number;
  fl?: number;
}
/** Flat, not wrapped in `d`; `h` here is the account-event array. */
export interface AccountUpdateFrame extends FrameHeader, Omit<Account, 'mt'> { mt: 21 }
export interface OrdersFrame extends FrameHeader { mt: 23 | 24; at?: BlockTimestamp; d: Order[] }
export interface FillsFrame extends FrameHeader { mt: 25; at?: BlockTimestamp; d: Fill[] }
export interface PositionsFrame extends FrameHeader { mt: 26 | 27; at?: BlockTimestamp; d: Position[] }
export interface AccountStatsFrame extends FrameHeader, Omit<AccountStats, 'mt'> { mt: 28 }

export interface ApiKeySignInFrame {
  mt: 29;
  chain_id: number;
  api_key: string;
  /** Milliseconds, as a decimal string. */
  timestamp: string;
  nonce: string;
  signature: string;
}

/** OrderRequest (mt 22). Optional fields are omitted from the wire when undefined. */
export interface OrderRequestFrame {
  mt: 22;
  sn: number;
  rq: number;
  mkt: number;
  acc: number;
  t: number;
  oid?: number;
  p?: number;
  s: number;
  /** Amount string, for IncreasePositionCollateral. */
  a?: Amount;
  ms?: number;
  mnp?: number;
  tif?: number;
  fl: number;
  tp?: number;
  tpc?: number;
  tr?: number;
  lp?: number;
  lv: number;
  lb: number;
}

/** Every frame the server may send. */
export type InboundFrame =
  | PongFrame
  | StatusResponseFrame
  | SubscriptionResponseFrame
  | GasPriceFrame
  | MarketConfigFrame
  | MarketStateFrame
  | MarketFundingFrame
  | CandlesFrame
  | L2BookFrame
  | TradesFrame
  | WalletSnapshotFrame
  | WalletUpdateFrame
  | AccountUpdateFrame
  | OrdersFrame
  | FillsFrame
  | PositionsFrame
  | AccountStatsFrame
  | HeartbeatFrame;

/** Every frame a client may send. */
export type OutboundFrame = PingFrame | SubscriptionRequestFrame | OrderRequestFrame | ApiKeySignInFrame;

// ---------- REST bodies ----------

/** History pages: `d` newest first, `np` cursor absent or empty at the end. */
export interface HistoryPage<T> {
  d: T[];
  np?: string;
}
export interface CandlesResponse {
  mt?: number;
  at?: BlockTimestamp;
  r: number;
  d: Candle[];
}
export interface FundingHistoryResponse {
  mt?: number;
  at?: BlockTimestamp;
  m?: number;
  d: FundingEvent[];
}
export interface BookResponse {
  mt: 15;
  sn: number;
  at?: BlockTimestamp;
  bid: L2Level[];
  ask: L2Level[];
}
export interface TickerResponse {
  mt: 9;
  sn: number;
  d: Record<string, MarketState>;
}
export interface Announcement { id: number; title: string; content: string }
export interface AnnouncementsResponse { ver: number; active: Announcement[] }
export interface RefCode { code: string; limit?: number; used?: number; volume?: Amount; created_at: number }

export interface ApiKeyInfo {
  api_key: string;
  address?: string;
  scope_mask: number;
  label?: string;
  ip_cidrs?: string[];
  origin?: string;
  /** Milliseconds; 0 = never. */
  expires_at: number;
  last_used_at?: number;
  created_at?: number;
}
export interface ApiKeyPayloadRequest {
  chain_id: number;
  address: string;
  public_key: string;
  scope_mask: number;
  label: string;
  expires_at?: number;
  ip_cidrs?: string[];
  target_profile?: string;
}
export interface TypedDataField { name: string; type: string }
export interface Eip712TypedData {
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}
export interface ApiKeyPayloadResponse { typed_data: Eip712TypedData; mac: string }
export interface ApiKeyEnrollRequest {
  chain_id: number;
  address: string;
  typed_data: Eip712TypedData;
  mac: string;
  signature: string;
  pop_signature: string;
  target_profile?: string;
}
