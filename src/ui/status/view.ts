// The status bar's view model: the network badge, the market, and on the right what holds requests back, the
// links' health, bad frames, the head block and round-trip, READ-ONLY and LB (statusView; `sideCells` is
// what they take); then the market header and the watch strip fitted into the room those leave
// (statusBarView). Memoised on what they read and the clock's second, so the pane only draws.

import { fitHeaderFields, headerCells, shownHeaderFields, type HeaderField } from './header.js';
import type { Badge } from './status.js';
import { healthBadge, latencyText, networkBadge, tradingBadge } from './status.js';
import { throttleText } from './throttle.js';
import { watchlistText, watchStripCells } from './watchlist.js';
import { memoLast } from '../../lib/memo-last.js';
import { marketsOf, type TerminalState } from '../../state/store.js';

export interface StatusView {
  badge: Badge;
  /** The config's account trading is on (` @main`), '' when none is named. */
  account: string;
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
  (network: S['network'], account: S['account'], market: S['market'], keyScope: S['keyScope'], connection: S['connection'], headBlock: number | null, publishedAt: number, replay: S['replay'],
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
    const accountTag = account ? ` @${account.name}` : '';
    const sideCells =
      badge.text.length + accountTag.length + symbol.length + (throttled ? throttled.length + 2 : 0) + health.text.length + (trading ? trading.text.length + 2 : 0) +
      badFrames.length + link.length + (readOnly ? 11 : 0) + (lowBandwidth ? 4 : 0) + (keyExpiry ? 14 : 0) + 1;
    return { badge, account: accountTag, symbol, throttled, health, trading, badFrames, link, readOnly, lowBandwidth, keyExpiry, sideCells };
  },
);

/** The status bar's badges at `now` (ms, the clock's second) for a bar `width` cells wide. */
export function statusView(s: TerminalState, now: number, width: number): StatusView {
  const badFrames = s.badFrames.marketData + s.badFrames.trading + s.badFrames.context;
  return build(s.network, s.account, s.market, s.keyScope, s.connection, s.headBlock ?? s.connection.headBlock, s.publishedAtMs, s.replay, s.trading.enabled, s.trading.health, s.throttle,
    s.workspace.lowBandwidth, s.trading.keyExpiresAt !== null, badFrames, now, width);
}

/** Cells the header draws after every field, the last one included (StatusBar's HeaderFields). */
const HEADER_GAP = 2;

export interface StatusBarView extends StatusView {
  /** Two rows under 110 columns: the header's short labels and one-cell gaps. */
  narrow: boolean;
  /** The market header's fields as shown, fitted to the room the sides and the strip leave; null before market data. */
  fields: HeaderField[] | null;
  /** The watch strip's text (favourite markets' mini prices) in its cells; '' when there is none. */
  watch: string;
}

const buildBar = memoLast(
  (side: StatusView, header: S['header'], market: S['market'], fundingIntervalSec: number | null, publishedAt: number, watchlist: S['workspace']['watchlist'],
    now: number, width: number, rows: 1 | 2): StatusBarView => {
    const narrow = rows === 2 && width < 110;
    const elapsed = Math.max(0, now - publishedAt);
    const fit = (room: number): HeaderField[] | null => {
      if (!header || !market) return null;
      const nextFundingInMs = header.nextFundingInMs === null ? null : Math.max(0, header.nextFundingInMs - elapsed);
      return fitHeaderFields({ ...header, nextFundingInMs }, market, fundingIntervalSec, room, narrow);
    };
    const symbol = market?.symbol ?? null;
    // The header without its annualised funding (what it keeps when short of room) bounds the strip.
    const coreFields = fit(0);
    const coreCells = coreFields ? headerCells(shownHeaderFields(coreFields, narrow), narrow) + 2 : 0;
    const watchCells = rows === 1 ? watchStripCells(watchlist, symbol, width - side.sideCells - coreCells, width) : Math.max(0, width - 64);
    // The header draws a gap after its last field too: fitted without it, a header that just fits loses its
    // countdown's last cells and runs into the health badge.
    const fields = fit(rows === 1 ? width - side.sideCells - watchCells - HEADER_GAP : width - 1);
    return { ...side, narrow, fields: fields ? shownHeaderFields(fields, narrow) : null, watch: watchlistText(watchlist, symbol, Math.max(0, watchCells - 2)) };
  },
);

/** The whole bar at `now` (ms, the clock's second): `width` cells on `rows` rows. */
export function statusBarView(s: TerminalState, now: number, width: number, rows: 1 | 2): StatusBarView {
  const interval = s.market ? (marketsOf(s).byId(s.market.id)?.fundingIntervalSec ?? null) : null;
  return buildBar(statusView(s, now, width), s.header, s.market, interval, s.publishedAtMs, s.workspace.watchlist, now, width, rows);
}
