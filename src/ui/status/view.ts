// The status bar's view model, apart from the market header and the watch strip (fitted into the room this
// leaves): the network badge, the market, and on the right what holds requests back, the links' health,
// bad frames, the head block and round-trip, READ-ONLY and LB; `sideCells` is what they take. Memoised on
// what it reads and the clock's second.

import type { Badge } from './status.js';
import { healthBadge, latencyText, networkBadge, tradingBadge } from './status.js';
import { throttleText } from './throttle.js';
import { memoLast } from '../../lib/memo-last.js';
import type { TerminalState } from '../../state/store.js';

export interface StatusView {
  badge: Badge;
  symbol: string;
  throttled: string | null;
  health: Badge;
  trading: Badge | null;
  badFrames: string;
  link: string;
  readOnly: boolean;
  lowBandwidth: boolean;
  keyExpiry: boolean;
  /** Cells the badge, the market and the right-hand side take (the key countdown counted at its widest). */
  sideCells: number;
}

type S = TerminalState;

const build = memoLast(
  (network: S['network'], market: S['market'], keyScope: S['keyScope'], connection: S['connection'], headBlock: number | null, publishedAt: number, replay: S['replay'],
    tradingEnabled: boolean, tradingHealth: S['trading']['health'], throttle: S['throttle'], lowBandwidth: boolean, keyExpiry: boolean, badFrameCount: number, now: number, width: number): StatusView => {
    const badge = networkBadge(network);
    const health = healthBadge(connection, now, publishedAt, replay);
    const trading = tradingBadge(tradingEnabled, tradingHealth, replay);
    const throttled = throttleText(throttle, now);
    const rtt = latencyText(connection, replay);
    const link = `  h=${headBlock ?? '—'}${rtt ? `  ${rtt}` : ''}`;
    const readOnly = keyScope !== 'trade';
    // Frames skipped as malformed on either socket, and context markets past the cap (the log file says which
    // and why); shown only when some were.
    const badFrames = badFrameCount === 0 ? '' : width >= 110 ? `  ${badFrameCount} bad frame${badFrameCount === 1 ? '' : 's'}` : `  bad ${badFrameCount}`;
    const symbol = ` ${market?.symbol ?? '…'}  `;
    const sideCells =
      badge.text.length + symbol.length + (throttled ? throttled.length + 2 : 0) + health.text.length + (trading ? trading.text.length + 2 : 0) +
      badFrames.length + link.length + (readOnly ? 11 : 0) + (lowBandwidth ? 4 : 0) + (keyExpiry ? 14 : 0) + 1;
    return { badge, symbol, throttled, health, trading, badFrames, link, readOnly, lowBandwidth, keyExpiry, sideCells };
  },
);

/** The status bar's badges at `now` (ms, the clock's second) for a bar `width` cells wide. */
export function statusView(s: TerminalState, now: number, width: number): StatusView {
  const badFrames = s.badFrames.marketData + s.badFrames.trading + s.badFrames.context;
  return build(s.network, s.market, s.keyScope, s.connection, s.headBlock ?? s.connection.headBlock, s.publishedAtMs, s.replay, s.trading.enabled, s.trading.health, s.throttle,
    s.workspace.lowBandwidth, s.trading.keyExpiresAt !== null, badFrames, now, width);
}
