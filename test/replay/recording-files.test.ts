// The files behind `perpl --record FILE` and `perpl replay FILE`, where other users may reach them.
// Replay: only a regular file, within a size on the file and on its text (a 1 MB gzip drove a replay to
// 2.1 GB; a FIFO hung it). Record: a fresh private file, never one another user made (a 0666 file in a
// shared folder kept the recording readable by them) or still holds open.

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, lstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { run as runTui } from '../../src/cli/subcommands/tui.js';
import { FrameRecorder, readRecording, recordingText } from '../../src/transport/record/index.js';
import { MAX_RECORDING_GZIP_BYTES, MAX_RECORDING_TEXT_BYTES } from '../../src/transport/record/reader.js';
import { requireRoot } from '../helpers/ci.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-recfiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MIB = 1024 * 1024;
const uid = process.getuid!();

describe('perpl replay reads a bounded regular file', () => {
  it('replay-gzip-bomb-took-2-gb: a 300 KB gzip that inflates past 256 MiB is refused, saying so', () => {
    // 300 gzip members of 1 MiB of zeros each: about 315 KB on disk, 300 MiB inflated.
    const member = gzipSync(Buffer.alloc(MIB));
    const bomb = join(dir, 'bomb.ndjson');
    writeFileSync(bomb, Buffer.concat(Array.from({ length: 300 }, () => member)));
    expect(statSync(bomb).size).toBeLessThan(MIB);
    const started = performance.now();
    expect(() => readRecording(bomb)).toThrow(`the recording ${bomb} decompresses to more than ${MAX_RECORDING_TEXT_BYTES / MIB} MiB: not read`);
    expect(performance.now() - started).toBeLessThan(10_000);
    // Up to the cap, a many-member stream still reads whole.
    expect(recordingText(Buffer.concat([member, member]))).toHaveLength(2 * MIB);
  });

  it('replay-oversized-file: a gzip file past 64 MiB, or a plain one past 256 MiB, is refused before it is inflated or parsed', () => {
    const gz = join(dir, 'big.ndjson.gz');
    writeFileSync(gz, Buffer.from([0x1f, 0x8b]));
    truncateSync(gz, MAX_RECORDING_GZIP_BYTES + 1);
    expect(() => readRecording(gz)).toThrow(`the recording ${gz} is a gzip file larger than 64 MiB: not read`);
    const plain = join(dir, 'big.ndjson');
    writeFileSync(plain, '{');
    truncateSync(plain, MAX_RECORDING_TEXT_BYTES + 1);
    expect(() => readRecording(plain)).toThrow(`the recording ${plain} is larger than 256 MiB: not read`);
  });

  it('replay-fifo-hung: a FIFO in the recording\'s place is refused at once, not waited on', () => {
    const fifo = join(dir, 'fifo.ndjson');
    execFileSync('mkfifo', [fifo]);
    // In a child process: a read that blocks on the FIFO would block this worker for good.
    const script = `import { readRecording } from ${JSON.stringify(new URL('../../src/transport/record/reader.ts', import.meta.url).href)};
      try { readRecording(${JSON.stringify(fifo)}); process.stdout.write('read'); } catch (e) { process.stdout.write(e.message); }`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000, encoding: 'utf8' });
    expect(out).toBe(`the recording ${fifo} is a FIFO, not a regular file: not read`);
  });
});

describe('perpl --record writes a fresh private file', () => {
  const record = (path: string) => new FrameRecorder({ path, network: 'local', chainId: 31337 });

  it('record-into-another-users-file: a 0666 file another user made in a shared folder is refused, untouched (root: it plants the file)', async (ctx) => {
    requireRoot(ctx);
    const planted = join(dir, 'planted.ndjson');
    writeFileSync(planted, 'theirs');
    chmodSync(planted, 0o666);
    chownSync(planted, 65_534, 65_534);
    expect(() => record(planted)).toThrow(`--record: ${planted} belongs to uid 65534, not to this user (${uid}): not recorded over`);
    // Said by the CLI before the screen is taken (no terminal needed to get this far).
    await expect(runTui(['--record', planted])).rejects.toThrow(`--record: ${planted} belongs to uid 65534`);
    expect(readFileSync(planted, 'utf8')).toBe('theirs');
    expect(statSync(planted).uid).toBe(65_534);
  });

  it('record-into-a-file-others-may-write: our own 0666 file, a link or a FIFO is refused too', () => {
    const wide = join(dir, 'wide.ndjson');
    writeFileSync(wide, 'old');
    chmodSync(wide, 0o666);
    expect(() => record(wide)).toThrow(`--record: ${wide} has mode 0666: other users may write to it: not recorded over`);
    const link = join(dir, 'link.ndjson');
    symlinkSync(join(dir, 'elsewhere'), link);
    expect(() => record(link)).toThrow(`--record: ${link} is a symbolic link, not a regular file: not recorded over`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('record-reuses-an-open-file: an old file someone still holds open is replaced, so they never read the new recording', async () => {
    const path = join(dir, 'reused.ndjson');
    writeFileSync(path, 'old text');
    chmodSync(path, 0o644);
    const held = openSync(path, 'r'); // as another user could have opened it while it was 0644
    try {
      const rec = record(path);
      rec.frame('md', 'in', '{"mt":100,"sn":1,"h":1}');
      await rec.close();
      const seen = Buffer.alloc(64);
      const n = readSync(held, seen, 0, 64, 0);
      expect(seen.subarray(0, n).toString()).toBe('old text');
    } finally {
      closeSync(held);
    }
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(recordingText(readFileSync(path))).toContain('"mt":100');
  });
});
