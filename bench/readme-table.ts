// `npm run bench:readme`: the goals of issues 8 and 20 against bench/results/latest.json, as the Markdown table
// between the README's bench markers (rewritten in place; the rest of the README is left alone).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figures } from './lib/probe-types.js';
import { ROOT } from './lib/sim-child.js';

interface Results {
  machine: { cpus: number; model: string; node: string };
  scenarios: Record<string, { optimized: Figures; baseline: Figures }>;
  run?: { seconds: number };
}

interface Goal {
  what: string;
  scenario: string;
  figure: string;
  /** The optimized figure must be at most this; `ofBaseline` makes it a share of the baseline's. */
  max: number;
  ofBaseline?: boolean;
}

const GOALS: readonly Goal[] = [
  // Issue 20's bar (issue 8's first goals were 100 ms, 60 %, 2,000 ms and 3).
  { what: 'tick to screen p99, 2,000 updates/s', scenario: 'busy_book_2000', figure: 'tick_to_screen_p99_ms', max: 50 },
  { what: 'tick to screen p99, 2,000 updates/s, ladder open', scenario: 'busy_book_2000', figure: 'tick_to_screen_p99_ms_ladder', max: 50 },
  { what: 'tick to screen p99, 5,000 updates/s', scenario: 'busy_book_5000', figure: 'tick_to_screen_p99_ms', max: 50 },
  { what: 'backlog growing, 5,000 updates/s', scenario: 'busy_book_5000', figure: 'backlog_growing', max: 0 },
  { what: 'CPU % of one core, 2,000 updates/s', scenario: 'busy_book_2000', figure: 'cpu_pct', max: 25 },
  { what: 'bytes/s to the terminal vs baseline', scenario: 'busy_book_2000', figure: 'bytes_per_s', max: 0.5, ofBaseline: true },
  { what: 'key to wire p99 over >= 300 orders (ms)', scenario: 'key_to_wire', figure: 'key_to_wire_p99_ms', max: 5 },
  { what: 'key to wire p99, from the key read (ms)', scenario: 'key_to_wire', figure: 'key_handled_to_wire_p99_ms', max: 5 },
  { what: 'start to first live frame (ms)', scenario: 'start', figure: 'first_live_frame_ms', max: 700 },
  { what: 'resident memory after 5 min, terminal alone (MB)', scenario: 'soak', figure: 'rss_mb', max: 110 },
  { what: 'soak RSS growth over 5 min (MB)', scenario: 'soak', figure: 'rss_growth_mb', max: 20 },
  { what: 'ingest vs JSON.parse floor', scenario: 'ingest', figure: 'floor_ratio', max: 2 },
];

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

function cell(v: number | undefined): string {
  return v === undefined ? '-' : Math.abs(v) >= 10_000 ? Math.round(v).toLocaleString('en-US') : String(v);
}

export function goalsTable(r: Results): string {
  const rows = ['| goal | optimized | baseline | target | met |', '|---|---:|---:|---:|:---:|'];
  for (const g of GOALS) {
    const s = r.scenarios[g.scenario];
    const o = s?.optimized[g.figure];
    const b = s?.baseline[g.figure];
    const measured = g.ofBaseline ? (o !== undefined && b ? o / b : undefined) : o;
    const target = g.ofBaseline ? `<= ${g.max * 100} % of baseline` : `<= ${g.max}`;
    const met = measured === undefined ? '?' : measured <= g.max ? 'yes' : 'no';
    const shown = g.ofBaseline && measured !== undefined ? `${cell(o)} (${Math.round(measured * 100)} %)` : cell(o);
    rows.push(`| ${g.what} | ${shown} | ${cell(b)} | ${target} | ${met} |`);
  }
  const m = r.machine;
  rows.push('', `${m.cpus} x ${m.model}, Node ${m.node}${r.run ? `, whole run ${r.run.seconds} s` : ''}; every figure is in \`bench/results/latest.json\`.`);
  return rows.join('\n');
}

function main(): void {
  const results = JSON.parse(readFileSync(join(ROOT, 'bench', 'results', 'latest.json'), 'utf8')) as Results;
  const readmePath = join(ROOT, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  writeFileSync(readmePath, `${readme.slice(0, from + START.length)}\n${goalsTable(results)}\n${readme.slice(to)}`);
  console.log(goalsTable(results));
}

main();
