// Decoders for the small records every frame shares: timestamps and the frame header.

import type { BlockTimestamp, BlockTxLogTimestamp, BlockTxTimestamp, FrameHeader } from '../frames.js';
import { nonNegInt, opt, record, str, type Shape } from './kit.js';

export const decodeBlockTimestamp = record<BlockTimestamp>({
  b: opt(nonNegInt),
  t: opt(nonNegInt),
});

export const decodeBlockTxTimestamp = record<BlockTxTimestamp>({
  b: opt(nonNegInt),
  t: opt(nonNegInt),
  tx: opt(nonNegInt),
  txid: opt(str),
});

export const decodeBlockTxLogTimestamp = record<BlockTxLogTimestamp>({
  b: opt(nonNegInt),
  t: opt(nonNegInt),
  tx: opt(nonNegInt),
  txid: opt(str),
  l: opt(nonNegInt),
});

/** Header fields other than `mt`; spread into each frame shape. */
export const headerShape: Shape<Omit<FrameHeader, 'mt'>> = {
  sid: opt(nonNegInt),
  sn: opt(nonNegInt),
  cid: opt(nonNegInt),
  ses: opt(nonNegInt),
};
