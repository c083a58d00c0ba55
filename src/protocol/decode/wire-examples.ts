// Valid example frames and bodies shaped like wire.md's examples (values illustrative), one or more per
// message type. Used by the decoder tests and the fuzzer as seeds; other tests may reuse them.

export interface WireExample {
  name: string;
  /** The JSON value as sent. */
  value: Record<string, unknown>;
  /** What the decoder must return, when it differs from `value` (dropped or normalised fields). */
  expected?: Record<string, unknown>;
  /** Top-level keys whose absence the decoder must reject. */
  required: string[];
  /** Paths of fields the decoder ignores (unknown extras): mutating them changes nothing. */
  ignored?: string[];
}

const at = { b: 68448927, t: 1791217675000 };
const atTx = { b: 68448927, t: 1791217675000, tx: 4, txid: '28d36434', l: 4 };

const marketState = {
  at: { b: 108065172, t: 1790391294000 },
  orl: 269041, mrk: 269031, lst: 269101, mid: 269087, bid: 269086, ask: 269088,
  prv: 267613, dv: 734103, dva: '1978695784020', oi: 122531, tvl: '151458713139',
};
const fundingEvent = { at: { b: 68439435, t: 1791214806000 }, feb: 68439435, rate: -40, idx: 853385, ppl: 34, sum: -121332, div: 1 };
const gas = { at: { b: 68446795, t: 1791217031000 }, h: 68446795, max: '103000000000', p95: '103000000000', p50: '103000000000', min: '0', base: '100000000000' };
const marketConfig = {
  at: { b: 68413211, t: 1791206884000 }, is_open: true, price_decimals: 1, size_decimals: 5,
  min_posting_amount: '0', min_settle_amount: '0', funding_sum_scaling_exp: 0,
  initial_margin: 1500, maintenance_margin: 2500, maker_fee: -45, taker_fee: 345,
  maker_fees: [45, 25, 15, 0], taker_fees: [345, 300, 250, 210], recycle_fee: '100000',
};
const accountEvent = {
  at: atTx, in: 12, id: 824, et: 4, m: 32, r: 11, o: 4485868879872,
  a: '-18822469', b: '10021184587', lb: '0', f: '12979', bfa: '0',
};
const account = { mt: 0, in: 12, id: 824, fr: false, fw: true, ft: 0, lfr: 0, b: '10000000000', lb: '0' };
const stats = { mt: 0, in: 12, id: 824, td: '10000000000', tw: '0', tv: '0', tf: '0', tbf: '0', trp: '-928', wr: 5000, tt: 0 };
const order = {
  at: atTx, c: { b: 68447802, t: 1791217335000, tx: 3 }, rq: 2, mkt: 32, acc: 824, oid: 4485795151904,
  scid: 0, st: 4, sr: 43, t: 1, r: true, os: 14, fp: 268361, fs: 14, f: '12962', bfa: '0', fl: 4, mm: 10, lv: 200, mnp: 1000,
};
const fill = { at: atTx, mkt: 32, acc: 824, oid: 4485868879872, t: 1, l: 2, p: 268707, s: 14, f: '-12979', bfa: '0' };
const positionEvent = {
  at: atTx, mkt: 32, acc: 824, pid: 4485795151873, rq: 2, oid: 4485795151904, st: 1, sr: 21, sd: 1,
  c: '20129595', ep: 268395, s: 15, fee: '13890', cfee: '0', efs: 32098, lv: 200, cpnl: '1360', dpnl: '0', fnd: '0', pay: '0',
};
const position = {
  at: atTx, mkt: 32, acc: 824, pid: 4485795151873, rq: 0, oid: 0, st: 1, sr: 17, sd: 1, c: '20129595', ep: 268395,
  epr: 39321, s: 15, fee: '13890', cfee: '0', efs: -32098, lv: 200, cpnl: '0', dpnl: '0', fnd: '0', pay: '0', xfs: 0,
  ots: { b: 68448708, t: 1791217609000, tx: 3 }, e: [positionEvent],
};
const { e: _events, ...positionRow } = position;
const candle = { t: 1790193600000, o: 844803, c: 842663, h: 845281, l: 842370, v: '164802631045', n: 282 };

