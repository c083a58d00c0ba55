import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposedFolderNotice, exposedKeysFolder } from './keys-folder.js';

describe('a keys folder other users may write to', () => {
  it('is told apart from a private one: group, others, and the perpl home above it', () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-keys-folder-'));
    const env = { PERPL_HOME: home };
    expect(exposedKeysFolder(env)).toBeNull(); // no keys folder yet, home 0700
    mkdirSync(join(home, 'keys'), { mode: 0o700 });
    expect(exposedKeysFolder(env)).toBeNull();
    chmodSync(join(home, 'keys'), 0o770);
    expect(exposedKeysFolder(env)).toEqual({ what: 'keys folder', path: join(home, 'keys'), mode: 0o770, writers: 'group' });
    chmodSync(join(home, 'keys'), 0o1703);
    expect(exposedKeysFolder(env)).toMatchObject({ writers: 'others' });
    chmodSync(join(home, 'keys'), 0o755); // readable but not writable: listing names is not the risk here
    expect(exposedKeysFolder(env)).toBeNull();
    chmodSync(home, 0o777);
    const f = exposedKeysFolder(env);
    expect(f).toMatchObject({ what: 'perpl home', path: home, writers: 'group and others' });
    expect(exposedFolderNotice(f!)).toBe(`perpl home writable by others: chmod 700 ${home}`);
  });
});
