import { describe, expect, it } from 'vitest';
import { guardEvent } from '../domain/notify/notify-event.js';
import { NotifyCommand, commandEnv, type SpawnCommand } from './notify-command.js';

/** A fake child: its close and error handlers are kept for the test to call. */
function fakeSpawn() {
  const children: { close?: (code: number | null, signal: string | null) => void; error?: (e: Error) => void; stderr?: (c: string) => void }[] = [];
  const spawn: SpawnCommand = () => {
    const child: (typeof children)[number] = {};
    children.push(child);
    return {
      stdin: { end: () => undefined, on: () => undefined },
      stderr: { on: (_e: 'data', f: (c: Buffer | string) => void) => void (child.stderr = (c) => f(c)) },
      on: (event: 'error' | 'close', f: never) => void (event === 'close' ? (child.close = f) : (child.error = f)),
    } as ReturnType<SpawnCommand>;
  };
  return { spawn, children };
}

describe('notify command', () => {
  it('one at a time: a notification while the last still runs is dropped and said in the log', () => {
    const f = fakeSpawn();
    const logs: string[] = [];
    const c = new NotifyCommand({ argv: ['notify-send'], env: {}, spawn: f.spawn, log: (l) => logs.push(l) });
    expect(c.run(guardEvent('a', 0))).toBe(true);
    expect(c.run(guardEvent('b', 0))).toBe(false);
    expect(f.children).toHaveLength(1);
    f.children[0]!.close!(0, null);
    expect(c.run(guardEvent('c', 0))).toBe(true);
    expect(logs).toEqual(['notify command: still running, a notification was not passed to it']);
  });

  it('notify-command-failure-not-fatal: a missing program, an exit code or a timeout is logged (stderr sanitized) and the next one runs', () => {
    const f = fakeSpawn();
    const logs: string[] = [];
    const c = new NotifyCommand({ argv: ['nope'], env: {}, spawn: f.spawn, log: (l) => logs.push(l) });
    c.run(guardEvent('a', 0));
    f.children[0]!.error!(new Error('spawn nope ENOENT'));
    c.run(guardEvent('b', 0));
    f.children[1]!.stderr!('bad \u001b]0;x\u0007 thing\n');
    f.children[1]!.close!(2, null);
    c.run(guardEvent('c', 0));
    f.children[2]!.close!(null, 'SIGTERM');
    expect(logs).toEqual(['notify command nope: spawn nope ENOENT', 'notify command nope: exit 2: bad \\x1b]0;x\\x07 thing', 'notify command nope: ended by SIGTERM (timed out?)']);
  });

  it('the environment it runs with holds no PERPL_ variable nor anything named like a secret', () => {
    expect(commandEnv({ PATH: '/bin', PERPL_HOME: '/h', PERPL_API_KEY: 'k', AWS_SECRET_ACCESS_KEY: 's', GITHUB_TOKEN: 't', DISPLAY: ':0', DBUS_SESSION_BUS_ADDRESS: 'unix:x' })).toEqual({ PATH: '/bin', DISPLAY: ':0', DBUS_SESSION_BUS_ADDRESS: 'unix:x' });
  });
});
