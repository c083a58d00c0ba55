// The terminal must run production React (development React re-validates every render, and Ink
// repaints at frame rate). React picks its build from NODE_ENV when first loaded; in the single-file
// ESM bundle every package import is evaluated before any of our code runs, so setting NODE_ENV
// in-process can be too late. Then the only fix is to start again with NODE_ENV set.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** True when the development build of React (or its reconciler) is already loaded in this process. */
export function developmentReactLoaded(): boolean {
  const cache = createRequire(import.meta.url).cache;
  return Object.keys(cache).some((path) => /[/\\](react|react-reconciler)[/\\]cjs[/\\].*development\.js$/.test(path));
}

/**
 * Runs this same command again with NODE_ENV=production, stdio inherited, and returns its exit code.
 * Signals sent to this process are passed on; Ctrl-C reaches the child directly through the terminal.
 */
export function rerunInProduction(): Promise<number> {
  const [script, ...args] = process.argv.slice(1);
  if (!script) return Promise.resolve(1);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const forward = (signal: NodeJS.Signals) => (): void => {
      child.kill(signal);
    };
    const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, forward(s)] as const);
    // SIGINT from the terminal already reached the child (same process group); forwarding it twice is harmless.
    for (const [s, h] of handlers) process.on(s, h);
    child.on('exit', (code, signal) => {
      for (const [s, h] of handlers) process.off(s, h);
      resolve(code ?? (signal ? 128 + (signal === 'SIGHUP' ? 1 : signal === 'SIGINT' ? 2 : 15) : 1));
    });
    child.on('error', () => resolve(1));
  });
}
