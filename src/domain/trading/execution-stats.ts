// The session's execution reports summed up (`:stats`): how many orders, the median and 90th percentile of
// each latency, and the average slippage against the mark and the estimate, over all markets and per
// market. Percentiles are nearest-rank (the value of an order that happened, never an interpolation).
// Pure; money stays atoms (bigint).

import type { ExecutionKind, ExecutionReport, Slippage } from './execution-report.js';

/** Nearest-rank percentile (0 < p <= 100) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export interface LatencySummary {
  /** Orders that reached this step. */
  count: number;
  median: number | null;
  p90: number | null;
}

export interface SlippageSummary {
  /** Orders with a fill and a reference. */
  count: number;
  /** Mean over them, hundredths of a bps, positive = worse; toward zero. */
  averageBpsHundredths: bigint;
  /** Sum over them, atoms, positive = worse. */
  totalAtoms: bigint;
}

export interface ExecutionSummary {
  /** null: every market. */
  marketId: number | null;
  orders: number;
  /** How many of each kind (opens, closes, amends, cancels, TP/SL triggers), in that order; kinds with none left out. */
  kinds: Array<[ExecutionKind, number]>;
  filled: number;
  toSend: LatencySummary;
  toAck: LatencySummary;
  toFirstFill: LatencySummary;
  toLastFill: LatencySummary;
  vsMark: SlippageSummary;
  vsEstimate: SlippageSummary;
}

const KIND_ORDER: readonly ExecutionKind[] = ['open', 'close', 'amend', 'cancel', 'trigger', 'stop'];

function latency(values: ReadonlyArray<number | null>): LatencySummary {
  const seen = values.filter((v): v is number => v !== null);
  return { count: seen.length, median: percentile(seen, 50), p90: percentile(seen, 90) };
}

function slippage(values: ReadonlyArray<Slippage | null>): SlippageSummary {
  const seen = values.filter((v): v is Slippage => v !== null);
  const bps = seen.reduce((sum, s) => sum + s.bpsHundredths, 0n);
  return {
    count: seen.length,
    averageBpsHundredths: seen.length === 0 ? 0n : bps / BigInt(seen.length),
    totalAtoms: seen.reduce((sum, s) => sum + s.atoms, 0n),
  };
}

export function summarize(reports: readonly ExecutionReport[], marketId: number | null = null): ExecutionSummary {
  const rs = marketId === null ? reports : reports.filter((r) => r.marketId === marketId);
  return {
    marketId,
    orders: rs.length,
    kinds: KIND_ORDER.map((k): [ExecutionKind, number] => [k, rs.filter((r) => r.kind === k).length]).filter(([, n]) => n > 0),
    filled: rs.filter((r) => r.filledSize > 0).length,
    toSend: latency(rs.map((r) => r.toSendMs)),
    toAck: latency(rs.map((r) => r.toAckMs)),
    toFirstFill: latency(rs.map((r) => r.toFirstFillMs)),
    toLastFill: latency(rs.map((r) => r.toLastFillMs)),
    vsMark: slippage(rs.map((r) => r.vsMark)),
    vsEstimate: slippage(rs.map((r) => r.vsEstimate)),
  };
}

/** Every market's summary (in the order they first traded), after the whole session's. */
export function summarizeByMarket(reports: readonly ExecutionReport[]): ExecutionSummary[] {
  const markets = [...new Set(reports.map((r) => r.marketId))];
  return [summarize(reports), ...(markets.length > 1 ? markets.map((m) => summarize(reports, m)) : [])];
}
