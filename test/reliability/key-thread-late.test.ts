// The key thread starts after the first frame (issue 35: its isolate's start competed with the screen's for
// the cores). Until it reads, nothing reads the terminal: keys typed while the app starts wait in the kernel
// and reach the key thread, in order, once each. Only a real terminal shows this (a thread reading the tty
// before the key thread would take keys from it), so the BUILT app runs in a pseudo-terminal, its keys typed
// right after spawn, on the in-process exchange (a run that trades: the key thread is on).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORE_SEQUENCE } from '../../src/terminal/manners.js';
import { buildApp, hasScript, runInPty, waitForOutput, waitForScreen, type PtyRun } from './built-app.js';

const ENTER_ALT = '\u001B[?1049h';
const LEAVE_ALT = '\u001B[?1049l';
const RUN_MS = 45_000;

let app: { entry: string; dispose(): void };
let home: string;
beforeAll(() => {
  app = buildApp('key-thread-late');
  home = mkdtempSync(join(tmpdir(), 'perpl-key-thread-late-'));
}, 120_000);
afterAll(() => {
  app?.dispose();
  rmSync(home, { recursive: true, force: true });
});

/** The built app in a pty of cols x rows, its start traced into `trace`; then its exit status and `stty -a`. */
function startApp(name: string, cols: number, rows: number): { run: PtyRun; trace: string } {
  const trace = join(home, `start-trace-${name}.txt`);
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', NODE_ENV: 'production', TERM: 'xterm-256color', PERPL_HOME: home, PERPL_START_TRACE: trace };
  delete env.PERPL_KEY_THREAD;
  return { run: runInPty(`node ${app.entry}; echo "PERPL_TEST_EXIT=$?"; stty -a`, env, cols, rows), trace };
}

/** The start trace's steps in the order written (the key thread's with the process's clock). */
function steps(trace: string): { step: string; ms: number }[] {
  return readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => ({ step: line.split(' ')[0]!, ms: Number(line.split(' ')[1]) }));
}

async function quitAndWait(run: PtyRun): Promise<string> {
  run.child.stdin?.write('q');
  const out = await Promise.race([run.ended, new Promise<string>((r) => setTimeout(() => r(''), 10_000))]);
  run.child.kill('SIGKILL');
  return out;
}

describe.skipIf(!hasScript())('keys typed while the app starts, the key thread started after the first frame', () => {
  it('key-typed-during-start-arrives-once-in-order, key-thread-starts-after-the-first-frame (200x50)', async () => {
    const { run, trace } = startApp('wide', 200, 50);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), RUN_MS + 15_000);
    try {
      // Typed at once: `?` opens the help, `mar` then types into its filter. A `?` read twice would show in
      // the filter ("? ?mar"), a key lost or doubled or out of order would too ("? ar", "? mmar", no help).
      run.child.stdin?.write('?');
      run.child.stdin?.write('mar');
      // The help's filter line: its query holds exactly the keys typed after the `?`.
      await waitForScreen(run, (s) => s.includes('● live') && /^│\? mar▏ {2}type to filter/m.test(s), 'the help open on the live screen, its filter "mar"', RUN_MS);
      // The record: the first frame was written before the key thread was started, and it read after both.
      const order = steps(trace).map((s) => s.step);
      expect(order).toContain('first-frame-written');
      expect(order.indexOf('key-thread-started')).toBeGreaterThan(order.indexOf('first-frame-written'));
      expect(order.indexOf('key-thread-reading')).toBeGreaterThan(order.indexOf('key-thread-started'));
      const at = Object.fromEntries(steps(trace).map((s) => [s.step, s.ms]));
      expect(at['key-thread-started']).toBeGreaterThanOrEqual(at['first-frame-written']!);
    } finally {
      run.child.stdin?.write('\u001b');
      await quitAndWait(run);
      clearTimeout(guard);
    }
  }, RUN_MS + 30_000);

  it('key-typed-on-the-alternate-screen-before-the-first-frame-never-echoes: the terminal echoed it onto the screen the first frame is drawn over (200x50)', async () => {
    const { run } = startApp('echo', 200, 50);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), RUN_MS + 15_000);
    try {
      // On the alternate screen, before the first frame: the help opens with the filter "zzzz" once keys are read.
      await waitForOutput(run, (out) => out.includes(ENTER_ALT), 'the alternate screen', RUN_MS);
      expect(run.output(), 'typed before the first frame').not.toContain('● live');
      run.child.stdin?.write('?zzzz');
      const screen = await waitForScreen(run, (s) => s.includes('● live') && /^│\? zzzz▏ {2}type to filter/m.test(s), 'the help open on the live screen, its filter "zzzz"', RUN_MS);
      // The filter line is the only place the keys show: echoed, they were left among the first frame's cells.
      expect(screen.split('zzzz').length - 1, screen).toBe(1);
      const shown = run.output().slice(run.output().indexOf(ENTER_ALT));
      expect(shown.slice(0, shown.indexOf('● live')), 'the terminal echoed the keys').not.toContain('zzzz');
    } finally {
      run.child.stdin?.write('\u001b');
      await quitAndWait(run);
      clearTimeout(guard);
    }
  }, RUN_MS + 30_000);

  it('q-typed-during-start-quits-cleanly: read once the key thread reads, the app quits with 0 and the terminal restored (80x24)', async () => {
    const { run, trace } = startApp('narrow', 80, 24);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), RUN_MS);
    try {
      run.child.stdin?.write('q');
      const out = await run.ended;
      expect(/PERPL_TEST_EXIT=(\d+)/.exec(out)?.[1]).toBe('0');
      // It quit from the screen (the first frame was out, the key thread read the q), not before it started.
      const order = steps(trace).map((s) => s.step);
      expect(order.indexOf('key-thread-reading')).toBeGreaterThan(order.indexOf('first-frame-written'));
      const shown = out.slice(0, out.indexOf('PERPL_TEST_EXIT='));
      expect(shown).toContain(ENTER_ALT);
      expect(shown).toContain(RESTORE_SEQUENCE);
      expect(shown.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(shown.lastIndexOf(ENTER_ALT));
      // Raw mode is off again: the line discipline is canonical with echo.
      const stty = out.slice(out.indexOf('PERPL_TEST_EXIT='));
      expect(stty).toMatch(/(^|\s)icanon(\s|$)/m);
      expect(stty).toMatch(/(^|\s)echo(\s|$)/m);
    } finally {
      run.child.kill('SIGKILL');
      clearTimeout(guard);
    }
  }, RUN_MS + 15_000);
});
