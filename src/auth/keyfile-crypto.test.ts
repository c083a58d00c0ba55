import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, MAX_SCRYPT_MEMORY_BYTES, MAX_SCRYPT_WORK, openWithPassphrase, scryptMemoryBytes, sealWithPassphrase, type EncryptedBlock } from './keyfile-crypto.js';
import { KeyFileError, parseKeyFile } from './keyfile-format.js';
import { renderKeyFile } from './keyfile.js';

const SEED = new Uint8Array(32).fill(7);
const FAST = { n: 2 ** 10, r: 8, p: 1 };

/** A sealed key file whose scrypt parameters were edited after sealing (the seal itself is real). */
function sealedFileAsking(params: { n: number; r: number; p: number }): string {
  const doc = JSON.parse(renderKeyFile({}, { seed: SEED, apiKey: 'tok' }, { passphrase: 'pw', scrypt: FAST })) as { encrypted: EncryptedBlock };
  doc.encrypted = { ...doc.encrypted, ...params };
  return JSON.stringify(doc);
}

function refusal(text: string): KeyFileError {
  try {
    parseKeyFile(text, '/k.json');
  } catch (e) {
    if (e instanceof KeyFileError) return e;
    throw e;
  }
  throw new Error('the key file was accepted');
}

describe('scrypt parameters a key file may ask for', () => {
  it('sealed-key-file-cannot-make-the-unlock-spend-gigabytes: memory above 256 MiB is refused before any derivation', () => {
    const e = refusal(sealedFileAsking({ n: 2 ** 20, r: 8, p: 1 }));
    expect(e.shortMessage).toBe('key file /k.json: scrypt n=1048576, r=8 would need 1025 MiB to unlock; refused above 256 MiB');
    expect(e.hint).toMatch(/perpl keys new --encrypt/);
    expect(refusal(sealedFileAsking({ n: 2 ** 16, r: 32, p: 1 })).shortMessage).toMatch(/would need 257 MiB/);
  });

  it('sealed-key-file-cannot-make-the-unlock-spin: work (n*r*p) above 16 times the default is refused', () => {
    expect(refusal(sealedFileAsking({ n: 2 ** 17, r: 8, p: 16 })).shortMessage).toMatch(/n=131072, r=8, p=16 would take 64 times the usual unlock time; refused above 16 times/);
  });

  it.each([
    [{ n: 1, r: 8, p: 1 }, /n=1 is not a power of two/],
    [{ n: 3000, r: 8, p: 1 }, /n=3000 is not a power of two/],
    [{ n: 2 ** 10, r: 0, p: 1 }, /r is not a positive integer/],
    [{ n: 2 ** 10, r: 33, p: 1 }, /r=33 is outside/],
    [{ n: 2 ** 10, r: 8, p: 17 }, /p=17 is outside/],
  ])('malformed scrypt parameters are refused (%o)', (params, reason) => {
    expect(refusal(sealedFileAsking(params)).shortMessage).toMatch(reason);
  });

  it('opening a block refuses the same parameters, so no caller can skip the check', () => {
    const block = sealWithPassphrase(SEED, 'pw', 'aad', FAST);
    expect(() => openWithPassphrase({ ...block, n: 2 ** 21 }, 'pw', 'aad')).toThrow(/refused above 256 MiB/);
    expect(openWithPassphrase(block, 'pw', 'aad')).toEqual(SEED);
  });

  it('what `perpl keys new --encrypt` writes is well within the caps (7x under the memory, 16x under the work)', () => {
    expect(scryptMemoryBytes(DEFAULT_SCRYPT) * 7).toBeLessThanOrEqual(MAX_SCRYPT_MEMORY_BYTES);
    expect(DEFAULT_SCRYPT.n * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.p * 16).toBeLessThanOrEqual(MAX_SCRYPT_WORK);
    const doc = parseKeyFile(renderKeyFile({}, { seed: SEED }, { passphrase: 'pw' }), '/k.json');
    expect(doc.kind === 'sealed' && [doc.encrypted.n, doc.encrypted.r, doc.encrypted.p]).toEqual([2 ** 15, 8, 1]);
  });
});
