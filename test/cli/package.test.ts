// The npm package carries what a user runs: `npm pack` takes dist/, the README, SECURITY.md and the
// LICENSE (package.json `files`), and `npm install -g` of the tarball gives a `perpl` that works, the
// full-screen terminal included. dist/ bundles the npm packages, but the frame path still reads two of
// Ink's own dependencies from where Ink is installed (frames/ink-port.ts), so the runtime libraries stay
// `dependencies`: a package without them answers --version and crashes at the first frame.
// The tarball is packed from a staging copy whose dist/ is built here with `npm run build`'s flags, so the
// test reads the source as it is, and the project's own dist/ is never rewritten under other tests.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchChild } from '../helpers/watched-child.js';
import { hasScript, runInPty, waitForOutput } from '../reliability/built-app.js';
import { APP_BUILD_FLAGS, LAUNCHER_NODE_ARGS, MALLOC_TRIM_THRESHOLD } from '../helpers/build-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; license: string; files: string[] };
const DOCS = ['README.md', 'SECURITY.md', 'LICENSE'];
/** npm without a user's config getting in; the install reads npm's cache first (`npm ci` filled it). */
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

let work: string;
let perpl: string;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

/** `npm pack --json`'s file list. */
const packedPaths = (json: string): string[] => (JSON.parse(json) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);

