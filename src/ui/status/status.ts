// Words for the status bar: network badge, connection health, key scope, the link's round trip.

import type { ConnectionView } from '../../domain/views.js';
import type { ReplayView } from '../../state/store.js';

export type Tone = 'good' | 'warn' | 'bad' | 'muted' | 'loud' | 'info';

export interface Badge {
  text: string;
  tone: Tone;
}

export function networkBadge(network: { name: string; chainId: number; isMainnet: boolean } | null): Badge {
  if (!network) return { text: ' … ', tone: 'muted' };
  if (network.isMainnet) return { text: ' MAINNET ', tone: 'loud' };
  if (network.name === 'testnet') return { text: ' TESTNET ', tone: 'warn' };
  if (network.name === 'local') return { text: ` LOCAL sim ${network.chainId} `, tone: 'info' };
  return { text: ` ${network.name.toUpperCase()} ${network.chainId} `, tone: 'warn' };
}

function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/**
 * Connection health in words. `publishedAtMs` is when the view was copied; `nowMs` moves on between
 * copies so countdowns and stale ages keep counting.
 */
export function healthBadge(connection: ConnectionView, nowMs: number, publishedAtMs: number, replay: ReplayView | null = null): Badge {
  switch (connection.health) {
    case 'live':
      // A replay's feed is live from the local replay server, but nothing on screen is: never "live".
      return replay ? replayBadge(replay) : { text: '● live', tone: 'good' };
    case 'connecting':
      return { text: '○ connecting', tone: 'muted' };
    case 'resyncing':
      return { text: '◌ resyncing', tone: 'warn' };
    case 'stale': {
      const age = connection.lastDataAt === null ? null : Math.floor(Math.max(0, nowMs - connection.lastDataAt) / 1000);
      return { text: age === null ? '◌ stale' : `◌ stale ${age}s`, tone: 'warn' };
    }
    case 'disconnected': {
      if (connection.retryInMs === null) return { text: '✕ disconnected', tone: 'bad' };
      const left = connection.retryInMs - Math.max(0, nowMs - publishedAtMs);
      return { text: `✕ disconnected, retrying in ${seconds(left)}s`, tone: 'bad' };
    }
  }
}

/** A replay playing, paused or at its end ("‖": one cell wide everywhere, unlike ⏸). */
export function replayBadge(replay: ReplayView): Badge {
  switch (replay.state) {
    case 'playing':
      return { text: '▶ replay', tone: 'info' };
    case 'paused':
      return { text: '‖ replay', tone: 'info' };
    case 'ended':
      return { text: '■ replay end', tone: 'info' };
  }
}

/**
 * The trading socket's health beside the market data's: the header's "● live" alone covered market data
 * only, and a refused or dropped trading socket looked live. Null without a trading key (nothing to say).
 */
export function tradingBadge(enabled: boolean, health: ConnectionView | null, replay: ReplayView | null = null): Badge | null {
  if (!enabled) return null;
  if (!health) return { text: 'trading ○ connecting', tone: 'muted' };
  if (health.keyRefused !== undefined) return { text: 'trading ✕ key refused', tone: 'bad' };
  switch (health.health) {
    case 'live':
      // A replay's recorded trading side: as it was then, not live now.
      return replay ? { ...replayBadge(replay), text: `trading ${replayBadge(replay).text}` } : { text: 'trading ● live', tone: 'good' };
    case 'connecting':
      return { text: 'trading ○ connecting', tone: 'muted' };
    case 'resyncing':
      return { text: 'trading ◌ resyncing', tone: 'warn' };
    case 'stale':
      return { text: 'trading ◌ stale', tone: 'warn' };
    case 'disconnected':
      return { text: 'trading ✕ down', tone: 'bad' };
  }
}

/**
 * The link's round-trip time as what it is: `rtt 12ms`, `rtt –ms` until measured (or while down),
 * `rtt >6s` while a ping waits unanswered. Empty in a replay: a recording has no link to time.
 */
export function latencyText(connection: Pick<ConnectionView, 'roundTrip'>, replay: ReplayView | null = null): string {
  if (replay) return '';
  const rtt = connection.roundTrip;
  if (rtt === null) return 'rtt –ms';
  return rtt.atLeast ? `rtt >${Math.floor(rtt.ms / 1000)}s` : `rtt ${Math.round(rtt.ms)}ms`;
}
