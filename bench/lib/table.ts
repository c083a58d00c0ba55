// The printed table: one row per figure, optimized | baseline | ratio (optimized / baseline).

import type { Figures } from './probe-types.js';

function cell(v: number | undefined): string {
  if (v === undefined) return '-';
  if (Math.abs(v) >= 10_000) return Math.round(v).toLocaleString('en-US');
  return String(v);
}

export function printTable(scenarios: Record<string, { optimized: Figures; baseline: Figures }>, notes: Record<string, string[] | undefined>): void {
  const rows: string[][] = [['scenario', 'figure', 'optimized', 'baseline', 'opt/base']];
  for (const [name, s] of Object.entries(scenarios)) {
    const keys = [...new Set([...Object.keys(s.optimized), ...Object.keys(s.baseline)])];
    for (const k of keys) {
      const o = s.optimized[k];
      const b = s.baseline[k];
      const ratio = o !== undefined && b !== undefined && b !== 0 ? (o / b).toFixed(2) : '-';
      rows.push([name, k, cell(o), cell(b), ratio]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j >= 2 ? c.padStart(widths[j]!) : c.padEnd(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const [name, list] of Object.entries(notes)) for (const n of list ?? []) console.log(`note ${name}: ${n}`);
}
