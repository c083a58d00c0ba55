// Decoders for the trading-socket frames (mt 19-28 except 22).

import type {
  AccountStatsFrame,
  AccountUpdateFrame,
  FillsFrame,
  OrdersFrame,
  PositionsFrame,
  WalletSnapshotFrame,
  WalletUpdateFrame,
} from '../frames.js';
import { decodeBlockTimestamp, headerShape } from './common.js';
import { arr, literal, nonNegInt, oneOf, opt, record, str } from './kit.js';
import {
  accountShape,
  accountStatsShape,
  decodeAccount,
  decodeAccountStats,
  decodeFill,
  decodeOrder,
  decodePosition,
} from './trading-records.js';

export const decodeWalletSnapshotFrame = record<WalletSnapshotFrame>({
  ...headerShape,
  mt: literal(19),
  at: opt(decodeBlockTimestamp),
  addr: str,
  n: opt(nonNegInt),
  fl: opt(nonNegInt),
  as: arr(decodeAccount),
  sts: arr(decodeAccountStats),
});

/** Never observed live; shape presumed to be the wallet header. */
export const decodeWalletUpdateFrame = record<WalletUpdateFrame>({
  ...headerShape,
  mt: literal(20),
  at: opt(decodeBlockTimestamp),
  addr: opt(str),
  n: opt(nonNegInt),
  fl: opt(nonNegInt),
});

/** Flat account fields on the frame; `h` is the account-event array here. */
export const decodeAccountUpdateFrame = record<AccountUpdateFrame>({
  ...headerShape,
  ...accountShape,
  mt: literal(21),
});

export const decodeOrdersFrame = record<OrdersFrame>({
  ...headerShape,
  mt: oneOf([23, 24]),
  at: opt(decodeBlockTimestamp),
  d: arr(decodeOrder),
});

export const decodeFillsFrame = record<FillsFrame>({
  ...headerShape,
  mt: literal(25),
  at: opt(decodeBlockTimestamp),
  d: arr(decodeFill),
});

export const decodePositionsFrame = record<PositionsFrame>({
  ...headerShape,
  mt: oneOf([26, 27]),
  at: opt(decodeBlockTimestamp),
  d: arr(decodePosition),
});

/** Flat stats fields on the frame. */
export const decodeAccountStatsFrame = record<AccountStatsFrame>({
  ...headerShape,
  ...accountStatsShape,
  mt: literal(28),
});