/** Server -> client frames, at least one per inbound mt. */
export const INBOUND_EXAMPLES: WireExample[] = [
  { name: 'pong', value: { mt: 2, sid: 1, sn: 2, t: 1791217208871 }, required: ['mt'] },
  { name: 'status ok', value: { mt: 3, sid: 100, sn: 1, cid: 1, status: { code: 0 } }, required: ['status'] },
  {
    name: 'status rejected',
    value: { mt: 3, sid: 100, sn: 9, cid: 7, status: { code: 400, error: 'last exec block already expired' } },
    required: ['status'],
  },
  {
    name: 'subscription response',
    value: {
      mt: 6, sn: 1,
      subs: [
        { stream: 'order-book@1', sid: 1000001, status: { code: 0 } },
        { stream: 'order-book@999999', status: { code: 404, error: 'unknown stream' } },
      ],
    },
    required: ['subs'],
  },
  { name: 'gas price', value: { mt: 7, sid: 5001, sn: 3, d: gas }, required: ['d'] },
  { name: 'market config', value: { mt: 8, sid: 5002, d: { '16': marketConfig } }, required: ['d'] },
  {
    name: 'market state with an unknown extra field',
    value: { mt: 9, sid: 3000, sn: 108065172, d: { '20': marketState }, zz: 'new field' },
    expected: { mt: 9, sid: 3000, sn: 108065172, d: { '20': marketState } },
    required: ['d'],
    ignored: ['zz'],
  },
  { name: 'funding as a map', value: { mt: 10, sid: 4000, sn: 5, d: { '16': fundingEvent } }, required: ['d'] },
  {
    name: 'funding as an array with m',
    value: { mt: 10, sn: 5, m: 16, d: [fundingEvent] },
    expected: { mt: 10, sn: 5, d: { '16': fundingEvent } },
    required: ['d', 'm'],
  },
  {
    name: 'funding as a bare event with m',
    value: { mt: 10, sn: 5, m: 16, d: fundingEvent },
    expected: { mt: 10, sn: 5, d: { '16': fundingEvent } },
    required: ['d', 'm'],
  },
  { name: 'candles snapshot', value: { mt: 11, sid: 7, at, r: 3600, d: [candle, candle] }, required: ['r', 'd'] },
  { name: 'candles update', value: { mt: 12, at, r: 3600, d: [candle] }, required: ['r', 'd'] },
  {
    name: 'book snapshot',
    value: {
      mt: 15, sid: 1000001, sn: 108065180, at: { b: 108065180, t: 1790391296000 },
      bid: [{ p: 839862, s: 2500, o: 1 }, { p: 839850, s: 10000, o: 3 }], ask: [{ p: 839863, s: 900, o: 1 }],
    },
    required: [],
  },
  {
    name: 'book update with one side missing',
    value: { mt: 16, sid: 1000001, sn: 108065181, ask: [{ p: 839863, s: 0, o: 0 }] },
    expected: { mt: 16, sid: 1000001, sn: 108065181, bid: [], ask: [{ p: 839863, s: 0, o: 0 }] },
    required: [],
  },
  {
    name: 'trades snapshot',
    value: { mt: 17, sid: 2000001, sn: 108065181, d: [{ at: { b: 108065181, t: 1790391297000, tx: 6, txid: '8e2d', l: 6 }, p: 839863, s: 329, sd: 1 }] },
    required: ['d'],
  },
  { name: 'trades update', value: { mt: 18, sid: 2000001, sn: 108065182, d: [] }, required: ['d'] },
  {
    name: 'wallet snapshot',
    value: { mt: 19, sid: 10, sn: 68447054, at, addr: '0x27fae503', n: 4, fl: 0, as: [{ ...account, h: [accountEvent] }], sts: [stats] },
    required: ['addr', 'as', 'sts'],
  },
  { name: 'wallet update', value: { mt: 20, sn: 68447055, addr: '0x27fae503', n: 5 }, required: [] },
  {
    name: 'account update (flat, h = events)',
    value: { mt: 21, sid: 20, sn: 68448927, in: 12, id: 824, fr: false, fw: true, ft: 0, lfr: 11, b: '10021184587', lb: '0', h: [accountEvent] },
    required: ['in', 'id', 'fr', 'fw', 'lfr', 'b', 'lb'],
  },
  { name: 'orders snapshot', value: { mt: 23, sid: 30, sn: 68449610, at, d: [] }, required: ['d'] },
  { name: 'orders update', value: { mt: 24, sid: 30, sn: 68447802, at, d: [order] }, required: ['d'] },
  { name: 'fills update', value: { mt: 25, sid: 40, sn: 68448927, at, d: [fill] }, required: ['d'] },
  {
    name: 'positions snapshot',
    value: { mt: 26, sid: 50, sn: 68449610, at, d: [{ ...positionRow, at: {}, sr: 0 }] },
    required: ['d'],
  },
  { name: 'positions update', value: { mt: 27, sid: 50, sn: 68448708, at, d: [position] }, required: ['d'] },
  {
    name: 'positions update with an undocumented row field',
    value: { mt: 27, sn: 68448709, d: [{ ...positionRow, liq: '123', e: [{ ...positionEvent, zz: [1] }] }] },
    expected: { mt: 27, sn: 68448709, d: [{ ...positionRow, e: [positionEvent] }] },
    required: ['d'],
    ignored: ['d[0].liq', 'd[0].e[0].zz', 'd[0].e[0].zz[0]'],
  },
  {
    name: 'account stats (flat)',
    value: { mt: 28, sid: 21, sn: 68448927, in: 12, id: 824, td: '10040000000', tw: '0', tv: '145069490', tf: '50053', tbf: '0', trp: '-5923', wr: 5000, tt: 2 },
    required: ['in', 'id', 'td', 'tw', 'tv', 'trp', 'wr', 'tt'],
  },
  { name: 'heartbeat', value: { mt: 100, sn: 68448923, h: 68448923 }, required: ['sn', 'h'] },
];

