// Price alerts: `:alert BTC > 70000`, `:alert BTC < 60000`, `:alerts`, `:alert clear`. Thresholds stay
// decimal text until compared, then are scaled with the market's price decimals: integers against
// integers, never floats.

import { parsePrice } from '../protocol/scaling.js';
import type { PriceAlert } from './workspace-slice.js';

export type AlertCommand =
  | { kind: 'add'; symbol: string; direction: 'above' | 'below'; priceText: string }
  | { kind: 'list' }
  | { kind: 'clear' }
  | { kind: 'error'; message: string };

const USAGE = 'alert SYMBOL > PRICE | alert SYMBOL < PRICE | alert clear | alerts';

/** Parses `alert ...` / `alerts` (without the `:`); null when the line is not an alert command. */
export function parseAlertCommand(text: string): AlertCommand | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const head = words[0]?.toLowerCase();
  if (head === 'alerts' && words.length === 1) return { kind: 'list' };
  if (head !== 'alert') return null;
  const rest = words.slice(1).join(' ');
  if (rest === '') return { kind: 'list' };
  if (rest.toLowerCase() === 'clear') return { kind: 'clear' };
  const match = /^([A-Za-z0-9_-]+)\s*([<>])=?\s*([0-9][0-9_,]*(?:\.[0-9]+)?)$/.exec(rest);
  if (!match?.[1] || !match[2] || !match[3]) return { kind: 'error', message: `alert: ${USAGE}` };
  return {
    kind: 'add',
    symbol: match[1].toUpperCase().replace(/-PERP$/, ''),
    direction: match[2] === '>' ? 'above' : 'below',
    priceText: match[3].replace(/[_,]/g, ''),
  };
}

export interface MarkQuote {
  /** Scaled mark price. */
  mark: number;
  priceDecimals: number;
}

/** The alert's threshold in the market's price units, or null when the text does not fit the decimals. */
export function scaledThreshold(alert: PriceAlert, priceDecimals: number): number | null {
  try {
    return parsePrice(alert.priceText, priceDecimals);
  } catch {
    return null;
  }
}

/** Alerts whose condition holds for the marks given (keyed by upper-case symbol). */
export function triggeredAlerts(alerts: readonly PriceAlert[], marks: ReadonlyMap<string, MarkQuote>): PriceAlert[] {
  return alerts.filter((alert) => {
    const quote = marks.get(alert.symbol);
    if (!quote) return false;
    const threshold = scaledThreshold(alert, quote.priceDecimals);
    if (threshold === null) return false;
    return alert.direction === 'above' ? quote.mark >= threshold : quote.mark <= threshold;
  });
}

export function describeAlert(alert: Pick<PriceAlert, 'symbol' | 'direction' | 'priceText'>): string {
  return `${alert.symbol} ${alert.direction === 'above' ? '>' : '<'} ${alert.priceText}`;
}
