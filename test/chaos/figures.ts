// Chaos figures: every run adds what it injected and saw; each file prints its totals when it ends, and
// each run's figures ride on its test's meta to the summary reporter, which prints the totals of the
// whole run across files (the issue's "figures printed at the end").

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

/** What one run tells the reporter: the figures with its faults counted by kind (meta is serialised). */
export type ChaosMeta = Omit<RunFigures, 'faults'> & { faultsByKind: Record<string, number> };

declare module 'vitest' {
  interface TaskMeta {
    chaos?: ChaosMeta;
  }
}

const runs: RunFigures[] = [];

/** Keeps the run for this file's summary and hands it to the reporter on `task`'s meta. */
export function record(run: RunFigures, task: { meta: { chaos?: ChaosMeta } }): void {
  runs.push(run);
  const faultsByKind: Record<string, number> = {};
  for (const f of run.faults) faultsByKind[f.kind] = (faultsByKind[f.kind] ?? 0) + 1;
  const { faults: _faults, ...rest } = run;
  task.meta.chaos = { ...rest, faultsByKind };
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
