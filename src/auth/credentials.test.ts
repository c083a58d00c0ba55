import { mkdtempSync, writeFileSync, statSync, chmodSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCredentials, makeCredentials } from './credentials.js';
import { keysDir, resolveKeyFile } from './home.js';
import { perplHome } from '../lib/perpl-home.js';
import { writeKeyFile, writeSecretFile } from './keyfile.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-creds-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const SEED_HEX = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
// RFC 8032 test 1: this seed's public key.
const PUBLIC_HEX = '0xd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const TOKEN = 'tok_live_SECRET_0123456789';
const FAST_SCRYPT = { n: 2 ** 10, r: 8, p: 1 };

function file(name: string, content: string, mode = 0o600): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode });
  chmodSync(path, mode);
  return path;
}

describe('perplHome', () => {
  it('uses PERPL_HOME when set, so tests and multiple profiles never touch the real home', () => {
    expect(perplHome({ PERPL_HOME: '/tmp/x' })).toBe('/tmp/x');
    expect(keysDir({ PERPL_HOME: '/tmp/x' })).toBe('/tmp/x/keys');
  });
  it('defaults to ~/.config/perpl', () => {
    expect(perplHome({ HOME: '/home/u' })).toBe('/home/u/.config/perpl');
  });
  it('resolves a bare key name under keys/ and refuses path tricks', () => {
    expect(resolveKeyFile('main', { PERPL_HOME: '/h' })).toBe('/h/keys/main.json');
    expect(resolveKeyFile('/abs/k.json', { PERPL_HOME: '/h' })).toBe('/abs/k.json');
    expect(() => resolveKeyFile('..', { PERPL_HOME: '/h' })).toThrow(/not a valid key name/);
  });
});

describe('loadCredentials from a key file', () => {
  it('reads token, seed and metadata; 0x prefix optional', async () => {
    const path = file('ok.json', JSON.stringify({ api_key: TOKEN, private_key: `0x${SEED_HEX}`, chain_id: '0x279f', network: 'testnet', scope_mask: 3 }));
    const c = await loadCredentials({ keyFile: path, env: {} });
    expect(c?.apiKey).toBe(TOKEN);
    expect(Buffer.from(c!.seed).toString('hex')).toBe(SEED_HEX);
    expect(c?.publicKeyHex).toBe(PUBLIC_HEX);
    expect(c?.chainId).toBe(10143);
    expect(c?.network).toBe('testnet');
    expect(c?.source).toBe(path);
  });

  it('refuses a 0644 key file, naming the file and the fix', async () => {
    const path = file('wide.json', JSON.stringify({ api_key: TOKEN, private_key: SEED_HEX }), 0o644);
    await expect(loadCredentials({ keyFile: path, env: {} })).rejects.toThrow(`key file ${path}: has mode 0644`);
    await expect(loadCredentials({ keyFile: path, env: {} })).rejects.toMatchObject({ hint: `run: chmod 600 ${path}` });
  });

  it('refuses invalid JSON without echoing the content', async () => {
    const path = file('bad.json', `{"api_key": "${TOKEN}", "private_key": "${SEED_HEX}"`);
    const err = await loadCredentials({ keyFile: path, env: {} }).catch((e: Error) => e);
    expect(String(err)).toContain(`key file ${path}: is not valid JSON`);
    expect(String(err)).not.toContain(TOKEN);
    expect(String(err)).not.toContain(SEED_HEX);
  });

  it('names a missing private_key and a missing api_key', async () => {
    const noSeed = file('noseed.json', JSON.stringify({ api_key: TOKEN }));
    await expect(loadCredentials({ keyFile: noSeed, env: {} })).rejects.toThrow(/"private_key" field is missing/);
    const noToken = file('notoken.json', JSON.stringify({ private_key: SEED_HEX }));
    await expect(loadCredentials({ keyFile: noToken, env: {} })).rejects.toThrow(/"api_key" field is missing: this key is not enrolled/);
  });

  it('refuses a seed that is not 32 bytes, without printing it', async () => {
    const short = SEED_HEX.slice(0, 62);
    const path = file('short.json', JSON.stringify({ api_key: TOKEN, private_key: short }));
    const err = await loadCredentials({ keyFile: path, env: {} }).catch((e: Error) => e);
    expect(String(err)).toMatch(/62 hex characters, expected 64/);
    expect(String(err)).not.toContain(short);
  });

  it('refuses a public_key that does not belong to the seed', async () => {
    const path = file('mismatch.json', JSON.stringify({ api_key: TOKEN, private_key: SEED_HEX, public_key: `0x${'11'.repeat(32)}` }));
    await expect(loadCredentials({ keyFile: path, env: {} })).rejects.toThrow(/does not belong/);
  });
});