/** Client -> server frames, one or more per outbound mt. */
export const OUTBOUND_EXAMPLES: WireExample[] = [
  { name: 'ping', value: { mt: 1, t: 1791217908871 }, required: ['t'] },
  {
    name: 'subscribe',
    value: { mt: 5, subs: [{ stream: 'heartbeat@143', subscribe: true }, { stream: 'order-book@1', subscribe: false }] },
    required: ['subs'],
  },
  {
    name: 'market order',
    value: { mt: 22, sn: 17, rq: 42, mkt: 1, acc: 5071, t: 1, p: 0, s: 200, fl: 4, ms: 100, lv: 1000, lb: 0 },
    required: ['rq', 'mkt', 'acc'],
  },
  {
    name: 'add margin with a negative mnp',
    value: { mt: 22, sn: 18, rq: 43, mkt: 1, acc: 5071, t: 6, a: '5000000', s: 0, p: 0, fl: 0, lv: 0, lb: 0, mnp: -1 },
    required: ['rq', 'mkt', 'acc'],
  },
  {
    name: 'trigger close',
    value: { mt: 22, sn: 19, rq: 44, mkt: 1, acc: 5071, t: 3, p: 0, s: 15, tp: 260000, tpc: 2, lp: 4485795151873, tr: 43, tif: 0, oid: 7, fl: 4, lv: 0, lb: 0 },
    required: ['rq', 'mkt', 'acc'],
  },
  {
    name: 'sign-in',
    value: { mt: 29, chain_id: 143, api_key: 'tok', timestamp: '1791217110068', nonce: 'q2V0cmFuZG9tYnl0ZXM', signature: 'c2ln' },
    required: ['chain_id', 'api_key', 'timestamp', 'nonce', 'signature'],
  },
];

const typedData = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
    PerplRegisterApiKey: [{ name: 'signer', type: 'address' }, { name: 'time', type: 'uint64' }],
  },
  primaryType: 'PerplRegisterApiKey',
  domain: { name: 'perpl.xyz', version: '1', chainId: '0x8f', verifyingContract: '0x0000000000000000000000000000000000000000' },
  message: { signer: '0xabc', scope: '3', time: '0x1a0ced1983c' },
};

export const CONTEXT_EXAMPLE: Record<string, unknown> = {
  chain: { ver: 270, chain_id: 10143, name: 'Monad Testnet', block_explorer_urls: ['https://testnet.monadscan.com/'], gas },
  instances: [{
    ver: 270, id: 12, address: '0x1964c32f80cc', collateral_token_id: 1, min_account_open_amount: '100000000',
    min_deposit_amount: '10000000', min_withdraw_amount: '10000', max_account_trigger_orders: 16,
  }],
  tokens: [{ ver: 270, id: 1, address: '0xa9012a0522dc', symbol: 'AUSD', name: 'AUSD', decimals: 6, display_precision: 2 }],
  markets: [{
    ver: 270, id: 16, instance_id: 12, perpetual_id: 16, symbol: 'BTC', name: 'BTC Perp', size_units: 'BTC',
    funding_interval_sec: 2580, funding_interval_blocks: 8571, order_ttl_blocks: 20, order_retry_blocks: 22,
    order_max_market_slippage_bps: 1000, order_max_neg_pnl_collat_bps: 1000, config: marketConfig, state: marketState, funding: fundingEvent,
  }],
};

export const API_KEY_INFO_EXAMPLE: Record<string, unknown> = {
  api_key: 'tok', address: '0x27fae503', scope_mask: 3, label: 'my-tui', ip_cidrs: [], origin: '',
  expires_at: 0, last_used_at: 0, created_at: 1791217110068,
};

/** REST bodies: name -> example (decoder chosen by the test). */
export const REST_EXAMPLES = {
  context: CONTEXT_EXAMPLE,
  fillsPage: { d: [fill], np: 'AAAAAAQUbjoAAAADAAAABA' },
  candles: { mt: 12, at, r: 3600, d: [candle] },
  funding: { mt: 13, at, m: 16, d: [fundingEvent] },
  book: { mt: 15, sn: 5, at, bid: [{ p: 1, s: 2, o: 1 }], ask: [] },
  ticker: { mt: 9, sn: 5, d: { '20': marketState } },
  announcements: { ver: 252, active: [{ id: 1, title: 'Hello', content: 'World' }] },
  refCode: { code: 'ABC', limit: 10, used: 2, volume: '123', created_at: 1791217110068 },
  apiKeyInfo: API_KEY_INFO_EXAMPLE,
  payloadResponse: { typed_data: typedData, mac: 'opaque' },
  payloadRequest: { chain_id: 143, address: '0xabc', public_key: '0x' + '11'.repeat(32), scope_mask: 3, label: 'my-tui', expires_at: 0, ip_cidrs: ['10.0.0.0/8'] },
  enrollRequest: { chain_id: 143, address: '0xabc', typed_data: typedData, mac: 'opaque', signature: '0xsig', pop_signature: '0xpop' },
  wallet: { sn: 68447054, at, addr: '0x27fae503', n: 4, fl: 0, as: [account], sts: [stats] },
} as const satisfies Record<string, Record<string, unknown>>;
