// Chaos figures shared by the chaos files of one vitest worker: every run adds what it injected and saw,
// and each file prints the totals when it ends (the issue's "figures printed at the end").

import type { FaultEvent } from '../../src/sim/faults/injector.js';

export const LONG = process.env.PERPL_CHAOS === 'long';

export interface RunFigures {
  name: string;
  chaosMs: number;
  faults: FaultEvent[];
  reconnects: number;
  ordersSent: number;
  refusedWhileLocked: number;
  duplicates: number;
  mismatches: number;
  staleSamples: number;
}

const runs: RunFigures[] = [];

export function record(run: RunFigures): void {
  runs.push(run);
}

export function summary(title: string): string {
  const kinds = new Map<string, number>();
  for (const r of runs) for (const f of r.faults) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  const sum = (k: keyof Omit<RunFigures, 'name' | 'faults'>) => runs.reduce((n, r) => n + r[k], 0);
  const lines = [
    `${title}: ${runs.length} runs, ${(sum('chaosMs') / 60_000).toFixed(2)} min of chaos`,
    `  faults injected: ${runs.reduce((n, r) => n + r.faults.length, 0)} (${[...kinds].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'})`,
    `  reconnects: ${sum('reconnects')}, orders sent: ${sum('ordersSent')}, refused while locked: ${sum('refusedWhileLocked')}, stale/resyncing samples: ${sum('staleSamples')}`,
    `  duplicates: ${sum('duplicates')}, mismatches: ${sum('mismatches')}`,
    ...runs.map((r) => `  - ${r.name}: ${(r.chaosMs / 1000).toFixed(1)} s, ${r.faults.length} faults, ${r.reconnects} reconnects, ${r.ordersSent} orders`),
  ];
  return lines.join('\n');
}