describe('encrypted key files', () => {
  const seed = new Uint8Array(Buffer.from(SEED_HEX, 'hex'));

  it('round-trips through scrypt + AES-GCM and keeps secrets out of the file', async () => {
    const path = join(dir, 'keys', 'sealed.json');
    await writeKeyFile(path, { label: 'bot', network: 'local' }, { seed, apiKey: TOKEN }, { passphrase: 'correct horse', scrypt: FAST_SCRYPT });
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(SEED_HEX);
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text)).toMatchObject({ version: 1, public_key: PUBLIC_HEX, label: 'bot', encrypted: { kdf: 'scrypt' } });
    const c = await loadCredentials({ keyFile: path, env: {}, passphrase: async () => 'correct horse' });
    expect(c?.apiKey).toBe(TOKEN);
    const viaEnv = await loadCredentials({ keyFile: path, env: { PERPL_PASSPHRASE: 'correct horse' } });
    expect(viaEnv?.publicKeyHex).toBe(PUBLIC_HEX);
  });

  it('says "wrong passphrase" instead of returning garbage', async () => {
    const path = join(dir, 'keys', 'sealed2.json');
    await writeKeyFile(path, {}, { seed, apiKey: TOKEN }, { passphrase: 'right', scrypt: FAST_SCRYPT });
    await expect(loadCredentials({ keyFile: path, env: { PERPL_PASSPHRASE: 'wrong' } })).rejects.toThrow(/wrong passphrase/);
    await expect(loadCredentials({ keyFile: path, env: {} })).rejects.toThrow(/encrypted and no passphrase is available/);
  });
});

describe('loadCredentials from the environment', () => {
  it('returns null when nothing is configured', async () => {
    expect(await loadCredentials({ env: {} })).toBeNull();
  });
  it('reads PERPL_API_KEY + PERPL_API_SECRET and refuses half a pair', async () => {
    const c = await loadCredentials({ env: { PERPL_API_KEY: TOKEN, PERPL_API_SECRET: SEED_HEX } });
    expect(c?.source).toBe('environment');
    expect(c?.publicKeyHex).toBe(PUBLIC_HEX);
    await expect(loadCredentials({ env: { PERPL_API_KEY: TOKEN } })).rejects.toThrow(/PERPL_API_SECRET is not/);
    await expect(loadCredentials({ env: { PERPL_API_KEY: TOKEN, PERPL_API_SECRET: 'zz' } })).rejects.toThrow(/not a valid Ed25519 seed/);
  });
});

describe('credentials never leak when logged', () => {
  it('redacts token and seed in JSON, inspect, template strings, spread and keys', () => {
    const c = makeCredentials(TOKEN, new Uint8Array(Buffer.from(SEED_HEX, 'hex')), 'test', { label: 'x' });
    const seedBytes = Array.from(c.seed).join(', ');
    for (const text of [JSON.stringify(c), inspect(c, { depth: 5, showHidden: false }), `${String(c)}`, JSON.stringify({ ...c }), Object.keys(c).join()]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(SEED_HEX);
      expect(text).not.toContain(seedBytes);
    }
    expect(JSON.stringify(c)).toContain(PUBLIC_HEX);
    expect(c.apiKey).toBe(TOKEN);
  });
});

describe('writeSecretFile', () => {
  it('never changes the mode of a directory the user chose, but narrows perpl\'s own when asked', async () => {
    const shared = join(dir, 'shared');
    await writeSecretFile(join(shared, 'a.json'), '{}');
    chmodSync(shared, 0o755);
    await writeSecretFile(join(shared, 'b.json'), '{}');
    expect(statSync(shared).mode & 0o777).toBe(0o755);
    await writeSecretFile(join(shared, 'c.json'), '{}', { tightenDir: true });
    expect(statSync(shared).mode & 0o777).toBe(0o700);
  });

  it('creates the file 0600 in a 0700 directory and refuses to clobber when asked', async () => {
    const path = join(dir, 'private', 'sub', 'k.json');
    await writeSecretFile(path, '{}', { overwrite: false });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'private', 'sub')).mode & 0o777).toBe(0o700);
    await expect(writeSecretFile(path, '{"x":1}', { overwrite: false })).rejects.toThrow(/already exists/);
    expect(readFileSync(path, 'utf8')).toBe('{}');
    await writeSecretFile(path, '{"x":1}');
    expect(readFileSync(path, 'utf8')).toBe('{"x":1}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
