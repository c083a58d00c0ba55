// The goals of the performance issues against a results file, as the README's Markdown table: a column
// per Node (its figure, its stock-Ink baseline, met or not), every goal judged on each Node apart.

import { DEFAULT_NODES, nodeSuffix } from './bench-nodes.js';
import { nodesOf, type ScenarioFigures } from './results-merge.js';

export interface Results {
  machine: { cpus: number; model: string; node: string; nodes?: Record<string, string>; quick?: number };
  scenarios: ScenarioFigures;
  run?: { seconds: number };
}

interface Goal {
  what: string;
  scenario: string;
  figure: string;
  /** The optimized figure must be at most this; `ofBaseline` / `ofFigure` make it a ratio. */
  max: number;
  /** A share of the stock-Ink baseline's same figure (the Node's own baseline, else the first Node's that ran one). */
  ofBaseline?: boolean;
  /** A multiple of another figure of the same run and Node. */
  ofFigure?: { figure: string; words: string };
}

export const GOALS: readonly Goal[] = [
  // Issue 20's bar (issue 8's first goals were 100 ms, 60 %, 2,000 ms and 3); issue 35's for the rest.
  { what: 'tick to screen p99, 2,000 updates/s', scenario: 'busy_book_2000', figure: 'tick_to_screen_p99_ms', max: 50 },
  { what: 'tick to screen p99, 2,000 updates/s, ladder open', scenario: 'busy_book_2000', figure: 'tick_to_screen_p99_ms_ladder', max: 50 },
  { what: 'tick to screen p99, 5,000 updates/s', scenario: 'busy_book_5000', figure: 'tick_to_screen_p99_ms', max: 50 },
  { what: 'backlog growing, 5,000 updates/s', scenario: 'busy_book_5000', figure: 'backlog_growing', max: 0 },
  { what: 'CPU % of one core, 2,000 updates/s', scenario: 'busy_book_2000', figure: 'cpu_pct', max: 25 },
  { what: 'CPU % of one core, 2,000 updates/s, ladder open', scenario: 'busy_book_2000', figure: 'cpu_pct_ladder', max: 25 },
  { what: 'CPU % of one core, 2,000 updates/s, Algos tab with a TWAP running', scenario: 'busy_book_2000', figure: 'cpu_pct_algos', max: 25 },
  { what: 'bytes/s to the terminal vs baseline', scenario: 'busy_book_2000', figure: 'bytes_per_s', max: 0.5, ofBaseline: true },
  { what: 'key to wire p99 over >= 300 orders (ms)', scenario: 'key_to_wire', figure: 'key_to_wire_p99_ms', max: 5 },
  { what: 'key to wire p99, from the key read (ms)', scenario: 'key_to_wire', figure: 'key_handled_to_wire_p99_ms', max: 5 },
  {
    what: 'key to wire p99 vs from the key read',
    scenario: 'key_to_wire',
    figure: 'key_to_wire_p99_ms',
    max: 1.3,
    ofFigure: { figure: 'key_handled_to_wire_p99_ms', words: 'from the key read' },
  },
  { what: 'start to first live frame vs baseline (ms)', scenario: 'start', figure: 'first_live_frame_ms', max: 0.7, ofBaseline: true },
  { what: 'resident memory after 5 min, terminal alone (MB)', scenario: 'soak', figure: 'rss_mb', max: 110 },
  { what: 'soak RSS growth over 5 min (MB)', scenario: 'soak', figure: 'rss_growth_mb', max: 20 },
  { what: 'ingest vs JSON.parse floor', scenario: 'ingest', figure: 'floor_ratio', max: 2 },
];

function cell(v: number | undefined): string {
  return v === undefined ? '-' : Math.abs(v) >= 10_000 ? Math.round(v).toLocaleString('en-US') : String(v);
}

/** The Nodes the table has a column for: the bench's default two and any other the file measured, oldest first. */
export function tableNodes(r: Results): number[] {
  const measured = Object.keys(nodesOf(r.machine)).map(Number);
  return [...new Set([...DEFAULT_NODES, ...measured])].sort((a, b) => a - b);
}

/** The baseline a ratio goal compares a Node with: its own, else that of the first Node (of `nodes`) that has one. */
function baselineFor(r: Results, g: Goal, major: number, nodes: readonly number[]): number | undefined {
  const b = r.scenarios[g.scenario]?.baseline ?? {};
  return b[g.figure + nodeSuffix(major)] ?? nodes.map((n) => b[g.figure + nodeSuffix(n)]).find((v) => v !== undefined);
}

/** One Node's cells of a goal: the figure (with its ratio), the Node's own baseline, met. */
function nodeCells(r: Results, g: Goal, major: number, nodes: readonly number[]): [string, string, string] {
  const sfx = nodeSuffix(major);
  const s = r.scenarios[g.scenario];
  const o = s?.optimized[g.figure + sfx];
  const own = s?.baseline[g.figure + sfx];
  const ref = g.ofBaseline ? baselineFor(r, g, major, nodes) : g.ofFigure ? s?.optimized[g.ofFigure.figure + sfx] : undefined;
  const ratio = o !== undefined && ref ? o / ref : undefined;
  const measured = g.ofBaseline || g.ofFigure ? ratio : o;
  const met = measured === undefined ? '?' : measured <= g.max ? 'yes' : 'no';
  const shown =
    ratio === undefined ? cell(o) : g.ofBaseline ? `${cell(o)} (${Math.round(ratio * 100)} %)` : `${cell(o)} (${ratio.toFixed(2)}x)`;
  return [shown, cell(own), met];
}

function target(g: Goal): string {
  if (g.ofBaseline) return `<= ${Math.round(g.max * 100)} % of baseline`;
  if (g.ofFigure) return `<= ${g.max}x ${g.ofFigure.words}`;
  return `<= ${g.max}`;
}

export function goalsTable(r: Results): string {
  const nodes = tableNodes(r);
  const versions = nodesOf(r.machine);
  const head = ['goal', 'target', ...nodes.flatMap((n) => [`Node ${n}`, 'baseline', 'met'])];
  const align = ['---', '---:', ...nodes.flatMap(() => ['---:', '---:', ':---:'])];
  const rows = [`| ${head.join(' | ')} |`, `|${align.join('|')}|`];
  for (const g of GOALS) rows.push(`| ${[g.what, target(g), ...nodes.flatMap((n) => nodeCells(r, g, n, nodes))].join(' | ')} |`);
  const m = r.machine;
  const ran = nodes.map((n) => `Node ${n} ${versions[String(n)] ?? 'not measured'}`).join(', ');
  rows.push(
    '',
    `${m.quick ? '**A BENCH_QUICK smoke run, not a measurement.** ' : ''}${m.cpus} x ${m.model}; ${ran}${r.run ? `; whole run ${r.run.seconds} s` : ''}. ` +
      "A Node's baseline is its own stock-Ink run where it has one (start); a ratio on a Node without one uses the first Node's. " +
      'Every figure is in `bench/results/latest.json` (Node 24\'s suffixed `_node24`).',
  );
  return rows.join('\n');
}
