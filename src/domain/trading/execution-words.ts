// Execution reports in words (domain/trading/execution-report.ts): the Journal's one line for an order
// ("rq 3 timed: send 2 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse (0.33 bps, 0.0200) · vs est even")
// and the lines of its detail page. Slippage is said as "worse" or "better" with unsigned figures, so
// the direction never hangs on a minus sign; money is quote atoms shown with 4 places. Pure.

import { formatAtoms } from '../../protocol/scaling.js';
import type { ExecutionReport, Slippage } from './execution-report.js';
import { priceText, sizeText, type MarketWords } from './order-words.js';

/** 2.5 -> "2.5 ms", 14.2 -> "14 ms", null -> "—". */
export function msText(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Hundredths of a bps as "0.33 bps" (unsigned). */
export function bpsText(hundredths: bigint): string {
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')} bps`;
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** "2 ticks worse (0.33 bps, 0.0200)", "1 tick better (...)", "even". */
export function slippageText(s: Slippage | null): string {
  if (s === null) return 'n/a';
  if (s.ticks === 0) return 'even';
  const n = Math.abs(s.ticks);
  return `${n} ${n === 1 ? 'tick' : 'ticks'} ${s.ticks > 0 ? 'worse' : 'better'} (${bpsText(s.bpsHundredths)}, ${formatAtoms(abs(s.atoms), 4)})`;
}

/** Key press -> send, ack, fill ("fill 15-40 ms" when the fills spread). */
export function latencyText(r: ExecutionReport): string {
  const fill =
    r.toFirstFillMs === null
      ? 'no fill'
      : r.toLastFillMs !== null && Math.round(r.toLastFillMs) !== Math.round(r.toFirstFillMs)
        ? `fill ${msText(r.toFirstFillMs)}–${msText(r.toLastFillMs)}`
        : `fill ${msText(r.toFirstFillMs)}`;
  return `send ${msText(r.toSendMs)}, ack ${msText(r.toAckMs)}, ${fill}`;
}

/** The Journal's line of the report. */
export function executionLine(r: ExecutionReport): string {
  const slip = r.filledSize > 0 ? ` · vs mark ${slippageText(r.vsMark)} · vs est ${slippageText(r.vsEstimate)}` : '';
  return `rq ${r.rq} timed from the key: ${latencyText(r)}${slip}`;
}

/** The detail page's section of the report. */
export function executionDetailLines(r: ExecutionReport, m: MarketWords): string[] {
  return [
    `execution report (times from the key press that sent it; slippage: worse = cost to you)`,
    `  key press -> sent ${msText(r.toSendMs)} · ack ${msText(r.toAckMs)} · first fill ${msText(r.toFirstFillMs)} · last fill ${msText(r.toLastFillMs)}`,
    r.filledSize > 0 && r.averageFillPrice !== null
      ? `  filled ${sizeText(r.filledSize, m)} @ ${priceText(r.averageFillPrice, m)} average`
      : '  not filled (yet)',
    `  vs the mark at the key press: ${slippageText(r.vsMark)}`,
    `  vs the review's estimate:    ${slippageText(r.vsEstimate)}`,
  ];
}
