// security-doc-matches-the-code: SECURITY.md exists, the README links it, and every limit it states is the
// one the code enforces (a limit changed in code without the page would make the page lie).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES } from '../../src/app/config/load-config.js';
import { RESERVED_KEYS } from '../../src/app/config/config-table.js';
import { DEFAULT_SCRYPT, MAX_SCRYPT_MEMORY_BYTES, MAX_SCRYPT_WORK } from '../../src/auth/keyfile-crypto.js';
import { MAX_KEY_FILE_BYTES } from '../../src/auth/keyfile.js';
import { MAX_POINTER_BYTES } from '../../src/auth/local-exchange-pointer.js';
import { PAYLOAD_MAX_AGE_MS, REGISTER_PRIMARY_TYPE } from '../../src/auth/enroll-checks.js';
import { LINGER_MS, MAX_BODY_BYTES, MAX_DRAINED_BODY_BYTES } from '../../src/sim/server/http-io.js';
import { SIGNATURE_WINDOW_MS } from '../../src/sim/server/request-auth.js';
import { MAX_CONFIG_KEY_CHARS, MAX_CONFIG_KEY_DEPTH } from '../../src/app/config/config-shape.js';
import { MAX_BODY_FILE_BYTES } from '../../src/cli/subcommands/api.js';
import { MAX_CONTEXT_MARKETS } from '../../src/protocol/decode/context.js';
import { isUnsafeChar } from '../../src/protocol/sanitize-text.js';
import { MAX_PRICE, MAX_SIZE } from '../../src/sim/engine/limits.js';
import { DEFAULT_LIMITS } from '../../src/sim/server/limits.js';
import { MAX_STATE_BYTES } from '../../src/sim/server/state-file.js';
import { MAX_RECORDING_GZIP_BYTES, MAX_RECORDING_TEXT_BYTES } from '../../src/transport/record/reader.js';

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
    expect(text).toContain(`a key nested more than ${MAX_CONFIG_KEY_DEPTH} deep or longer than ${MAX_CONFIG_KEY_CHARS} characters is refused on the text`);
    expect(text).toContain(`a regular file of at most ${mib(MAX_STATE_BYTES)} that this user owns and no one else may write`);
    expect(text).toContain(`a regular file of at most ${kib(MAX_POINTER_BYTES)} that this user owns and no one else may write`);
    expect(text).toContain(`sizes up to 2^${Math.log2(MAX_SIZE + 1)}-1 lots, prices up to 2^${Math.log2(MAX_PRICE + 1)}-1 ticks`);
    expect(text).toContain(`a gzip recording of at most ${mib(MAX_RECORDING_GZIP_BYTES)} that decompresses to at most ${mib(MAX_RECORDING_TEXT_BYTES)}, or a plain one of at most ${mib(MAX_RECORDING_TEXT_BYTES)}`);
    expect(text).toContain(`\`perpl api --body @FILE\` reads only a regular file of at most ${mib(MAX_BODY_FILE_BYTES)}`);
    expect(text).toContain(`A context is read for at most ${MAX_CONTEXT_MARKETS} markets`);
    const limits = DEFAULT_LIMITS;
    expect(text).toContain(
      `headers must arrive within ${limits.httpHeadersTimeoutMs / 1000} s and the whole request within ${limits.httpRequestTimeoutMs / 1000} s, ` +
        `a connection silent for ${limits.httpIdleTimeoutMs / 1000} s is closed, and one address holds at most ${limits.maxHttpConnectionsPerAddress} connections`,
    );
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

  it('security-doc-hardening-holds: what it says of files other users reach, invisible text and the local exchange is what the code does', () => {
    const text = page();
    const source = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    // A key file of another user is refused when running as root too.
    expect(text).toContain('that belongs to another user (root included');
    expect(source('src/auth/keyfile.ts')).not.toContain('uid !== 0');
    // Invisible format characters are escaped like controls.
    expect(text).toContain('bidirectional overrides and invisible format characters (zero-width space and joiners U+200B-U+200D, U+2060-U+2064, U+FEFF, the tags)');
    for (const ch of ['\u200b', '\u200c', '\u200d', '\u2060', '\u2064', '\ufeff', '\u{e0041}']) expect(isUnsafeChar(ch), ch).toBe(true);
    // Recordings and state files are new files, never one another user made; both are read as their own.
    expect(text).toContain('A recording is always a new file: made beside the path with O_EXCL and renamed over it');
    expect(source('src/transport/record/frame-recorder.ts')).toContain('fd: openRecordingFile(opts.path)');
    expect(source('src/transport/record/recording-path.ts')).toContain('createPrivateFile(path)');
    expect(text).toContain('It is saved as a new 0600 file renamed into place');
    expect(source('src/sim/server/state-file.ts')).toContain('writePrivateFile(path,');
    expect(source('src/sim/server/state-file.ts')).toContain('ownOnly: true');
    expect(text).toContain('one position per market, unique ids, no more triggers than the cap), and its wallet key must own its account');
    expect(source('src/sim/engine/engine.ts')).toContain('checkAccountSnapshot(decoded, this.core.maxTriggerOrders)');
    // The local exchange: an upgrade's body is answered, an expiry already past is refused at payload and enroll.
    expect(text).toContain('a socket upgrade carrying one too');
    expect(source('src/sim/server/sim-server.ts')).toContain('upgradeBodyRefusal(req)');
    expect(text).toContain('an enrollment whose `expires_at` has already passed is refused (400)');
    expect(source('src/sim/server/rest-enroll.ts').match(/errorReply\(400, EXPIRES_AT_PAST\)/g)).toHaveLength(2);
  });
});
