// A partial run (BENCH_ONLY some scenarios, BENCH_NODES some Nodes) re-measures part of the results file:
// its figures replace those of the scenarios and Nodes it ran; every other figure stays as the file has it.

import { nodeOfFigure } from './bench-nodes.js';
import type { Figures } from './probe-types.js';

export type ModeFigures = { optimized: Figures; baseline: Figures };
export type ScenarioFigures = Record<string, ModeFigures>;

export interface PartialRun {
  scenarios: ScenarioFigures;
  notes: Record<string, string[]>;
  /** The scenarios this run ran (null = all it has). */
  ranScenarios: ReadonlySet<string> | null;
  /** The Node majors this run measured. */
  ranNodes: readonly number[];
}

export interface KeptResults {
  scenarios?: ScenarioFigures;
  notes?: Record<string, string[]>;
}

const ran = (name: string, run: PartialRun): boolean => run.ranScenarios === null || run.ranScenarios.has(name);

function mergeFigures(kept: Figures | undefined, fresh: Figures | undefined, ranNodes: readonly number[]): Figures {
  const out: Figures = {};
  for (const [name, v] of Object.entries(kept ?? {})) if (!ranNodes.includes(nodeOfFigure(name))) out[name] = v;
  return { ...out, ...fresh };
}

export function mergeResults(kept: KeptResults | null, run: PartialRun): { scenarios: ScenarioFigures; notes: Record<string, string[]> } {
  const scenarios: ScenarioFigures = { ...kept?.scenarios };
  for (const [name, fresh] of Object.entries(run.scenarios)) {
    if (!ran(name, run)) continue;
    const old = kept?.scenarios?.[name];
    scenarios[name] = {
      optimized: mergeFigures(old?.optimized, fresh.optimized, run.ranNodes),
      baseline: mergeFigures(old?.baseline, fresh.baseline, run.ranNodes),
    };
  }
  const notes: Record<string, string[]> = { ...kept?.notes };
  for (const [name, list] of Object.entries(run.notes)) if (ran(name, run)) notes[name] = list;
  return { scenarios, notes };
}

/** The Node versions a results file measured: `nodes` where it has them, else its one `node` (files before Node 24). */
export function nodesOf(machine: { node: string; nodes?: Record<string, string> }): Record<string, string> {
  return machine.nodes ?? { [String(Number(machine.node.replace(/^v/, '').split('.')[0]))]: machine.node };
}
