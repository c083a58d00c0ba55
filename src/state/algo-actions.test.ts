import { describe, expect, it } from 'vitest';
import type { AlgoRow } from '../domain/algos/algo-row.js';
import { publishAlgos } from './algo-actions.js';
import { createTerminalStore } from './store.js';

const row: AlgoRow = { id: 'tw1', kind: 'twap', marketId: 16, side: 'long', target: 100, filled: 0, status: 'running', complete: false, reason: '', arrivalMark: 670_000, avgPrice: null, next: 'slice 1 of 3 now', children: 0 };

describe('publishAlgos', () => {
  it('unchanged-rows-do-not-repaint: the same rows again leave the slice (and its identity) as it was', () => {
    const store = createTerminalStore();
    expect(publishAlgos(store, [row])).toBe(true);
    const first = store.getState().algos;
    expect(publishAlgos(store, [{ ...row }])).toBe(false);
    expect(store.getState().algos).toBe(first);
    expect(publishAlgos(store, [{ ...row, filled: 33 }])).toBe(true);
    expect(store.getState().algos[0]!.filled).toBe(33);
  });
});
