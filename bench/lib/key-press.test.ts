import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SHORTEST_SLICE_NS } from '../../src/lib/short-slice.js';
import { kernelShowsSlices, sliceIn, threadSlices } from '../../test/helpers/thread-slices.js';
import { epochNow } from './key-driver.js';
import { startKeyPresser, type KeyPresser } from './key-press.js';

// A child that echoes its stdin: what reached its pipe comes back on its stdout.
function echoChild() {
  const child = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const received = (text: string): Promise<string> =>
    new Promise((resolve) => {
      const check = (): void => void (out.includes(text) ? resolve(out) : setTimeout(check, 5));
      check();
    });
  return { child, received };
}

const children: ReturnType<typeof spawn>[] = [];
const pressers: KeyPresser[] = [];
afterEach(() => {
  for (const p of pressers.splice(0)) p.stop();
  for (const c of children.splice(0)) c.kill();
});

async function warmPresser(child: ReturnType<typeof echoChild>['child']): Promise<KeyPresser> {
  const presser = startKeyPresser(child.stdin!);
  pressers.push(presser);
  const until = performance.now() + 10_000;
  while (!presser.warm() && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  expect(presser.warm()).toBe(true);
  return presser;
}

describe("the bench parent's key press", () => {
  it("press-billed-with-the-bench-streams-own-work: the key is in the pipe when the press returns, even while the pipe's stream holds its writes back", async () => {
    const { child, received } = echoChild();
    children.push(child);
    const presser = await warmPresser(child);
    // Corked, a write through the stream would wait for uncork (the press's time would count that wait).
    child.stdin.cork();
    const before = epochNow();
    const { at, writeMs } = presser.press('y');
    expect(child.stdin.writableLength).toBe(0);
    await expect(received('y')).resolves.toBe('y');
    // Timed on the presser's clock, between this thread's readings around the press.
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at + writeMs).toBeLessThanOrEqual(epochNow());
  });

  it('press-overtakes-earlier-bytes-still-in-the-stream: with bytes queued in the stream the key goes after them, in order', async () => {
    const { child, received } = echoChild();
    children.push(child);
    const presser = await warmPresser(child);
    child.stdin.cork();
    child.stdin.write(':buy');
    presser.press('y');
    child.stdin.uncork();
    await expect(received('y')).resolves.toBe(':buyy');
  });

  it('presses-in-order: keys pressed one after another reach the pipe in that order, each once', async () => {
    const { child, received } = echoChild();
    children.push(child);
    const presser = await warmPresser(child);
    for (const k of ['a', 'b', 'é', 'c']) presser.press(k);
    await expect(received('abéc')).resolves.toBe('abéc');
  });

  it.skipIf(!kernelShowsSlices())("press-preempted-between-its-time-and-its-write: the key is written by a thread in the shortest slice, not by the bench's own thread", async () => {
    const mine = sliceIn('/proc/thread-self/sched');
    const before = threadSlices();
    const { child, received } = echoChild();
    children.push(child);
    const presser = await warmPresser(child);
    expect(presser.shortSlice()).toBe(true);
    const shortNew = [...threadSlices()].filter(([tid, ns]) => !before.has(tid) && ns === SHORTEST_SLICE_NS);
    expect(shortNew).toHaveLength(1);
    presser.press('y');
    await expect(received('y')).resolves.toBe('y');
    // The bench's own thread keeps the kernel's slice.
    expect(sliceIn('/proc/thread-self/sched')).toBe(mine);
    expect(mine).not.toBe(SHORTEST_SLICE_NS);
  });
});
