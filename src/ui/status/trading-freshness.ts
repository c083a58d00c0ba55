// Whether the trading panes (positions, open orders, fills, the account) show the exchange's current
// state: only while the trading socket is live and its key accepted. Otherwise they are what was last
// received, and say so ("as of HH:MM:SS", local time of the trading session's last data).

import type { ConnectionView } from '../../domain/views.js';

export type TradingFreshness = { current: true } | { current: false; asOf: string; why: string };

/** HH:MM:SS in local time. */
export function clockText(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** True while the trading figures are the exchange's current ones (no key loaded: nothing to dim). */
export function tradingIsCurrent(enabled: boolean, health: ConnectionView | null): boolean {
  return !enabled || (health !== null && health.health === 'live' && health.keyRefused === undefined);
}

function whyNotCurrent(health: ConnectionView | null): string {
  if (!health) return 'connecting';
  if (health.keyRefused !== undefined) return 'key refused';
  switch (health.health) {
    case 'connecting':
      return 'connecting';
    case 'resyncing':
      return 'resyncing';
    case 'stale':
      return 'stale';
    default:
      return 'down';
  }
}

export function tradingFreshness(enabled: boolean, health: ConnectionView | null): TradingFreshness {
  if (tradingIsCurrent(enabled, health)) return { current: true };
  const at = health?.lastDataAt ?? null;
  return { current: false, asOf: at === null ? 'never received' : clockText(at), why: whyNotCurrent(health) };
}

/** The marker the panes show while not current, e.g. "as of 14:03:07 (trading down)". */
export function freshnessMarker(f: TradingFreshness): string | null {
  return f.current ? null : `as of ${f.asOf} (trading ${f.why})`;
}

/** The longest form of the marker that fits `width` cells (the account box is narrow): the time always. */
export function fittedFreshnessMarker(f: TradingFreshness, width: number): string | null {
  if (f.current) return null;
  const forms = [`as of ${f.asOf} (trading ${f.why})`, `as of ${f.asOf} (${f.why})`, `as of ${f.asOf}`];
  return forms.find((t) => t.length <= width) ?? forms[forms.length - 1]!;
}
