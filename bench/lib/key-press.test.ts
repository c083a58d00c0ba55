import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { pressIntoPipe } from './key-press.js';

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
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

describe("the bench parent's key press", () => {
  it("press-billed-with-the-bench-streams-own-work: the key is in the pipe when the press returns, even while the pipe's stream holds its writes back", async () => {
    const { child, received } = echoChild();
    children.push(child);
    // Corked, a write through the stream would wait for uncork (the press's time would count that wait).
    child.stdin.cork();
    pressIntoPipe(child.stdin)('y');
    expect(child.stdin.writableLength).toBe(0);
    await expect(received('y')).resolves.toBe('y');
  });

  it('press-overtakes-earlier-bytes-still-in-the-stream: with bytes queued in the stream the key goes after them, in order', async () => {
    const { child, received } = echoChild();
    children.push(child);
    child.stdin.cork();
    child.stdin.write(':buy');
    pressIntoPipe(child.stdin)('y');
    child.stdin.uncork();
    await expect(received('y')).resolves.toBe(':buyy');
  });

  it("press-timed-by-the-callers-clock: the press reads the clock once, just before its write, and gives that reading", async () => {
    const { child, received } = echoChild();
    children.push(child);
    let readings = 0;
    const at = pressIntoPipe(child.stdin, () => {
      readings += 1;
      return 42;
    })('y');
    expect(at).toBe(42);
    expect(readings).toBe(1);
    await expect(received('y')).resolves.toBe('y');
  });
});
