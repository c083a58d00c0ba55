import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeLocalExchangePointer, runningLocalExchange, writeLocalExchangePointer } from './local-exchange-pointer.js';

const homes: string[] = [];
afterAll(() => Promise.all(homes.map((h) => rm(h, { recursive: true, force: true }))));
function freshHome(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'perpl-pointer-'));
  homes.push(home);
  return { PERPL_HOME: home };
}

const EXCHANGE = { rest: 'http://127.0.0.1:40123/api', ws: 'ws://127.0.0.1:40123', chainId: 31337, keyFile: '/home/k/keys/local-demo-40123.json' };
/** Above Linux's largest pid (2^22): no process has it. */
const DEAD_PID = 4_194_304 + 4_321;

describe('the local exchange pointer', () => {
  it('pointer-found-while-the-terminal-runs: written 0600 in a 0700 folder, read back, gone once removed', () => {
    const env = freshHome();
    expect(runningLocalExchange(env)).toBeUndefined();
    const path = writeLocalExchangePointer(env, EXCHANGE, 1_000);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(env.PERPL_HOME!, 'run')).mode & 0o777).toBe(0o700);
    expect(runningLocalExchange(env)).toEqual({ pid: process.pid, ...EXCHANGE, startedAtMs: 1_000 });
    removeLocalExchangePointer(path);
    expect(runningLocalExchange(env)).toBeUndefined();
  });

  it('pointer-of-a-dead-process-ignored: a terminal killed with its pointer left is not believed, and the next terminal clears it', () => {
    const env = freshHome();
    const dir = join(env.PERPL_HOME!, 'run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `local-exchange-${DEAD_PID}.json`), JSON.stringify({ pid: DEAD_PID, ...EXCHANGE, startedAtMs: 5_000 }));
    writeFileSync(join(dir, 'local-exchange-7.json'), 'not json');
    expect(runningLocalExchange(env)).toBeUndefined();
    writeLocalExchangePointer(env, { ...EXCHANGE, rest: 'http://127.0.0.1:40999/api' }, 1_000);
    // Newer by its clock than ours, but its process is gone: ours is the one.
    expect(runningLocalExchange(env)?.rest).toBe('http://127.0.0.1:40999/api');
    expect(new Set(readdirSync(dir))).toEqual(new Set(['local-exchange-7.json', `local-exchange-${process.pid}.json`]));
  });

  // Key discovery takes the key file and the REST address from the pointer: another user's must not choose them.
  it.skipIf(process.getuid?.() !== 0)('pointer-of-another-user-ignored: one owned by another user is not believed', () => {
    const env = freshHome();
    const path = writeLocalExchangePointer(env, EXCHANGE, 1_000);
    chownSync(path, 65_534, 65_534);
    expect(runningLocalExchange(env)).toBeUndefined();
  });

  it('pointer-writable-by-others-ignored: one group or others may write is not believed', () => {
    const env = freshHome();
    const path = writeLocalExchangePointer(env, EXCHANGE, 1_000);
    chmodSync(path, 0o666);
    expect(runningLocalExchange(env)).toBeUndefined();
    chmodSync(path, 0o620);
    expect(runningLocalExchange(env)).toBeUndefined();
    chmodSync(path, 0o644);
    expect(runningLocalExchange(env)?.keyFile).toBe(EXCHANGE.keyFile);
  });

  it('pointer-never-written-into-a-planted-tmp: a file planted at the old predictable tmp path is left as it was', () => {
    const env = freshHome();
    const dir = join(env.PERPL_HOME!, 'run');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = join(env.PERPL_HOME!, 'planted-target');
    writeFileSync(target, 'theirs');
    const planted = join(dir, `local-exchange-${process.pid}.json.tmp`);
    symlinkSync(target, planted);
    const path = writeLocalExchangePointer(env, EXCHANGE, 1_000);
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(readdirSync(dir).sort()).toEqual([`local-exchange-${process.pid}.json`, `local-exchange-${process.pid}.json.tmp`]);
    expect(runningLocalExchange(env)).toEqual({ pid: process.pid, ...EXCHANGE, startedAtMs: 1_000 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
