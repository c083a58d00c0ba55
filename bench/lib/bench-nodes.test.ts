import { describe, expect, it } from 'vitest';
import { nodeOfFigure, nodeSuffix, parseBenchNodes } from './bench-nodes.js';

describe('BENCH_NODES', () => {
  it('unset-bench-nodes-measures-only-one-node: unset or empty means Node 20 and Node 24, in that order', () => {
    expect(parseBenchNodes(undefined)).toEqual([20, 24]);
    expect(parseBenchNodes(' ')).toEqual([20, 24]);
  });

  it('bench-nodes-order-and-spelling-kept: the order given, each Node once, "node24" and "v24" read as 24', () => {
    expect(parseBenchNodes('24')).toEqual([24]);
    expect(parseBenchNodes('node24, 20,v24')).toEqual([24, 20]);
  });

  it('bench-nodes-typo-runs-silently-on-a-default: a word that is no Node major is refused, naming it', () => {
    expect(() => parseBenchNodes('20,latest')).toThrow(/"latest" is not a Node major/);
  });
});

describe('the figures of each Node', () => {
  it('node20-figures-renamed-for-older-readers: Node 20 keeps the plain names, another Node its suffix', () => {
    expect(nodeSuffix(20)).toBe('');
    expect(nodeSuffix(24)).toBe('_node24');
  });

  it('side-run-figure-taken-for-another-node: a figure is the Node of its last suffix, a side run suffix alone is Node 20', () => {
    expect(nodeOfFigure('cpu_pct')).toBe(20);
    expect(nodeOfFigure('cpu_pct_ladder_80x24')).toBe(20);
    expect(nodeOfFigure('cpu_pct_ladder_node24')).toBe(24);
    expect(nodeOfFigure(`tick_to_screen_p99_ms_algos${nodeSuffix(24)}`)).toBe(24);
  });
});
