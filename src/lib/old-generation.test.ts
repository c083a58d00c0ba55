import { describe, expect, it } from 'vitest';
import { limitOldGenerationGrowth, OLD_GENERATION_GROWTH_PERCENT } from './old-generation.js';

describe('limitOldGenerationGrowth', () => {
  it('old-generation-growth-fixed-at-a-quarter: V8 is told a fixed growth between full collections, not its own up-to-4x', () => {
    const flags: string[] = [];
    limitOldGenerationGrowth(undefined, (f) => flags.push(f));
    expect(OLD_GENERATION_GROWTH_PERCENT).toBe(25);
    expect(flags).toEqual(['--heap-growing-percent=25']);
  });
});
