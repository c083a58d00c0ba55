// `perpl keys new | list | show | remove` on a temporary $PERPL_HOME, plus one run of the real
// `perpl` entry point in a child process (no TTY, CI=true) to prove the wiring.

import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeys } from '../../src/cli/subcommands/keys.js';
import { keyFilePath } from '../../src/auth/home.js';
import { CliHarness } from './cli-harness.js';

const home = mkdtempSync(join(tmpdir(), 'perpl-keys-'));
const cli = new CliHarness({ PERPL_HOME: home });
const keys = (argv: string[]) => cli.run(runKeys, argv);
afterAll(() => rm(home, { recursive: true, force: true }));

describe('perpl keys new', () => {
  it('creates keys/<name>.json 0600 in a 0700 dir and prints only the public key', async () => {
    const r = await keys(['new', '--name', 'alpha']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^0x[0-9a-f]{64}$/);
    const path = keyFilePath('alpha', cli.env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'keys')).mode & 0o777).toBe(0o700);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { private_key: string; public_key: string };
    expect(file.public_key).toBe(r.out);
    expect(cli.transcript.join('\n')).not.toContain(file.private_key.slice(2));
  });

  it('never overwrites an existing key', async () => {
    const before = readFileSync(keyFilePath('alpha', cli.env), 'utf8');
    const r = await keys(['new', '--name', 'alpha']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('a key named "alpha" already exists');
    expect(readFileSync(keyFilePath('alpha', cli.env), 'utf8')).toBe(before);
  });

  it('refuses --encrypt without a passphrase source when nobody can type one', async () => {
    const r = await keys(['new', '--name', 'sealed', '--encrypt']);
    expect(r.err).toContain('--encrypt needs a passphrase');
    expect(existsSync(keyFilePath('sealed', cli.env))).toBe(false);
  });

  it('refuses names that would escape keys/', async () => {
    const r = await keys(['new', '--name', '../../etc/x']);
    expect(r.err).toContain('is not a valid key name');
  });
});

describe('perpl keys list / show / remove', () => {
  it('shows an unenrolled key as such, and lists a file with bad permissions as unusable', async () => {
    const show = await keys(['show', 'alpha']);
    expect(show.out).toMatch(/enrolled\s+no \(run `perpl keys enroll`\)/);
    expect(show.out).toMatch(/encrypted\s+no/);
    const wide = join(home, 'keys', 'wide.json');
    writeFileSync(wide, '{"private_key":"00"}');
    chmodSync(wide, 0o644);
    const list = await keys(['list']);
    expect(list.out).toMatch(/^NAME\s+ENROLLED\s+SCOPE/);
    expect(list.out).toMatch(/alpha\s+no/);
    expect(list.out).toMatch(/wide\s+unusable\s+key file .*wide\.json: has mode 0644/);
    const showWide = await keys(['show', 'wide']);
    expect(showWide.code).toBe(1);
    expect(showWide.err).toContain(`key file ${wide}: has mode 0644`);
    expect(showWide.err).toContain(`chmod 600 ${wide}`);
  });

  it('removes only with --yes when there is no terminal to confirm', async () => {
    const refused = await keys(['remove', 'alpha']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('pass --yes');
    expect(existsSync(keyFilePath('alpha', cli.env))).toBe(true);
    const removed = await keys(['remove', 'alpha', '--yes']);
    expect(removed.code).toBe(0);
    expect(existsSync(keyFilePath('alpha', cli.env))).toBe(false);
  });

  it('asks before removing at a terminal, and keeps the key unless the answer is yes', async () => {
    await keys(['new', '--name', 'asked']);
    const questions: string[] = [];
    const ask = (answer: string) => ({ interactive: true, ask: async (q: string) => (questions.push(q), answer) });
    const kept = await cli.run(runKeys, ['remove', 'asked'], ask('n'));
    expect(kept.code).toBe(1);
    expect(questions[0]).toContain('key "asked" is not enrolled');
    expect(existsSync(keyFilePath('asked', cli.env))).toBe(true);
    expect((await cli.run(runKeys, ['remove', 'asked'], ask('y'))).code).toBe(0);
    expect(existsSync(keyFilePath('asked', cli.env))).toBe(false);
  });

  it('asks twice for a new passphrase at a terminal, hidden, and refuses a mismatch', async () => {
    const hidden: boolean[] = [];
    const answers = ['first passphrase', 'other passphrase'];
    const r = await cli.run(runKeys, ['new', '--name', 'typed', '--encrypt'], { interactive: true, ask: async (_q: string, h: boolean) => (hidden.push(h), answers.shift()!) });
    expect(r.err).toContain('the two passphrases differ');
    expect(hidden).toEqual([true, true]);
    expect(existsSync(keyFilePath('typed', cli.env))).toBe(false);
  });

  it('names unknown keys and unknown options without echoing values', async () => {
    expect((await keys(['show', 'ghost'])).err).toContain('no key named "ghost"');
    const r = await keys(['list', '--bogus=secretvalue']);
    expect(r.err).toContain('unknown option --bogus');
    expect(r.err).not.toContain('secretvalue');
  });
});

describe('the perpl entry point', () => {
  it('runs `perpl keys new` in a child process without a TTY', async () => {
    const run = promisify(execFile);
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'keys', 'new', '--name', 'spawned'], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, PERPL_HOME: home, CI: 'true' },
    });
    expect(stdout.trim()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(stderr).toContain('created key "spawned"');
    expect(statSync(keyFilePath('spawned', cli.env)).mode & 0o777).toBe(0o600);
  });
});
