// What the key thread loads in the built app (`npm run build`'s flags): the CLI's entry file and, from it,
// the key thread's chunk, with everything both import statically. That must stay the keyboard, the socket
// (ws) and the arm: never the screen (Ink, React, Yoga, the store, the layout), which a worker would load
// and compile into a second V8 heap (issue 35: the key thread's memory).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BUILD_FLAGS } from '../helpers/build-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Metafile {
  outputs: Record<string, { bytes: number; entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
}

let out: string;
let meta: Metafile;

beforeAll(() => {
  // Under node_modules/.cache, so the packages resolve as in the real build; never dist/ (other tests read it).
  out = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'perpl-key-thread-bundle-'));
  execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), ['perpl=src/cli/main.ts', ...APP_BUILD_FLAGS, `--outdir=${join(out, 'dist')}`, `--metafile=${join(out, 'meta.json')}`], { cwd: ROOT, stdio: 'pipe' });
  meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as Metafile;
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The outputs a worker started on the CLI's entry and then importing the key thread's chunk loads. */
function keyThreadLoads(): string[] {
  const entry = Object.keys(meta.outputs).find((p) => meta.outputs[p]!.entryPoint === 'src/cli/main.ts')!;
  const chunk = Object.keys(meta.outputs).find((p) => meta.outputs[p]!.entryPoint === 'src/app/key-thread.ts')!;
  expect(entry).toBeDefined();
  expect(chunk).toBeDefined();
  const seen = new Set<string>();
  const walk = (p: string): void => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const i of meta.outputs[p]!.imports) if (i.kind === 'import-statement' && !i.path.startsWith('node:')) walk(i.path);
  };
  walk(entry);
  walk(chunk);
  return [...seen];
}

describe('the key thread in the built app', () => {
  it('key-thread-loads-no-screen-code: its entry and chunk import nothing of the screen, statically', () => {
    const inputs = keyThreadLoads().flatMap((p) => Object.keys(meta.outputs[p]!.inputs));
    // The proof that the walk sees modules: the key reader, the socket, ws.
    expect(inputs).toEqual(expect.arrayContaining(['src/app/key-thread.ts', 'src/transport/ws/socket.ts', 'src/ui/keys/armed-key-watch.ts']));
    expect(inputs.some((i) => i.startsWith('node_modules/ws/'))).toBe(true);
    const screen = inputs.filter((i) => /node_modules\/(ink|react|react-reconciler|yoga-layout|zustand|viem)\/|src\/(terminal|state)\/|src\/ui\/(?!keys\/)/.test(i));
    expect(screen).toEqual([]);
  });

  it('key-thread-code-stays-small: what it loads is under 160 kB (ws is ~70 kB of it)', () => {
    const bytes = keyThreadLoads().reduce((sum, p) => sum + meta.outputs[p]!.bytes, 0);
    expect(bytes).toBeLessThan(160_000);
  });
});
