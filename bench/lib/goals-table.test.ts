import { describe, expect, it } from 'vitest';
import { goalsTable, type Results } from './goals-table.js';

const machine = { cpus: 2, model: 'AMD EPYC', node: 'v20.20.2', nodes: { '20': 'v20.20.2', '24': 'v24.11.1' } };

/** The cells of the goal row that starts with `what`, split on the Markdown bars. */
function row(table: string, what: string): string[] {
  const line = table.split('\n').find((l) => l.startsWith(`| ${what} |`));
  if (!line) throw new Error(`no row ${what}`);
  return line.split('|').slice(1, -1).map((c) => c.trim());
}

describe('the README goals table', () => {
  it('node24-met-judged-by-node20-figure: each Node is judged on its own figure', () => {
    const r: Results = {
      machine,
      scenarios: { busy_book_2000: { optimized: { cpu_pct: 23.4, cpu_pct_node24: 31.2, cpu_pct_algos: 24, cpu_pct_algos_node24: 26 }, baseline: { cpu_pct: 114.7 } } },
    };
    const t = goalsTable(r);
    expect(t.split('\n')[0]).toBe('| goal | target | Node 20 | baseline | met | Node 24 | baseline | met |');
    expect(row(t, 'CPU % of one core, 2,000 updates/s')).toEqual(['CPU % of one core, 2,000 updates/s', '<= 25', '23.4', '114.7', 'yes', '31.2', '-', 'no']);
    expect(row(t, 'CPU % of one core, 2,000 updates/s, Algos tab with a TWAP running').slice(2)).toEqual(['24', '-', 'yes', '26', '-', 'no']);
  });

  it('start-judged-against-the-other-nodes-baseline: start compares each Node with its own stock-Ink start', () => {
    const r: Results = {
      machine,
      scenarios: { start: { optimized: { first_live_frame_ms: 500, first_live_frame_ms_node24: 500 }, baseline: { first_live_frame_ms: 1000, first_live_frame_ms_node24: 600 } } },
    };
    // 500 / 1000 = 50 % on Node 20 (met); 500 / 600 = 83 % on Node 24 (not met, though 50 % of Node 20's baseline).
    expect(row(goalsTable(r), 'start to first live frame vs baseline (ms)').slice(1)).toEqual(['<= 70 % of baseline', '500 (50 %)', '1000', 'yes', '500 (83 %)', '600', 'no']);
  });

  it('bytes-ratio-unknown-without-a-node24-baseline: a Node without its own baseline run is compared with the first Node’s', () => {
    const r: Results = { machine, scenarios: { busy_book_2000: { optimized: { bytes_per_s: 60_000, bytes_per_s_node24: 200_000 }, baseline: { bytes_per_s: 300_000 } } } };
    expect(row(goalsTable(r), 'bytes/s to the terminal vs baseline').slice(2)).toEqual(['60,000 (20 %)', '300,000', 'yes', '200,000 (67 %)', '-', 'no']);
  });

  it('key-wait-ratio-from-another-node: key to wire is judged against the same Node’s p99 from the key read', () => {
    const r: Results = {
      machine,
      scenarios: { key_to_wire: { optimized: { key_to_wire_p99_ms: 5, key_handled_to_wire_p99_ms: 4, key_to_wire_p99_ms_node24: 9, key_handled_to_wire_p99_ms_node24: 4.5 }, baseline: {} } },
    };
    expect(row(goalsTable(r), 'key to wire p99 vs from the key read').slice(2)).toEqual(['5 (1.25x)', '-', 'yes', '9 (2.00x)', '-', 'no']);
  });

  it('results-before-node24-break-the-table: a file of Node 20 alone shows Node 24 unknown, not met', () => {
    const r: Results = { machine: { cpus: 2, model: 'AMD EPYC', node: 'v20.20.2' }, scenarios: { soak: { optimized: { rss_mb: 136.2 }, baseline: { rss_mb: 547.9 } } } };
    const t = goalsTable(r);
    expect(row(t, 'resident memory after 5 min, terminal alone (MB)').slice(2)).toEqual(['136.2', '547.9', 'no', '-', '-', '?']);
    expect(t).toContain('Node 20 v20.20.2, Node 24 not measured');
  });

  it('smoke-run-figures-read-as-measured: a BENCH_QUICK file says so under the table', () => {
    expect(goalsTable({ machine: { ...machine, quick: 1 }, scenarios: {} })).toContain('**A BENCH_QUICK smoke run, not a measurement.**');
    expect(goalsTable({ machine, scenarios: {} })).not.toContain('BENCH_QUICK');
  });
});
