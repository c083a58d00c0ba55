// Execution reports in words (domain/trading/execution-report.ts): the Journal's one line for an order
// ("rq 3 timed: send 2 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse (0.33 bps, 0.0200) · vs est even",
// "rq 5 close (sells) timed from the key: ...", "rq 6 amend timed ...") and the lines of its detail page.
// Slippage is said as "worse" or "better" with unsigned figures, so the direction never hangs on a minus
// sign; money is quote atoms shown with 4 places. What is not measured for a kind says "—" and why, never
// a figure. Pure.

import { formatAtoms } from '../../protocol/scaling.js';
import { absBigint } from '../../lib/bigint-math.js';
import { followsFills, type ExecutionKind, type ExecutionReport, type Slippage } from './execution-report.js';
import { priceText, sizeText, type MarketWords } from './order-words.js';

/** 2.5 -> "2.5 ms", 14.2 -> "14 ms", null -> "—". */
export function msText(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Hundredths of a bps as "0.33 bps" (unsigned). */
export function bpsText(hundredths: bigint): string {
  const abs = absBigint(hundredths);
  return `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')} bps`;
}

/** "2 ticks worse (0.33 bps, 0.0200)", "1 tick better (...)", "even". */
export function slippageText(s: Slippage | null): string {
  if (s === null) return 'n/a';
  if (s.ticks === 0) return 'even';
  const n = Math.abs(s.ticks);
  return `${n} ${n === 1 ? 'tick' : 'ticks'} ${s.ticks > 0 ? 'worse' : 'better'} (${bpsText(s.bpsHundredths)}, ${formatAtoms(absBigint(s.atoms), 4)})`;
}

/** The kind as the Journal says it: an open as before (no word), the others named, a close with its side. */
export function kindText(r: Pick<ExecutionReport, 'kind' | 'side'>): string {
  switch (r.kind) {
    case 'open':
      return '';
    case 'close':
      return `close (${r.side === 'long' ? 'buys' : 'sells'})`;
    case 'trigger':
      return 'TP/SL trigger';
    default:
      return r.kind;
  }
}

/** Plural names of the kinds for `:stats`. */
export const KIND_PLURALS: Readonly<Record<ExecutionKind, [string, string]>> = {
  open: ['open', 'opens'], close: ['close', 'closes'], amend: ['amend', 'amends'], cancel: ['cancel', 'cancels'], trigger: ['TP/SL trigger', 'TP/SL triggers'],
  stop: ['stop', 'stops'],
};

/** An amend's fill whose own average is unknown (its order had filled before the change). */
const inexact = (r: ExecutionReport): boolean => r.filledSize > 0 && r.averageFillPrice === null;

/** Key press -> send, ack, fill ("fill 15-40 ms" when the fills spread); a cancel or a trigger: send and ack only. */
export function latencyText(r: ExecutionReport): string {
  if (!followsFills(r.kind)) return `send ${msText(r.toSendMs)}, ack ${msText(r.toAckMs)}`;
  const spread = r.toLastFillMs !== null && r.toFirstFillMs !== null && Math.round(r.toLastFillMs) !== Math.round(r.toFirstFillMs);
  const fill = r.fillTimesUnknown
    ? 'fill time unknown (found by reconciling)'
    : r.toFirstFillMs === null
      ? 'no fill'
      : spread
        ? `fill ${msText(r.toFirstFillMs)}–${msText(r.toLastFillMs)}`
        : `fill ${msText(r.toFirstFillMs)}`;
  return `send ${msText(r.toSendMs)}, ack ${msText(r.toAckMs)}, ${fill}`;
}

/** The Journal's line of the report: slippage once filled, the estimate only for what was reviewed with one. */
export function executionLine(r: ExecutionReport): string {
  const mark = inexact(r) ? '—' : slippageText(r.vsMark);
  const est = r.kind === 'open' || r.vsEstimate !== null ? ` · vs est${r.partial ? ' of the part filled' : ''} ${slippageText(r.vsEstimate)}` : '';
  const slip = r.filledSize > 0 && followsFills(r.kind) ? ` · vs mark ${mark}${est}` : '';
  const kind = kindText(r);
  return `rq ${r.rq}${kind ? ` ${kind}` : ''} timed from the key: ${latencyText(r)}${slip}`;
}

/** Why the estimate line says "—" for a kind sent without a review estimate. */
const NO_ESTIMATE: Readonly<Record<ExecutionKind, string>> = {
  open: 'n/a',
  close: '— (a close is sent without a review estimate)',
  amend: '— (no estimate: none in its review, or the order had filled before the change)',
  cancel: '—',
  trigger: '—',
  stop: '—',
};

/** The detail page's section of the report. */
export function executionDetailLines(r: ExecutionReport, m: MarketWords): string[] {
  const kind = kindText(r);
  const head = `execution report${kind ? ` of a${/^[aeiou]/i.test(kind) ? 'n' : ''} ${kind}` : ''} (times from the key press that sent it; slippage: worse = cost to you)`;
  if (!followsFills(r.kind)) {
    const why = r.kind === 'cancel' ? 'a cancel fills nothing' : `a ${r.kind === 'stop' ? 'stop' : 'trigger'} fills when the price crosses it, not on the key`;
    return [head, `  key press -> sent ${msText(r.toSendMs)} · ack ${msText(r.toAckMs)} (timed to its ack: ${why})`];
  }
  const filled =
    r.filledSize <= 0
      ? '  not filled (yet)'
      : r.averageFillPrice !== null
        ? `  filled ${sizeText(r.filledSize, m)} @ ${priceText(r.averageFillPrice, m)} average`
        : `  filled ${sizeText(r.filledSize, m)} since the change (its average alone is not known: the order had filled before)`;
  return [
    head,
    `  key press -> sent ${msText(r.toSendMs)} · ack ${msText(r.toAckMs)} · first fill ${msText(r.toFirstFillMs)} · last fill ${msText(r.toLastFillMs)}`,
    filled,
    `  vs the mark at the key press: ${inexact(r) ? '—' : slippageText(r.vsMark)}`,
    `  vs the review's estimate:    ${r.vsEstimate === null ? NO_ESTIMATE[r.kind] : slippageText(r.vsEstimate)}${r.partial && r.vsEstimate !== null ? ' (its estimate for the size that filled)' : ''}`,
  ];
}
