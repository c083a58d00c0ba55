// `perpl keys new | list | show | remove`: local key management. Nothing here prints a seed or a token.

import { promises as fs } from 'node:fs';
import { keyFilePath, keysDir, checkKeyName } from '../../auth/home.js';
import { listKeyNames, readKeyFile, writeKeyFile } from '../../auth/keyfile.js';
import { publicKeyHexOf } from '../../auth/keyfile-format.js';
import { PermanentError, InputError, userMessage } from '../../protocol/errors.js';
import { scopeName } from '../../auth/enroll-request.js';
import { expiryText, isEnrolled, publicKeyOf, showLines } from './describe.js';
import type { CliIo } from './io.js';
import { DEFAULT_KEY_NAME, keyExists, newPassphrase, readNamedKey } from './store.js';
import { randomBytes } from 'node:crypto';

export interface NewKeyResult {
  name: string;
  path: string;
  publicKeyHex: string;
}

/** Creates a fresh Ed25519 key pair under keys/<name>.json (0600), sealed when `encrypt`. */
export async function createKey(io: CliIo, name: string, encrypt: boolean): Promise<NewKeyResult> {
  checkKeyName(name);
  const path = keyFilePath(name, io.env);
  if (keyExists(name, io.env)) {
    throw new PermanentError(`a key named "${name}" already exists (${path})`, { hint: 'pick another --name; an existing key is never overwritten' });
  }
  const passphrase = encrypt ? await newPassphrase(io) : undefined;
  const seed = new Uint8Array(randomBytes(32));
  try {
    await writeKeyFile(path, { createdAt: io.now() }, { seed }, { overwrite: false, tightenDir: true, ...(passphrase === undefined ? {} : { passphrase }) });
    return { name, path, publicKeyHex: publicKeyHexOf(seed) };
  } finally {
    seed.fill(0);
  }
}

export async function keysNew(io: CliIo, name: string | undefined, encrypt: boolean): Promise<number> {
  const r = await createKey(io, name ?? DEFAULT_KEY_NAME, encrypt);
  io.out(r.publicKeyHex);
  io.err(`created key "${r.name}" in ${r.path} (0600${encrypt ? ', encrypted' : ''})`);
  io.err(`next: perpl keys enroll --name ${r.name} --label <label> --wallet-key-file <file>   (or --print-typed-data --address <wallet>)`);
  return 0;
}

export async function keysList(io: CliIo): Promise<number> {
  const dir = keysDir(io.env);
  const names = await listKeyNames(dir);
  if (names.length === 0) {
    io.out(`no keys in ${dir} (create one with \`perpl keys new\`)`);
    return 0;
  }
  const rows: string[][] = [['NAME', 'ENROLLED', 'SCOPE', 'NETWORK', 'EXPIRES', 'PUBLIC KEY', 'LABEL']];
  for (const name of names) {
    try {
      const doc = await readKeyFile(keyFilePath(name, io.env));
      const enrolled = isEnrolled(doc);
      const m = doc.meta;
      rows.push([
        name,
        enrolled ? 'yes' : 'no',
        enrolled ? scopeName(m.scopeMask).split(' ')[0]! : '-',
        m.network ?? (m.chainId ? `chain ${m.chainId}` : '-'),
        enrolled ? expiryText(m.expiresAt, io.now()) : '-',
        publicKeyOf(doc),
        m.label ?? '',
      ]);
    } catch (e) {
      rows.push([name, 'unusable', '', '', '', userMessage(e), '']);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) io.out(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
  return 0;
}

export async function keysShow(io: CliIo, name: string | undefined): Promise<number> {
  if (name === undefined) throw new InputError('which key?', { hint: 'perpl keys show NAME (see `perpl keys list`)' });
  const { path, doc } = await readNamedKey(checkKeyName(name), io.env);
  for (const line of showLines(name, path, doc, io.now())) io.out(line);
  return 0;
}

export async function keysRemove(io: CliIo, name: string | undefined, yes: boolean): Promise<number> {
  if (name === undefined) throw new InputError('which key?', { hint: 'perpl keys remove NAME --yes' });
  const { path, doc } = await readNamedKey(checkKeyName(name), io.env);
  const warning = isEnrolled(doc)
    ? `key "${name}" is enrolled: removing the file does not revoke it (revoke it in the web app's API keys page)`
    : `key "${name}" is not enrolled`;
  if (!yes) {
    if (!io.interactive) throw new PermanentError(`${warning}; pass --yes to remove ${path}`);
    const answer = await io.ask(`${warning}.\nRemove ${path}? [y/N] `, false);
    if (!/^y(es)?$/i.test(answer.trim())) {
      io.err('kept');
      return 1;
    }
  }
  await fs.rm(path);
  io.err(`removed ${path}`);
  if (isEnrolled(doc)) io.err('the key stays active on the exchange until it expires or is revoked in the web app');
  return 0;
}
