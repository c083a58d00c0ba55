// The built app bundles Ink: our frame path (the grid renderer and the row-diff writer, put in place
// through frames/ink-port.ts) must reach the copy of Ink the bundle runs, not a second copy read from
// node_modules, or every frame silently goes through stock Ink (twice the CPU). Run from the sources the
// port always works; only a build can show this, so this runs the built app in a pseudo-terminal.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait.js';
import { buildApp, hasScript, runInPty, waitForOutput } from './built-app.js';

let app: { entry: string; dispose(): void };
let home: string;
beforeAll(() => {
  app = buildApp('frames');
  home = mkdtempSync(join(tmpdir(), 'perpl-frames-'));
}, 120_000);
afterAll(() => {
  app?.dispose();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!hasScript())('the built app paints through our frame path', () => {
  it('bundled-ink-port-reaches-the-bundled-ink: the start trace says the frame path is ported, not stock Ink', async () => {
    expect(await framePathOfRun()).toBe('ported');
  }, 120_000);
});

describe('the build carries one React', () => {
  it('bundle-carries-no-development-react: no chunk holds a development build of react, react-reconciler or scheduler', () => {
    const chunks = readdirSync(join(dirname(app.entry), 'chunks')).filter((f) => f.endsWith('.js'));
    const sources = [app.entry, ...chunks.map((f) => join(dirname(app.entry), 'chunks', f))].map((f) => readFileSync(f, 'utf8'));
    // The production builds are there (the sentinel that the scan reads the real bundle).
    expect(sources.some((s) => s.includes('node_modules/react-reconciler/cjs/react-reconciler.production.js'))).toBe(true);
    for (const name of ['react.development.js', 'react-jsx-runtime.development.js', 'react-reconciler.development.js', 'scheduler.development.js']) {
      expect(sources.filter((s) => s.includes(`/cjs/${name}`)).length, name).toBe(0);
    }
  }, 30_000);
});

/** Runs the built app in a pseudo-terminal until a live book; returns what its start trace says of the frame path. */
async function framePathOfRun(): Promise<string | undefined> {
  const trace = join(home, 'start-trace.txt');
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', NODE_ENV: 'production', TERM: 'xterm-256color', PERPL_HOME: home, PERPL_START_TRACE: trace };
  const run = runInPty(`node ${app.entry}`, env, 120, 40);
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 60_000);
  try {
    const said = await waitFor(() => /^frames-(ported|stock) /m.exec(safeRead(trace))?.[1], 'the frame path in the start trace', 45_000);
    // The same run reaches a live book: the trace is of a working start, not of one that stopped early.
    await waitForOutput(run, (o) => o.includes('spread '), 'a live book', 45_000);
    return said;
  } finally {
    run.child.stdin?.write('q');
    await Promise.race([run.ended, new Promise((r) => setTimeout(r, 5_000))]);
    run.child.kill('SIGKILL');
    clearTimeout(guard);
  }
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
