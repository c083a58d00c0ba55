// `:stats`: the session's execution reports summed up (domain/trading/execution-stats.ts), as the lines of
// the detail page: latencies (median, p90, how many) and the average slippage, for every market together
// and, when more than one traded, for each. Pure.

import { summarizeByMarket, type ExecutionSummary, type LatencySummary, type SlippageSummary } from '../../domain/trading/execution-stats.js';
import type { ExecutionReport } from '../../domain/trading/execution-report.js';
import { KIND_PLURALS, bpsText, msText } from '../../domain/trading/execution-words.js';
import { formatAtoms } from '../../protocol/scaling.js';
import { absBigint } from '../../lib/bigint-math.js';
import type { Market } from '../../protocol/frames.js';
import { marketWords } from '../../domain/trading/order-words.js';

const direction = (v: bigint): string => (v > 0n ? 'worse' : v < 0n ? 'better' : 'even');

function latencyRow(name: string, l: LatencySummary): string {
  return `  ${name.padEnd(18)}${msText(l.median).padStart(9)}${msText(l.p90).padStart(10)}${String(l.count).padStart(6)}`;
}

function slippageRow(name: string, s: SlippageSummary): string {
  if (s.count === 0) return `  ${name.padEnd(18)}n/a (no fill with a reference)`;
  return `  ${name.padEnd(18)}average ${bpsText(s.averageBpsHundredths)} ${direction(s.averageBpsHundredths)}, total ${formatAtoms(absBigint(s.totalAtoms), 4)} ${direction(s.totalAtoms)} (${s.count} ${s.count === 1 ? 'order' : 'orders'})`;
}

function summaryLines(s: ExecutionSummary, title: string): string[] {
  return [
    `${title}: ${s.orders} ${s.orders === 1 ? 'order' : 'orders'}, ${s.filled} filled · ${s.kinds.map(([k, n]) => `${n} ${KIND_PLURALS[k][n === 1 ? 0 : 1]}`).join(', ')}`,
    `  ${'from the key press'.padEnd(18)}${'median'.padStart(9)}${'p90'.padStart(10)}${'n'.padStart(6)}`,
    latencyRow('to sent', s.toSend),
    latencyRow('to ack', s.toAck),
    latencyRow('to first fill', s.toFirstFill),
    latencyRow('to last fill', s.toLastFill),
    slippageRow('vs mark at key', s.vsMark),
    slippageRow('vs review est.', s.vsEstimate),
  ];
}

export function statsLines(reports: readonly ExecutionReport[], markets: readonly Market[]): string[] {
  if (reports.length === 0) return ['no order sent from this terminal yet this session: each one sent with a key gets timed here'];
  const name = (id: number | null): string => (id === null ? 'all markets' : marketWords(markets.find((m) => m.id === id), id).label);
  return [
    'orders sent from this terminal this session (opens, closes, amends, cancels, TP/SL, panic); percentiles are nearest-rank; slippage worse = cost to you',
    ...summarizeByMarket(reports).flatMap((s) => ['', ...summaryLines(s, name(s.marketId))]),
  ];
}
