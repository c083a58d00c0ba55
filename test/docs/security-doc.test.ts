// security-doc-matches-the-code: SECURITY.md exists, the README links it, and every limit it states is the
// one the code enforces (a limit changed in code without the page would make the page lie).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES } from '../../src/app/config/load-config.js';
import { RESERVED_KEYS } from '../../src/app/config/config-table.js';
import { DEFAULT_SCRYPT, MAX_SCRYPT_MEMORY_BYTES, MAX_SCRYPT_WORK } from '../../src/auth/keyfile-crypto.js';
import { MAX_KEY_FILE_BYTES } from '../../src/auth/keyfile.js';
import { PAYLOAD_MAX_AGE_MS } from '../../src/auth/enroll-checks.js';
import { MAX_BODY_BYTES } from '../../src/sim/server/http-io.js';
import { SIGNATURE_WINDOW_MS } from '../../src/sim/server/request-auth.js';

const ROOT = join(import.meta.dirname, '..', '..');
const page = (): string => readFileSync(join(ROOT, 'SECURITY.md'), 'utf8').replace(/\s+/g, ' ');

describe('SECURITY.md', () => {
  it('security-doc-linked: the README links SECURITY.md, which has the four parts the issue asks for', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('](SECURITY.md)');
    const text = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
    for (const heading of ['## What the terminal trusts', '## What it defends against', '## What it does not defend against', '## Reporting a problem']) {
      expect(text).toContain(heading);
    }
  });

  it('security-doc-matches-the-code: every limit it states is the one enforced', () => {
    const text = page();
    const kib = (bytes: number) => `${bytes / 1024} KiB`;
    const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
    expect(text).toContain(`over ${kib(MAX_KEY_FILE_BYTES)} is refused`);
    expect(text).toContain(`at most ${mib(MAX_CONFIG_BYTES)}`);
    expect(text).toContain(`capped (${mib(MAX_SCRYPT_MEMORY_BYTES)} of memory, ${MAX_SCRYPT_WORK / (DEFAULT_SCRYPT.n * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.p)} times the default work`);
    expect(text).toContain(`n=2^${Math.log2(DEFAULT_SCRYPT.n)}, r=${DEFAULT_SCRYPT.r}, p=${DEFAULT_SCRYPT.p}, ${mib(128 * DEFAULT_SCRYPT.n * DEFAULT_SCRYPT.r)}`);
    expect(text).toContain(`within ${SIGNATURE_WINDOW_MS / 1000} s of its timestamp`);
    expect(text).toContain(`fresh (${PAYLOAD_MAX_AGE_MS / 60_000} minutes)`);
    expect(text).toContain(`a body over ${kib(MAX_BODY_BYTES)} gets a 413`);
    for (const key of RESERVED_KEYS) expect(text).toContain(`\`${key}\``);
  });
});
