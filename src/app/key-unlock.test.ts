import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeyFile } from '../auth/keyfile.js';
import { FakeStdin } from '../../test/helpers/terminal.js';
import { readHiddenLine } from '../lib/hidden-line.js';
import { unlockKeyAtStart } from './key-unlock.js';

const PASS = 'open sesame';
const SEED = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const TOKEN = 'perpl_test_token_0123456789';
let dir: string;
let sealed: string;
let plain: string;
let notEnrolled: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpl-unlock-'));
  const fast = { scrypt: { n: 2 ** 10, r: 8, p: 1 } };
  sealed = join(dir, 'sealed.json');
  plain = join(dir, 'plain.json');
  notEnrolled = join(dir, 'new.json');
  await writeKeyFile(sealed, { chainId: 31337, scopeMask: 3 }, { seed: SEED, apiKey: TOKEN }, { passphrase: PASS, ...fast });
  await writeKeyFile(plain, { chainId: 31337 }, { seed: SEED, apiKey: TOKEN });
  await writeKeyFile(notEnrolled, {}, { seed: SEED }, { passphrase: PASS, ...fast });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class Out {
  text = '';
  write(s: string): boolean {
    this.text += s;
    return true;
  }
}

/** Answers each prompt as it appears with the next line of `answers`. */
function answering(stdin: FakeStdin, out: Out, answers: string[]): void {
  let asked = 0;
  const timer = setInterval(() => {
    const prompts = out.text.split('Passphrase').length - 1;
    if (prompts > asked && answers.length > 0) {
      asked = prompts;
      stdin.write(answers.shift()!);
    }
    if (answers.length === 0) clearInterval(timer);
  }, 5);
}

describe('passphrase at start', () => {
  it('wrong-then-right: says the passphrase is wrong, asks again, unlocks, and leaves raw mode as it was', async () => {
    const stdin = new FakeStdin();
    const out = new Out();
    answering(stdin, out, ['nope\r', `${PASS}\r`]);
    const key = await unlockKeyAtStart({ keyFile: sealed, env: {}, stdin, out });
    expect(key?.kind).toBe('unlocked');
    if (key?.kind !== 'unlocked') return;
    expect(key.credentials.apiKey).toBe(TOKEN);
    expect(out.text).toContain('sealed.json is encrypted');
    expect(out.text).toContain('wrong passphrase, try again (2 tries left)');
    expect(out.text).not.toContain(PASS);
    expect(out.text).not.toContain('nope');
    expect(stdin.rawModeCalls).toEqual([true, false, true, false]);
  });

  it('gives-up-read-only: three wrong answers lock the key with a notice that says why', async () => {
    const stdin = new FakeStdin();
    const out = new Out();
    answering(stdin, out, ['a\r', 'b\r', 'c\r']);
    const key = await unlockKeyAtStart({ keyFile: sealed, env: {}, stdin, out });
    expect(key).toMatchObject({ kind: 'locked', notice: expect.stringMatching(/^wrong passphrase 3 times: read-only; restart to retry, or set PERPL_PASSPHRASE$/) });
    expect(out.text).toContain('wrong passphrase 3 times: starting read-only');
  });

  it('an empty answer starts read-only at once; Ctrl-C cancels the start', async () => {
    const out = new Out();
    const stdin = new FakeStdin();
    answering(stdin, out, ['\r']);
    expect(await unlockKeyAtStart({ keyFile: sealed, env: {}, stdin, out })).toMatchObject({ kind: 'locked', notice: expect.stringContaining('no passphrase entered') });
    const stdin2 = new FakeStdin();
    const out2 = new Out();
    answering(stdin2, out2, ['ab\u0003']);
    await expect(unlockKeyAtStart({ keyFile: sealed, env: {}, stdin: stdin2, out: out2 })).rejects.toThrow(/cancelled/);
  });

  it('nothing is asked for a plain file, with PERPL_PASSPHRASE set, without a TTY, or with no key', async () => {
    const out = new Out();
    expect(await unlockKeyAtStart({ keyFile: plain, env: {}, stdin: new FakeStdin(), out })).toBeNull();
    expect(await unlockKeyAtStart({ keyFile: sealed, env: { PERPL_PASSPHRASE: PASS }, stdin: new FakeStdin(), out })).toBeNull();
    const pipe = Object.assign(new FakeStdin(), { isTTY: false });
    expect(await unlockKeyAtStart({ keyFile: sealed, env: {}, stdin: pipe, out })).toBeNull();
    expect(await unlockKeyAtStart({ keyFile: undefined, env: {}, stdin: new FakeStdin(), out })).toBeNull();
    expect(await unlockKeyAtStart({ keyFile: join(dir, 'missing.json'), env: {}, stdin: new FakeStdin(), out })).toBeNull();
    expect(out.text).toBe('');
  });

  it('a key that decrypts but cannot trade (not enrolled) is locked with the reason', async () => {
    const stdin = new FakeStdin();
    const out = new Out();
    answering(stdin, out, [`${PASS}\r`]);
    const key = await unlockKeyAtStart({ keyFile: notEnrolled, env: {}, stdin, out });
    expect(key).toMatchObject({ kind: 'locked', notice: expect.stringContaining('not enrolled yet') });
  });

  it('readHiddenLine edits with Backspace and Ctrl-U and ignores arrow keys', async () => {
    const stdin = new FakeStdin();
    const out = new Out();
    const answer = readHiddenLine(stdin, out, 'Passphrase: ');
    stdin.write('junk\u0015ab\u007fc\u001b[Ad\r');
    expect(await answer).toEqual({ kind: 'line', value: 'acd' });
    expect(out.text).toBe('Passphrase: \r\n');
  });
});