function runPerpl(args: string[], home: string): { out: string; err: string; code: number | null } {
  const r = spawnSync(perpl, args, { encoding: 'utf8', env: { ...process.env, PERPL_HOME: home }, timeout: 30_000 });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'perpl-package-'));
  const stage = join(work, 'stage');
  mkdirSync(stage);
  execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), ['perpl=src/cli/main.ts', ...APP_BUILD_FLAGS, '--sourcemap', `--outdir=${join(stage, 'dist')}`], { cwd: ROOT, stdio: 'pipe' });
  for (const file of ['package.json', ...DOCS]) copyFileSync(join(ROOT, file), join(stage, file));
  const tarball = join(work, (JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], stage)) as { filename: string }[])[0]!.filename);
  const prefix = join(work, 'prefix');
  npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--ignore-scripts', tarball], work);
  perpl = join(prefix, 'bin', 'perpl');
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('packed-files-are-what-a-user-runs: dist/, README.md, SECURITY.md, LICENSE and package.json, nothing else', () => {
    expect(PACKAGE.files).toEqual(['dist/', ...DOCS]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(PACKAGE.license).toBe('MIT');
    const paths = packedPaths(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT));
    expect(paths.filter((p) => !p.startsWith('dist/') && !DOCS.includes(p) && p !== 'package.json')).toEqual([]);
    for (const file of [...DOCS, 'package.json']) expect(paths).toContain(file);
  });

  // V8 keeps each loaded chunk's source for the process's life, as one byte a character only when all of it is
  // Latin-1: one non-ASCII character that esbuild copies as written (a regular expression, a comment it keeps
  // in a class body) doubled the screen's 2 MB chunk in the heap. Small chunks of packages' comments may be.
  it('large-chunks-stay-one-byte: every built chunk over 100 KB is ASCII, so V8 holds its source at one byte a character', () => {
    const dist = join(work, 'stage', 'dist');
    const files = [join(dist, 'perpl.js'), ...readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => join(dist, 'chunks', f))];
    const large = files.map((file) => ({ file, text: readFileSync(file, 'utf8') })).filter((c) => Buffer.byteLength(c.text) > 100 * 1024);
    expect(large.length).toBeGreaterThan(0);
    const twoByte = large.filter((c) => /[^\x00-\x7f]/.test(c.text)).map((c) => `${c.file}: ${/.{0,40}[^\x00-\x7f]/.exec(c.text)?.[0] ?? ''}`);
    expect(twoByte).toEqual([]);
  });

  // The same sources, kept for the process's life: the screen's chunk is 2.1 MB with its indentation, 1.5 MB without
  // (build-flags.ts MINIFY_WHITESPACE). Minified, a chunk's lines are the few that template literals hold.
  it('resident-chunk-source-keeps-its-indentation: every built chunk over 100 KB is whitespace-minified, under one line break a kilobyte', () => {
    const dist = join(work, 'stage', 'dist');
    const files = readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => join(dist, 'chunks', f));
    const large = files.map((file) => ({ file, text: readFileSync(file, 'utf8') })).filter((c) => c.text.length > 100 * 1024);
    expect(large.length).toBeGreaterThan(0);
    const laidOut = large.filter((c) => c.text.split('\n').length > c.text.length / 1024).map((c) => `${c.file}: ${c.text.split('\n').length} lines`);
    expect(laidOut).toEqual([]);
  });

  it('installed-from-the-tarball: --version and -V print the version; sim, completion and help answer', () => {
    const home = mkdtempSync(join(work, 'home-'));
    const installed = join(work, 'prefix', 'lib', 'node_modules', PACKAGE.name);
    expect(existsSync(join(installed, 'dist', 'perpl.js'))).toBe(true);
    for (const flag of ['--version', '-V']) expect(runPerpl([flag], home)).toEqual({ out: `perpl ${PACKAGE.version}\n`, err: '', code: 0 });
    const help = runPerpl(['--help'], home);
    expect(help.out).toContain('-V, --version');
    expect(help.out).toContain('completion');
    const simHelp = runPerpl(['sim', '--help'], home);
    expect(simHelp.code).toBe(0);
    expect(simHelp.out).toMatch(/^usage: perpl sim /);
    // The installed command's own bash script, through bash's completion machinery.
    const script = runPerpl(['completion', 'bash'], home);
    expect(script.code).toBe(0);
    const file = join(home, 'perpl.bash');
    writeFileSync(file, script.out);
    const asked = spawnSync('bash', ['--norc', '--noprofile', '-c', `source ${file}; COMP_WORDS=(perpl s); COMP_CWORD=1; _perpl; echo "\${COMPREPLY[*]}"`], { encoding: 'utf8' });
    expect(asked.stdout).toBe('sim\n');
    const refused = runPerpl(['completion', 'tcsh'], home);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('no completion for "tcsh"');
  });

  it.skipIf(!hasScript())('installed-terminal-paints-a-live-book: the installed `perpl` opens the full screen on its local exchange and quits on q', async () => {
    const home = mkdtempSync(join(work, 'home-'));
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'false', TERM: 'xterm-256color', PERPL_HOME: home };
    const run = runInPty(`${perpl}; echo "PERPL_EXIT=$?"`, env, 120, 40);
    const guard = setTimeout(() => run.child.kill('SIGKILL'), 90_000);
    try {
      await waitForOutput(run, (o) => o.includes('spread '), 'a live book from the installed package', 60_000);
      run.child.stdin?.write('q');
      await waitForOutput(run, (o) => /PERPL_EXIT=\d+/.test(o), 'the terminal quit', 20_000);
      expect(/PERPL_EXIT=(\d+)/.exec(run.output())?.[1]).toBe('0');
    } finally {
      run.child.kill('SIGKILL');
      clearTimeout(guard);
    }
  }, 120_000);

  // glibc reads malloc's settings once, as the process starts, and V8 its platform's size: the launcher line sets them before node runs.
  it.skipIf(!existsSync('/proc/self/environ'))('installed-perpl-starts-node-with-a-fixed-malloc-trim-threshold-and-two-platform-workers-and-maglev-on: the installed `perpl` is node, its malloc threshold set, the V8 pool size and Maglev off on its command line', async () => {
    const home = mkdtempSync(join(work, 'home-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PERPL_HOME: home };
    delete env.MALLOC_TRIM_THRESHOLD_;
    const child = spawn(perpl, ['sim', '--port', '0', '--home', home, '--flow-rate', '0', '--quiet'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const watched = watchChild(child);
    try {
      await watched.untilOut((out) => out.includes('\n'), 'the ready line');
      // sh exec'd node: the same process, now node, with the threshold in its environment.
      expect(readlinkSync(`/proc/${child.pid}/exe`)).toBe(realpathSync(process.execPath));
      expect(readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0')).toContain(`MALLOC_TRIM_THRESHOLD_=${MALLOC_TRIM_THRESHOLD}`);
      // Node's options are on node's own command line (V8 sizes its platform before any code runs).
      const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      for (const arg of LAUNCHER_NODE_ARGS) expect(argv.slice(0, argv.findIndex((a) => a.endsWith('perpl.js'))), arg).toContain(arg);
      expect(LAUNCHER_NODE_ARGS).toContain('--v8-pool-size=2');
      // Node 22 and 24 turn V8's Maglev on by default; its compiles kept ~3.7 MB resident on Node 24 (build-flags.ts).
      expect(LAUNCHER_NODE_ARGS).toContain('--no-maglev');
    } finally {
      child.kill('SIGKILL');
    }
    await watched.exited;
  });

  it('installed-perpl-sim-serves: the installed `perpl sim` starts, serves the context and stops cleanly', async () => {
    const home = mkdtempSync(join(work, 'home-'));
    const child = spawn(perpl, ['sim', '--port', '0', '--home', home, '--flow-rate', '0', '--quiet'], { env: { ...process.env, PERPL_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    const watched = watchChild(child);
    try {
      await watched.untilOut((out) => out.includes('\n'), 'the ready line');
      const ready = JSON.parse(watched.out.trim()) as { rest: string };
      const ctx = (await (await fetch(`${ready.rest}/v1/pub/context`)).json()) as { markets: unknown[] };
      expect(ctx.markets.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await watched.exited).toBe(0);
  });
});
