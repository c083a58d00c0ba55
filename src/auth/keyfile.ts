// Reading and writing key files. Writes are atomic and private from the first byte: the temp file is
// created 0600 in the target directory (0700), filled, synced, then renamed (or hard-linked when an
// existing file must not be replaced). Reads refuse files other users could read.

import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { byteSize, fileKind, notOwnReason } from '../lib/checked-file.js';
import { PermanentError } from '../protocol/errors.js';
import { openWithPassphrase, sealWithPassphrase, type ScryptParams } from './keyfile-crypto.js';
import {
  KeyFileError,
  metaToJson,
  parseKeyFile,
  parseSecrets,
  publicKeyHexOf,
  secretsToJson,
  type KeyFileDocument,
  type KeyFileMeta,
  type KeySecrets,
} from './keyfile-format.js';

export { KeyFileError } from './keyfile-format.js';
export type { KeyFileDocument, KeyFileMeta, KeySecrets } from './keyfile-format.js';

const IS_POSIX = process.platform !== 'win32';

export interface WriteSecretFileOptions {
  /** When false (default true) an existing file is left alone and the write fails. */
  overwrite?: boolean;
  /**
   * Also narrow an existing parent directory to 0700. Only for perpl's own keys/ and pending/: a
   * directory the user chose (say /tmp) is never changed.
   */
  tightenDir?: boolean;
}

/** Creates `dir` (and missing parents) 0700; with `tighten`, narrows an existing wider one to 0700. */
export async function ensurePrivateDir(dir: string, tighten = false): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (IS_POSIX && tighten) {
    const st = await fs.stat(dir);
    if ((st.mode & 0o077) !== 0) await fs.chmod(dir, 0o700);
  }
}

/** Writes `text` to `path` with mode 0600, atomically; the parent directory is created 0700. */
export async function writeSecretFile(path: string, text: string, options: WriteSecretFileOptions = {}): Promise<void> {
  const dir = dirname(path);
  await ensurePrivateDir(dir, options.tightenDir === true);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx' + mode: the file is born 0600 (umask can only narrow it) and never existed wider.
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (options.overwrite === false) {
      await fs.link(temp, path);
      await fs.unlink(temp);
    } else {
      await fs.rename(temp, path);
    }
  } catch (e) {
    await fs.rm(temp, { force: true });
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new PermanentError(`${path} already exists`, { hint: 'pick another name, or remove the old file first' });
    }
    throw e;
  }
}

/** A key file is a few hundred bytes: anything far larger is not one, and is not read into memory. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/** Refuses a private file for `reason`: a KeyFileError for key files, the same words for the others. */
type Refusal = (reason: string, hint?: string) => PermanentError;

function openError(refuse: Refusal, e: unknown): PermanentError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return refuse('does not exist', 'run `perpl keys list` to see the stored keys');
  if (code === 'EACCES') return refuse('is not readable by this user');
  return refuse(`cannot be read (${code ?? 'error'})`);
}

/** The checks on stats already taken of an open handle, so nothing can swap the file after them. */
function checkPrivateStats(path: string, what: string, refuse: Refusal, st: Stats): void {
  if (!st.isFile()) throw refuse(`is ${fileKind(st)}, not a ${what}`);
  if (st.size > MAX_KEY_FILE_BYTES) throw refuse(`is larger than ${byteSize(MAX_KEY_FILE_BYTES)}: not a ${what}`);
  if (!IS_POSIX) return;
  // Stricter than lib/checked-file's notOwnReason: a secret others may only read is refused too.
  const wider = st.mode & 0o077;
  if (wider !== 0) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
    throw refuse(`has mode ${mode}: other users may read it, so it is refused`, `run: chmod 600 ${path}`);
  }
  // Root included: root may read any file, but one another user owns is theirs to have planted or swapped.
  const foreign = notOwnReason(st);
  if (foreign !== null) throw refuse(foreign);
}

export interface PrivateFileOptions {
  /** What the file is, in messages: "wallet key file", "pending enrollment". */
  what: string;
  /** The error for a file that does not exist (default: "does not exist"). */
  missing?: () => PermanentError;
}

