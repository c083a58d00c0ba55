// The BUILT app in a real pseudo-terminal (util-linux `script`): SIGINT, SIGTERM, SIGHUP (an SSH drop)
// and an uncaught exception must each end the process by itself with its conventional status, the
// terminal restored (alternate screen left, cursor shown, line wrap back on, bracketed paste off) and raw
// mode off. A signal runs the same clean quit as `q`: the in-process exchange is stopped, so its port's demo
// key and the pointer file announcing it are gone too, and the log says the quit finished.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON, RESTORE_SEQUENCE } from '../../src/terminal/manners.js';
import { waitFor } from '../helpers/wait.js';
import { buildApp, hasScript, runInPty, waitForOutput } from './built-app.js';

const PRELOAD = resolve(import.meta.dirname, 'fixtures/preload.mjs');
const ENTER_ALT = '\u001B[?1049h';
const LEAVE_ALT = '\u001B[?1049l';
const HIDE_CURSOR = '\u001B[?25l';
const NO_WRAP = '\u001B[?7l';

let app: { entry: string; dispose(): void };
let home: string;
beforeAll(() => {
  app = buildApp('signals');
  home = mkdtempSync(join(tmpdir(), 'perpl-signals-'));
}, 120_000);
afterAll(() => {
  app?.dispose();
  rmSync(home, { recursive: true, force: true });
});

interface Case {
  name: string;
  signal?: NodeJS.Signals;
  /** Throw an uncaught exception once the painted screen matches this (never on a timer: a loaded machine starts slowly). */
  throwOnScreen?: string;
  exit: number;
}
const CASES: Case[] = [
  { name: 'SIGINT', signal: 'SIGINT', exit: 130 },
  { name: 'SIGTERM', signal: 'SIGTERM', exit: 143 },
  { name: 'SIGHUP (the SSH connection dropped)', signal: 'SIGHUP', exit: 129 },
  { name: 'an uncaught exception', throwOnScreen: 'live|connecting|BTC', exit: 1 },
];

describe.skipIf(!hasScript())('the built app in a pseudo-terminal', () => {
  for (const c of CASES) {
    it(`terminal-restored-on-${c.signal ?? 'crash'}: ${c.name} exits by itself with ${c.exit}, restores the screen, leaves raw mode${c.signal ? ' and runs the clean quit (signal-runs-the-clean-quit)' : ''}`, async () => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        CI: 'false',
        NODE_ENV: 'production',
        TERM: 'xterm-256color',
        PERPL_HOME: home,
        ...(c.throwOnScreen ? { PERPL_TEST_THROW_WHEN_SCREEN_HAS: c.throwOnScreen } : {}),
      };
      const run = runInPty(`node --import ${PRELOAD} ${app.entry}; echo "PERPL_TEST_EXIT=$?"; stty -a`, env);
      const guard = setTimeout(() => run.child.kill('SIGKILL'), 45_000);
      try {
        await waitForOutput(run, (o) => /PERPL_TEST_PID=\d+/.test(o) && o.includes(ENTER_ALT), 'the app to take over the screen');
        // Wait for a painted screen, not just the escape sequence (the signal must hit a running app).
        await waitForOutput(run, (o) => /live|connecting|BTC/.test(o.slice(o.indexOf(ENTER_ALT))), 'a painted screen');
        const pid = Number(/PERPL_TEST_PID=(\d+)/.exec(run.output())![1]);
        // Its own exchange announced to the commands beside it (perpl api, doctor) while it runs...
        const pointer = join(home, 'run', `local-exchange-${pid}.json`);
        const logFile = join(home, 'logs', 'perpl.log');
        let demoKey = '';
        let logBefore = 0;
        if (c.signal) {
          await waitFor(() => existsSync(pointer), 'the local exchange pointer', 30_000);
          demoKey = (JSON.parse(readFileSync(pointer, 'utf8')) as { keyFile: string }).keyFile;
          expect(existsSync(demoKey)).toBe(true);
          logBefore = readFileSync(logFile, 'utf8').length;
          process.kill(pid, c.signal);
        }
        const out = await run.ended;
        // ...and withdrawn however it ends (the signal-exit-pointer-removed check).
        expect(existsSync(pointer)).toBe(false);
        if (c.signal) {
          // signal-runs-the-clean-quit: the exchange was stopped (its port's demo key removed with it) and
          // the quit ran to its end, not cut off at its first wait by a re-raised signal.
          expect(existsSync(demoKey)).toBe(false);
          expect(readFileSync(logFile, 'utf8').slice(logBefore)).toMatch(new RegExp(`exit on ${c.signal}\\n(?:[\\s\\S]*\\n)?\\S+ stopped\\n`));
        }
        const exit = /PERPL_TEST_EXIT=(\d+)/.exec(out);
        expect(exit?.[1]).toBe(String(c.exit));
        const app = out.slice(0, out.indexOf('PERPL_TEST_EXIT='));
        expect(app).toContain(RESTORE_SEQUENCE);
        // Nothing after the last restore takes the terminal again.
        const tail = app.slice(app.lastIndexOf(LEAVE_ALT));
        expect(tail).not.toContain(ENTER_ALT);
        expect(tail).not.toContain(HIDE_CURSOR);
        expect(tail).not.toContain(NO_WRAP);
        expect(tail).not.toContain(BRACKETED_PASTE_ON);
        expect(app.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(app.lastIndexOf(ENTER_ALT));
        // Bracketed paste was on while the app ran, and is off again: the shell gets no marked pastes.
        expect(app.slice(app.indexOf(ENTER_ALT))).toContain(BRACKETED_PASTE_ON);
        expect(app.lastIndexOf(BRACKETED_PASTE_OFF)).toBeGreaterThan(app.lastIndexOf(BRACKETED_PASTE_ON));
        // Raw mode is off again: the line discipline is canonical with echo.
        const stty = out.slice(out.indexOf('PERPL_TEST_EXIT='));
        expect(stty).toMatch(/(^|\s)icanon(\s|$)/m);
        expect(stty).toMatch(/(^|\s)echo(\s|$)/m);
        if (c.throwOnScreen) expect(app).toContain('injected uncaught exception');
      } finally {
        clearTimeout(guard);
      }
    }, 60_000);
  }
  it('ssh-drop-leaves-no-orphan: the terminal itself goes away (pty closed, writes fail with EIO): the app exits instead of lingering', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', NODE_ENV: 'production', TERM: 'xterm-256color', PERPL_HOME: home };
    const run = runInPty(`node --import ${PRELOAD} ${app.entry}`, env);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), 45_000);
    let pid = 0;
    try {
      await waitForOutput(run, (o) => /PERPL_TEST_PID=\d+/.test(o) && /live|connecting|BTC/.test(o.slice(o.indexOf(ENTER_ALT))), 'a painted screen');
      pid = Number(/PERPL_TEST_PID=(\d+)/.exec(run.output())![1]);
      // SIGKILL to `script` closes the pty master, as sshd does when the connection drops: the kernel
      // hangs up the session and every later write to the terminal fails.
      run.child.kill('SIGKILL');
      const alive = (): boolean => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 15_000;
      while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(alive()).toBe(false);
    } finally {
      clearTimeout(guard);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone: what the test wants
        }
      }
    }
  }, 60_000);

  // The issue allows a --detach-style mode that survives SIGHUP; the CLI has none yet.
  it.todo('keeps running after SIGHUP when started with --detach (mode not built)');
});
