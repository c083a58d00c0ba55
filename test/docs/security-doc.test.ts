// security-doc-matches-the-code: SECURITY.md exists, the README links it, and every limit it states is the
// one the code enforces (a limit changed in code without the page would make the page lie).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES } from '../../src/app/config/load-config.js';
import { RESERVED_KEYS } from '../../src/app/config/config-table.js';
import { DEFAULT_SCRYPT, MAX_SCRYPT_MEMORY_BYTES, MAX_SCRYPT_WORK } from '../../src/auth/keyfile-crypto.js';
import { MAX_KEY_FILE_BYTES } from '../../src/auth/keyfile.js';
import { PAYLOAD_MAX_AGE_MS, REGISTER_PRIMARY_TYPE } from '../../src/auth/enroll-checks.js';
import { LINGER_MS, MAX_BODY_BYTES, MAX_DRAINED_BODY_BYTES } from '../../src/sim/server/http-io.js';
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
    expect(text).toContain(`it must be a \`${REGISTER_PRIMARY_TYPE}\``);
    expect(text).toContain(`up to ${mib(MAX_DRAINED_BODY_BYTES)} the body is read to its end first`);
    expect(text).toContain(`dropped for ${LINGER_MS / 1000} s, and then the connection is cut`);
  });

  it('security-doc-claims-hold: what it says of typed data, redirects, private files and the local exchange is what the code does', () => {
    const text = page();
    // Typed data is the one exception to decoding sanitized; it is shown sanitized.
    expect(text).toContain('One exception is decoded verbatim: the typed data served at enrollment');
    // Every request refuses redirects: the REST transport, the enrollment POSTs and doctor's probes.
    expect(text).toContain('No request follows a redirect');
    const source = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(source('src/transport/rest/transport.ts')).toContain("redirect: 'error'");
    expect(source('src/auth/enroll-http.ts')).toContain("redirect: 'manual'");
    const probes = source('src/cli/doctor/probes.ts');
    expect(probes.match(/await fetch\(/g)).toHaveLength(2);
    expect(probes.match(/await fetch\([^\n]*redirect: 'manual'/g)).toHaveLength(2);
    // The wallet key file and pending enrollments go through the key file's reader.
    expect(text).toContain('The wallet key file (`--wallet-key-file`) and half-finished enrollments (`pending/NAME.json`) are read the same way');
    expect(source('src/cli/keys/enroll.ts')).toContain("readPrivateFile(file, { what: 'wallet key file' })");
    expect(source('src/auth/enroll-pending.ts')).toContain('readPrivateFile(path,');
    // The local exchange: operators removed lose their keys; existence told only to signed requests.
    expect(text).toContain('removing an operator revokes the keys it enrolled for that profile');
    expect(text).toContain('an unsigned probe learns nothing');
  });
});
