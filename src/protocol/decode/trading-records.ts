// Decoders for trading records: account events, accounts, stats, orders, fills, positions.

import type { Account, AccountEvent, AccountStats, Fill, Order, Position } from '../frames.js';
import { decodeBlockTxLogTimestamp, decodeBlockTxTimestamp } from './common.js';
import { amount, arr, bool, int, nonNegInt, opt, record, type Shape } from './kit.js';

export const decodeAccountEvent = record<AccountEvent>({
  at: decodeBlockTxLogTimestamp,
  in: nonNegInt,
  id: nonNegInt,
  et: nonNegInt,
  m: opt(nonNegInt),
  r: opt(nonNegInt),
  o: opt(nonNegInt),
  p: opt(nonNegInt),
  a: amount,
  b: amount,
  lb: amount,
  f: amount,
  bfa: opt(amount),
});

/** Account fields without the nested `mt`; shared by the account record and the flat mt 21. */
export const accountShape: Shape<Omit<Account, 'mt'>> = {
  in: nonNegInt,
  id: nonNegInt,
  fr: bool,
  fw: bool,
  ft: opt(nonNegInt),
  lfr: nonNegInt,
  b: amount,
  lb: amount,
  h: opt(arr(decodeAccountEvent)),
};

export const decodeAccount = record<Account>({ mt: opt(int), ...accountShape });

/** Stats fields without the nested `mt`; shared by the stats record and the flat mt 28. */
export const accountStatsShape: Shape<Omit<AccountStats, 'mt'>> = {
  in: nonNegInt,
  id: nonNegInt,
  td: amount,
  tw: amount,
  tv: amount,
  tf: opt(amount),
  tbf: opt(amount),
  // Realized PnL net of fees: signed.
  trp: amount,
  wr: nonNegInt,
  tt: nonNegInt,
};

export const decodeAccountStats = record<AccountStats>({ mt: opt(int), ...accountStatsShape });

export const decodeOrder = record<Order>({
  at: decodeBlockTxLogTimestamp,
  c: opt(decodeBlockTxTimestamp),
  rq: nonNegInt,
  mkt: nonNegInt,
  acc: nonNegInt,
  oid: nonNegInt,
  scid: opt(nonNegInt),
  st: nonNegInt,
  sr: opt(nonNegInt),
  fr: opt(nonNegInt),
  t: nonNegInt,
  r: opt(bool),
  p: opt(nonNegInt),
  os: nonNegInt,
  fp: opt(nonNegInt),
  fs: nonNegInt,
  f: opt(amount),
  bfa: opt(amount),
  tif: opt(nonNegInt),
  fl: nonNegInt,
  tp: opt(nonNegInt),
  tpc: opt(nonNegInt),
  lp: opt(nonNegInt),
  tr: opt(nonNegInt),
  mm: opt(nonNegInt),
  lv: nonNegInt,
  mnp: opt(nonNegInt),
});

export const decodeFill = record<Fill>({
  at: decodeBlockTxLogTimestamp,
  mkt: nonNegInt,
  acc: nonNegInt,
  oid: nonNegInt,
  t: nonNegInt,
  l: nonNegInt,
  p: opt(nonNegInt),
  s: nonNegInt,
  // Negative = rebate.
  f: amount,
  bfa: opt(amount),
});

/** Position fields shared by state rows and their settlement-event rows. */
const positionShape: Shape<Omit<Position, 'e'>> = {
  at: decodeBlockTxLogTimestamp,
  mkt: nonNegInt,
  acc: nonNegInt,
  pid: nonNegInt,
  rq: opt(nonNegInt),
  oid: opt(nonNegInt),
  st: nonNegInt,
  sr: nonNegInt,
  sd: nonNegInt,
  c: amount,
  ep: nonNegInt,
  epr: opt(nonNegInt),
  s: nonNegInt,
  fee: opt(amount),
  cfee: opt(amount),
  // Funding sums are signed.
  efs: opt(int),
  lv: nonNegInt,
  cpnl: opt(amount),
  dpnl: opt(amount),
  fnd: opt(amount),
  pay: opt(amount),
  xp: opt(nonNegInt),
  xfs: opt(int),
  ots: opt(decodeBlockTxTimestamp),
};

/**
 * A settlement-event row (`e[]`): the position's shape, but its amounts are the deltas of that event,
 * so a decrease carries a negative size. A nested `e` is dropped, bounding recursion.
 */
export const decodePositionEvent = record<Omit<Position, 'e'>>({ ...positionShape, s: int });

/** Rows may carry undocumented fields; `cpnl` and `pay` are kept, anything newer is dropped. */
export const decodePosition = record<Position>({
  ...positionShape,
  e: opt(arr(decodePositionEvent)),
});
