// A position, order or fill for a market the context does not list cannot be right: there are no
// decimals to read its price and size with, no symbol to name it, no rules to trade it by. Such rows are
// refused (the frame counts as a bad frame, the log says which markets), never shown as `#424242`.

import type { FillsFrame, InboundFrame, OrdersFrame, PositionsFrame } from '../../protocol/frames.js';

/** True when the context lists the market. */
export type IsListedMarket = (marketId: number) => boolean;

/** The rows whose market is listed, and the distinct ids of the markets that are not. */
export function splitByListedMarket<R extends { mkt: number }>(rows: readonly R[], isListed: IsListedMarket): { listed: R[]; unlisted: number[] } {
  const listed: R[] = [];
  const unlisted = new Set<number>();
  for (const r of rows) {
    if (isListed(r.mkt)) listed.push(r);
    else unlisted.add(r.mkt);
  }
  return { listed, unlisted: [...unlisted] };
}

type RowFrame = OrdersFrame | FillsFrame | PositionsFrame;

function hasMarketRows(frame: InboundFrame): frame is RowFrame {
  return frame.mt === 23 || frame.mt === 24 || frame.mt === 25 || frame.mt === 26 || frame.mt === 27;
}

/**
 * The frame without its rows for unlisted markets (the same frame when it has none), and why it is bad
 * when it had some: `mt 24: 1 row for market 424242, which the context does not list`.
 */
export function withListedMarketsOnly(frame: InboundFrame, isListed: IsListedMarket): { frame: InboundFrame; refused: string | null } {
  if (!hasMarketRows(frame)) return { frame, refused: null };
  const { listed, unlisted } = splitByListedMarket<{ mkt: number }>(frame.d, isListed);
  if (unlisted.length === 0) return { frame, refused: null };
  const dropped = frame.d.length - listed.length;
  const refused = `mt ${frame.mt}: ${dropped} row${dropped === 1 ? '' : 's'} for market${unlisted.length === 1 ? '' : 's'} ${unlisted.join(', ')}, which the context does not list`;
  return { frame: { ...frame, d: listed } as RowFrame, refused };
}
