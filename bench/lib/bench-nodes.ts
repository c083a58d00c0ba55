// The Nodes the bench measures the terminal on (BENCH_NODES=20,24, default both): Node 20, the oldest
// supported, and Node 24, what users run. A Node other than the bench's own is installed as CI installs it
// (.ci/run: the npm registry's `node` package into a throwaway prefix). Figures of Node 20 keep their plain
// names, as every earlier results file has them; another Node's carry its suffix (cpu_pct_node24).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** The Node whose figures have no suffix. */
export const REFERENCE_NODE = 20;
export const DEFAULT_NODES: readonly number[] = [20, 24];

export interface BenchNode {
  major: number;
  /** The node binary that runs the measured processes. */
  bin: string;
  version: string;
}

/** BENCH_NODES ("20,24", "24", "node24"): the majors in order, each once; unset or empty = both. */
export function parseBenchNodes(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return [...DEFAULT_NODES];
  const majors: number[] = [];
  for (const word of text.split(',')) {
    const m = /^\s*(?:node|v)?(\d+)\s*$/i.exec(word);
    if (!m) throw new Error(`BENCH_NODES: "${word.trim()}" is not a Node major version (e.g. BENCH_NODES=20,24)`);
    const major = Number(m[1]);
    if (!majors.includes(major)) majors.push(major);
  }
  return majors;
}

/** The suffix of a Node's figures: none for the reference Node, `_node24` for Node 24. */
export function nodeSuffix(major: number): string {
  return major === REFERENCE_NODE ? '' : `_node${major}`;
}

/** The Node a figure name belongs to (its suffix, or the reference Node). */
export function nodeOfFigure(name: string): number {
  const m = /_node(\d+)$/.exec(name);
  return m ? Number(m[1]) : REFERENCE_NODE;
}

export interface ResolvedNodes {
  nodes: BenchNode[];
  /** Majors that could not be installed, each with why: the run goes on without them. */
  missing: Array<{ major: number; why: string }>;
  /** Removes the throwaway installs. */
  cleanup(): void;
}

const ownMajor = (): number => Number(process.versions.node.split('.')[0]);

/** The bench's own node for its own major; any other from the npm registry, as CI installs Node 24. */
export function resolveNodes(majors: readonly number[], log: (line: string) => void): ResolvedNodes {
  const nodes: BenchNode[] = [];
  const missing: ResolvedNodes['missing'] = [];
  const prefixes: string[] = [];
  for (const major of majors) {
    if (major === ownMajor()) {
      nodes.push({ major, bin: process.execPath, version: process.version });
      continue;
    }
    const prefix = mkdtempSync(join(os.tmpdir(), `perpl-bench-node${major}-`));
    prefixes.push(prefix);
    try {
      log(`installing Node ${major} (npm install node@${major} into ${prefix})`);
      execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', `node@${major}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 180_000,
      });
      const bin = join(prefix, 'node_modules', 'node', 'bin', 'node');
      const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
      if (!version.startsWith(`v${major}.`)) throw new Error(`the node package gave ${version}`);
      nodes.push({ major, bin, version });
    } catch (e) {
      const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' / ');
      missing.push({ major, why: stderr || (e instanceof Error ? e.message : String(e)) });
    }
  }
  return {
    nodes,
    missing,
    cleanup: () => {
      for (const p of prefixes) rmSync(p, { recursive: true, force: true });
    },
  };
}
