import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockTrace, parseBlockTrace } from './block-trace.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('block trace', () => {
  it('heartbeat-send-time-rounded-to-the-block-second: each block is traced with the wall time it left, ms with fractions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpl-block-trace-'));
    dirs.push(dir);
    const file = join(dir, 'blocks.txt');
    const trace = new BlockTrace(file);
    const before = Date.now();
    trace.sending(1_000_000);
    trace.sending(1_000_001);
    const after = Date.now();
    trace.close();
    trace.sending(1_000_002);
    const sent = parseBlockTrace(readFileSync(file, 'utf8'));
    expect([...sent.keys()]).toEqual([1_000_000, 1_000_001]);
    for (const at of sent.values()) {
      expect(at).toBeGreaterThanOrEqual(before - 1);
      expect(at).toBeLessThanOrEqual(after + 1);
    }
    expect([...sent.values()].some((at) => at % 1000 !== 0)).toBe(true);
  });

  it('trace-line-cut-mid-write-misread: whole lines are read with their fractions; the line still being written is not', () => {
    const sent = parseBlockTrace('1000000 1790000000123.250\n1000001 1790000000423.5\n1000002 17900');
    expect([...sent]).toEqual([
      [1000000, 1790000000123.25],
      [1000001, 1790000000423.5],
    ]);
  });
});
