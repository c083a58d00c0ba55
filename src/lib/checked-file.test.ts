import { chmodSync, chownSync, closeSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireRoot } from '../../test/helpers/ci.js';
import { byteSize, createPrivateFile, FileRefusal, notOwnReason, readCheckedFile, writePrivateFile } from './checked-file.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-checked-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const uid = process.getuid!();

describe('checked files', () => {
  it('reads a regular file within its size; nothing there is null; a folder or more bytes is refused with why', () => {
    const file = join(dir, 'a.json');
    writeFileSync(file, '{}');
    expect(readCheckedFile(file, { maxBytes: 2 })?.toString()).toBe('{}');
    expect(readCheckedFile(join(dir, 'none'), { maxBytes: 2 })).toBeNull();
    expect(() => readCheckedFile(file, { maxBytes: 1 })).toThrow(new FileRefusal('is larger than 1 bytes'));
    mkdirSync(join(dir, 'folder'));
    expect(() => readCheckedFile(join(dir, 'folder'), { maxBytes: 2 })).toThrow('is a folder, not a regular file');
    expect(byteSize(64 * 1024)).toBe('64 KiB');
    expect(byteSize(16 * 1024 * 1024)).toBe('16 MiB');
  });

  it('own-only-reads-another-users-file: a file another user owns is refused own-only, read otherwise (root: it plants the file)', (ctx) => {
    requireRoot(ctx);
    const theirs = join(dir, 'theirs');
    writeFileSync(theirs, 'x');
    chownSync(theirs, 65_534, 65_534);
    expect(() => readCheckedFile(theirs, { maxBytes: 10, ownOnly: true })).toThrow(`belongs to uid 65534, not to this user (${uid})`);
    expect(readCheckedFile(theirs, { maxBytes: 10 })?.toString()).toBe('x');
  });

  it('own-only: a file group or others may write is refused; one others may only read is ours', () => {
    const groupWritable = join(dir, 'group');
    writeFileSync(groupWritable, 'x');
    chmodSync(groupWritable, 0o620);
    expect(notOwnReason(statSync(groupWritable))).toBe('has mode 0620: other users may write to it');
    chmodSync(groupWritable, 0o644);
    expect(notOwnReason(statSync(groupWritable))).toBeNull();
  });

  it('a private file is made fresh and renamed over the path: never written through a link, never an old file reused', () => {
    const path = join(dir, 'out.txt');
    writePrivateFile(path, 'one');
    writePrivateFile(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const fd = createPrivateFile(path);
    writeSync(fd, 'three');
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('three');
    // No temporary file is left behind.
    expect(readdirSync(dir).filter((n) => n.includes('.tmp'))).toEqual([]);
    const target = join(dir, 'target');
    writeFileSync(target, 'keep');
    const link = join(dir, 'link');
    symlinkSync(target, link);
    expect(() => writePrivateFile(link, 'x')).toThrow('is a symbolic link, not a regular file');
    expect(readFileSync(target, 'utf8')).toBe('keep');
  });
});
