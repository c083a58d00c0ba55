// `npm run bench:readme`: the goals of the performance issues against bench/results/latest.json, as the Markdown
// table between the README's bench markers (rewritten in place; the rest of the README is left alone).
// BENCH_OUT=file.json reads another results file under bench/results/; --print only prints the table.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goalsTable, type Results } from './lib/goals-table.js';
import { ROOT } from './lib/sim-child.js';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

function main(): void {
  const results = JSON.parse(readFileSync(join(ROOT, 'bench', 'results', process.env.BENCH_OUT ?? 'latest.json'), 'utf8')) as Results;
  const table = goalsTable(results);
  console.log(table);
  if (process.argv.includes('--print')) return;
  const readmePath = join(ROOT, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  writeFileSync(readmePath, `${readme.slice(0, from + START.length)}\n${table}\n${readme.slice(to)}`);
}

main();
