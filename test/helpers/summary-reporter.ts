// Prints one plain closing line, "N passed, N failed[, N skipped]", that any CI log reader understands,
// and before it, when chaos runs took part, their figures summed over every file (test/chaos/figures.ts).
import type { Reporter, TestModule } from 'vitest/node';
import type { ChaosMeta } from '../chaos/figures.js';

function chaosTotals(runs: readonly ChaosMeta[]): string {
  const kinds = new Map<string, number>();
  for (const r of runs) for (const [k, n] of Object.entries(r.faultsByKind)) kinds.set(k, (kinds.get(k) ?? 0) + n);
  const sum = (k: 'chaosMs' | 'reconnects' | 'ordersSent' | 'refusedWhileLocked' | 'duplicates' | 'mismatches') => runs.reduce((n, r) => n + r[k], 0);
  const faults = [...kinds.values()].reduce((a, b) => a + b, 0);
  return [
    `chaos, all files: ${runs.length} runs, ${(sum('chaosMs') / 60_000).toFixed(2)} min of chaos, ${faults} faults injected (${[...kinds].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'})`,
    `  reconnects ${sum('reconnects')}, orders sent ${sum('ordersSent')}, refused while locked ${sum('refusedWhileLocked')}, duplicates ${sum('duplicates')}, mismatches ${sum('mismatches')}`,
  ].join('\n');
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const chaos: ChaosMeta[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const run = test.meta().chaos;
        if (run) chaos.push(run);
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    if (chaos.length > 0) process.stdout.write(`\n${chaosTotals(chaos)}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
