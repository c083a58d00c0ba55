import { describe, expect, it } from 'vitest';
import { mergeResults, nodesOf, type ScenarioFigures } from './results-merge.js';

const kept: ScenarioFigures = {
  start: { optimized: { first_live_frame_ms: 845, first_live_frame_ms_node24: 700 }, baseline: { first_live_frame_ms: 828, first_live_frame_ms_node24: 800 } },
  soak: { optimized: { rss_mb: 136, rss_mb_node24: 140 }, baseline: { rss_mb: 547 } },
};

describe('a partial run merged into the results file', () => {
  it('node24-run-drops-node20-figures: a Node 24 run of start replaces Node 24 figures and keeps those of Node 20', () => {
    const fresh: ScenarioFigures = { start: { optimized: { first_live_frame_ms_node24: 500 }, baseline: { first_live_frame_ms_node24: 790 } } };
    const out = mergeResults({ scenarios: kept }, { scenarios: fresh, notes: {}, ranScenarios: new Set(['start']), ranNodes: [24] });
    expect(out.scenarios.start).toEqual({
      optimized: { first_live_frame_ms: 845, first_live_frame_ms_node24: 500 },
      baseline: { first_live_frame_ms: 828, first_live_frame_ms_node24: 790 },
    });
    expect(out.scenarios.soak).toEqual(kept.soak);
  });

  it('rerun-keeps-stale-figures-of-its-node: a figure the re-run Node no longer measures is gone, not left from the older run', () => {
    const fresh: ScenarioFigures = { soak: { optimized: { rss_mb: 120 }, baseline: {} } };
    const out = mergeResults({ scenarios: kept }, { scenarios: fresh, notes: {}, ranScenarios: new Set(['soak']), ranNodes: [20] });
    expect(out.scenarios.soak).toEqual({ optimized: { rss_mb: 120, rss_mb_node24: 140 }, baseline: {} });
  });

  it('bench-only-run-overwrites-other-scenarios: scenarios the run did not run stay as the file has them, notes too', () => {
    const fresh: ScenarioFigures = { start: { optimized: { first_live_frame_ms: 1 }, baseline: {} }, soak: { optimized: { rss_mb: 1 }, baseline: {} } };
    const out = mergeResults(
      { scenarios: kept, notes: { soak: ['kept note'], start: ['old'] } },
      { scenarios: fresh, notes: { start: ['new'], soak: ['not run'] }, ranScenarios: new Set(['start']), ranNodes: [20, 24] },
    );
    expect(out.scenarios.soak).toEqual(kept.soak);
    expect(out.scenarios.start?.optimized).toEqual({ first_live_frame_ms: 1 });
    expect(out.notes).toEqual({ soak: ['kept note'], start: ['new'] });
  });

  it('no-results-file-loses-the-run: without a file to keep, the run is the whole result', () => {
    const fresh: ScenarioFigures = { start: { optimized: { first_live_frame_ms: 1 }, baseline: {} } };
    expect(mergeResults(null, { scenarios: fresh, notes: {}, ranScenarios: null, ranNodes: [20] }).scenarios).toEqual(fresh);
  });
});

describe('the Nodes of a results file', () => {
  it('results-before-node24-read-as-no-node: a file with only machine.node measured that Node', () => {
    expect(nodesOf({ node: 'v20.20.2' })).toEqual({ '20': 'v20.20.2' });
    expect(nodesOf({ node: 'v20.20.2', nodes: { '20': 'v20.20.2', '24': 'v24.11.1' } })).toEqual({ '20': 'v20.20.2', '24': 'v24.11.1' });
  });
});
