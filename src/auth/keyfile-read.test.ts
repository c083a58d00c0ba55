import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireRoot } from '../../test/helpers/ci.js';
import { MAX_KEY_FILE_BYTES, readKeyFile, readPrivateFile } from './keyfile.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-keyfile-read-'));

describe('reading a key file', () => {
  it('key-file-fifo-refused: a FIFO in the key file\'s place is refused at once, naming what it is', async () => {
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    await expect(readKeyFile(fifo)).rejects.toThrow(`key file ${fifo}: is a FIFO, not a key file`);
  });

  it('key-file-oversized-refused: a file far larger than any key file is not read into memory', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ private_key: `0x${'11'.repeat(32)}`, label: 'x'.repeat(MAX_KEY_FILE_BYTES) }), { mode: 0o600 });
    await expect(readKeyFile(big)).rejects.toThrow(`key file ${big}: is larger than 64 KiB: not a key file`);
  });

  it('reads a private regular file as before, and still refuses one others can read', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ private_key: `0x${'11'.repeat(32)}`, label: 'bot' }), { mode: 0o600 });
    expect((await readKeyFile(good)).meta.label).toBe('bot');
    const wide = join(dir, 'wide.json');
    writeFileSync(wide, '{}', { mode: 0o644 });
    await expect(readKeyFile(wide)).rejects.toThrow(/has mode 0644: other users may read it/);
    await expect(readKeyFile(join(dir, 'none.json'))).rejects.toThrow(/does not exist/);
  });

  it('key-file-of-another-user-read-by-root: a 0600 key file another user owns is refused (root: it plants the file)', async (ctx) => {
    requireRoot(ctx);
    const theirs = join(dir, 'theirs.json');
    writeFileSync(theirs, JSON.stringify({ private_key: `0x${'11'.repeat(32)}`, label: 'planted' }), { mode: 0o600 });
    chownSync(theirs, 65_534, 65_534);
    await expect(readKeyFile(theirs)).rejects.toThrow(`key file ${theirs}: belongs to uid 65534, not to this user (${process.getuid!()})`);
    await expect(readPrivateFile(theirs, { what: 'wallet key file' })).rejects.toThrow(`wallet key file ${theirs}: belongs to uid 65534`);
  });
});
