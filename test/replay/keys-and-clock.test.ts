// Replay keys are taken out of the input (the UI never sees them) and drive the replay clock; the
// clock holds its position while paused, clamps seeks, and starts only when told.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ReplayClock } from '../../src/replay/replay-clock.js';
import { SEEK_STEP_MS, takeReplayKeys } from '../../src/replay/replay-keys.js';
import { run } from '../../src/cli/subcommands/replay.js';

describe('replay keys', () => {
  it('space toggles, arrows seek, everything else passes through in order', () => {
    const calls: string[] = [];
    const actions = { togglePause: () => calls.push('toggle'), seekBy: (ms: number) => calls.push(`seek ${ms}`) };
    expect(takeReplayKeys('a \u001B[Cb\u001B[D\u001B[Aq', actions)).toBe('ab\u001B[Aq');
    expect(calls).toEqual(['toggle', `seek ${SEEK_STEP_MS}`, `seek ${-SEEK_STEP_MS}`]);
  });
});

describe('replay clock', () => {
  it('runs at speed once started, holds while paused, clamps seeks to the recording', () => {
    let now = 0;
    const clock = new ReplayClock({ durationMs: 60_000, speed: 2, fromMs: 5_000, now: () => now });
    now = 1_000;
    expect(clock.position()).toBe(5_000); // not started: the viewer has not subscribed yet
    clock.start();
    now = 2_000;
    expect(clock.position()).toBe(7_000);
    clock.pause();
    now = 10_000;
    expect(clock.position()).toBe(7_000);
    clock.resume();
    now = 11_000;
    expect(clock.position()).toBe(9_000);
    clock.seekBy(-20_000);
    expect(clock.position()).toBe(0);
    clock.seek(1e9);
    expect(clock.ended).toBe(true);
    expect(() => new ReplayClock({ durationMs: 1, speed: 0 })).toThrow(RangeError);
  });
});

describe('perpl replay arguments', () => {
  it('refuses a missing file, a file that is not a recording, and a bad --speed before taking the screen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpl-replay-cli-'));
    try {
      const notRecording = join(dir, 'x.ndjson');
      writeFileSync(notRecording, '{"hello":1}\n');
      await expect(run([join(dir, 'missing.ndjson')])).rejects.toThrow(/cannot read the recording/);
      await expect(run([notRecording])).rejects.toThrow(/not a perpl recording/);
      await expect(run([notRecording, '--speed', '0'])).rejects.toThrow(/--speed must be a positive number/);
      await expect(run([])).rejects.toThrow(/expected one recording FILE/);
      // --info needs no terminal and describes the file.
      const good = join(dir, 'good.ndjson');
      writeFileSync(
        good,
        [
          JSON.stringify({ recording: 1, network: 'local', chainId: 31337, startedAt: 0, context: { markets: [] } }),
          JSON.stringify({ t: 1, at: 1, ch: 'md', event: 'open', epoch: 1 }),
          JSON.stringify({ t: 2, at: 2, dir: 'in', ch: 'md', frame: { mt: 6, subs: [{ stream: 'heartbeat@31337', sid: 5, status: { code: 0 } }] } }),
          JSON.stringify({ t: 3, at: 3, dir: 'in', ch: 'md', frame: { mt: 100, sid: 5, sn: 1, h: 1 } }),
        ].join('\n'),
      );
      const printed: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((t: string) => void printed.push(t));
      try {
        expect(await run([good, '--info'])).toBe(0);
      } finally {
        spy.mockRestore();
      }
      expect(JSON.parse(printed.join(''))).toMatchObject({
        network: 'local',
        durationMs: 3,
        frames: { 'md in': 2 },
        marketDataConnections: 1,
        streams: ['heartbeat@31337'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