/**
 * The text of a private file (a key file, a wallet key, a pending enrollment), read only when it is a
 * regular file of at most 64 KiB, 0600 and ours. The checks run on the opened file (fstat), opened
 * non-blocking so a FIFO is refused instead of waited on, and nothing can swap the file after them.
 */
export async function readPrivateFile(path: string, options: PrivateFileOptions): Promise<string> {
  const refuse: Refusal = (reason, hint) => new PermanentError(`${options.what} ${path}: ${reason}`, hint === undefined ? {} : { hint });
  return readChecked(path, options.what, refuse, options.missing);
}

async function readChecked(path: string, what: string, refuse: Refusal, missing?: () => PermanentError): Promise<string> {
  let handle;
  try {
    handle = await fs.open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    if (missing !== undefined && (e as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw openError(refuse, e);
  }
  try {
    checkPrivateStats(path, what, refuse, await handle.stat());
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Reads and parses a key file after the permission check (readPrivateFile's); a sealed file stays sealed. */
export async function readKeyFile(path: string): Promise<KeyFileDocument> {
  const refuse: Refusal = (reason, hint) => new KeyFileError(path, reason, hint);
  return parseKeyFile(await readChecked(path, 'key file', refuse), path);
}

/** Supplies a passphrase only when a sealed file needs one. */
export type PassphraseSource = () => Promise<string>;

/** Additional data bound into the seal: swapping the public fields of two sealed files is detected. */
function sealAad(meta: KeyFileMeta): string {
  return `perpl-keyfile-v1:${meta.publicKey ?? ''}`;
}

/** Secrets of a parsed document, decrypting a sealed one with the passphrase. */
export async function unlockKeyFile(doc: KeyFileDocument, path: string, passphrase?: PassphraseSource): Promise<KeySecrets> {
  if (doc.kind === 'plain') return doc.secrets;
  if (!passphrase) {
    throw new KeyFileError(path, 'is encrypted and no passphrase is available', 'set PERPL_PASSPHRASE or run in a terminal to be asked for it');
  }
  const plain = openWithPassphrase(doc.encrypted, await passphrase(), sealAad(doc.meta));
  let inner: unknown;
  try {
    inner = JSON.parse(Buffer.from(plain).toString('utf8'));
  } catch {
    throw new KeyFileError(path, 'the decrypted content is not valid JSON');
  } finally {
    plain.fill(0);
  }
  if (typeof inner !== 'object' || inner === null) throw new KeyFileError(path, 'the decrypted content is not an object');
  return parseSecrets(inner as Record<string, unknown>, doc.meta, path);
}

export interface WriteKeyFileOptions extends WriteSecretFileOptions {
  /** Seal the secrets under this passphrase; plain JSON when absent. */
  passphrase?: string;
  scrypt?: ScryptParams;
}

/** Serializes a key file (public fields + secrets, sealed when a passphrase is given). */
export function renderKeyFile(meta: KeyFileMeta, secrets: KeySecrets, options: Pick<WriteKeyFileOptions, 'passphrase' | 'scrypt'> = {}): string {
  const full: KeyFileMeta = { ...meta, publicKey: publicKeyHexOf(secrets.seed) };
  const body = metaToJson(full);
  const secretJson = secretsToJson(secrets);
  if (options.passphrase === undefined) return `${JSON.stringify({ ...body, ...secretJson }, null, 2)}\n`;
  const plain = Buffer.from(JSON.stringify(secretJson), 'utf8');
  try {
    body.encrypted = sealWithPassphrase(plain, options.passphrase, sealAad(full), options.scrypt);
  } finally {
    plain.fill(0);
  }
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** Writes a key file 0600, atomically. */
export async function writeKeyFile(path: string, meta: KeyFileMeta, secrets: KeySecrets, options: WriteKeyFileOptions = {}): Promise<void> {
  await writeSecretFile(path, renderKeyFile(meta, secrets, options), options);
}

/** Names of the key files in `dir` (without `.json`), sorted; empty when the directory is missing. */
export async function listKeyNames(dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return entries
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}
