// A passphrase typed at `perpl keys new --encrypt` opens the key when the same keys are pressed at the
// terminal's start, even with an arrow key pressed in the middle: both read through one reader
// (src/lib/hidden-line.ts). Key creation used to keep an arrow's "[D" that the unlock dropped, so such a
// key could never be opened.

import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFilePath } from '../../src/auth/home.js';
import { unlockKeyAtStart } from '../../src/app/key-unlock.js';
import { runKeys } from '../../src/cli/subcommands/keys.js';
import { askHidden } from '../../src/cli/keys/io.js';
import { FakeStdin } from '../helpers/terminal.js';
import { CliHarness } from './cli-harness.js';

const home = mkdtempSync(join(tmpdir(), 'perpl-keystrokes-'));
afterAll(() => rm(home, { recursive: true, force: true }));

/** An output that types `keystrokes` into `stdin` each time a question containing `cue` is written to it. */
function typist(stdin: FakeStdin, cue: string, keystrokes: string) {
  let text = '';
  return {
    write(s: string): boolean {
      text += s;
      if (s.includes(cue)) setImmediate(() => stdin.write(keystrokes));
      return true;
    },
    text: () => text,
  };
}

describe('one passphrase reader for key creation and unlock', () => {
  it('passphrase-with-an-arrow-at-creation-unlocks-at-start: the same keystrokes seal and open the key', async () => {
    // "pass", Left arrow, "word", Enter: the arrow is no character on either side.
    const keystrokes = 'pass\u001b[Dword\r';
    const cli = new CliHarness({ PERPL_HOME: home });
    const creating = new FakeStdin();
    const creatingOut = typist(creating, 'passphrase: ', keystrokes);
    const created = await cli.run(runKeys, ['new', '--name', 'arrowed', '--encrypt'], {
      interactive: true,
      ask: (question, hidden) => (hidden ? askHidden(question, creating, creatingOut) : Promise.reject(new Error('no visible questions'))),
    });
    expect(created.err).toContain('encrypted');
    expect(created.code).toBe(0);
    expect(creatingOut.text()).toContain('Repeat passphrase: ');

    const starting = new FakeStdin();
    const startingOut = typist(starting, 'Passphrase (', keystrokes);
    const key = await unlockKeyAtStart({ keyFile: keyFilePath('arrowed', cli.env), env: cli.env, stdin: starting, out: startingOut, tries: 1 });
    // It decrypts; a fresh key is not enrolled yet, so it stays read-only for that reason, not a wrong passphrase.
    expect(startingOut.text()).not.toContain('wrong passphrase');
    expect(key).toMatchObject({ kind: 'locked', notice: expect.stringContaining('not enrolled') });
    expect(cli.transcript.join('\n')).not.toContain('password');
  });

  it('creation cancels on Ctrl-C and writes no key', async () => {
    const cli = new CliHarness({ PERPL_HOME: home });
    const stdin = new FakeStdin();
    const out = typist(stdin, 'passphrase: ', 'secret\u0003');
    const r = await cli.run(runKeys, ['new', '--name', 'cancelled', '--encrypt'], { interactive: true, ask: (q) => askHidden(q, stdin, out) });
    expect(r.code).toBe(1);
    expect(r.err).toContain('cancelled');
    expect(stdin.rawModeCalls).toEqual([true, false]);
  });
});
