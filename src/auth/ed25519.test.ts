import { describe, expect, it } from 'vitest';
import { InvalidSeedError, publicKeyFromSeed, seedFromHex, signEd25519, verifyEd25519 } from './ed25519.js';

// RFC 8032 section 7.1, tests 1 and 2 (published constants).
const RFC = [
  {
    seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    pub: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    msg: '',
    sig: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    seed: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    pub: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    msg: '72',
    sig: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
];
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('ed25519', () => {
  it.each(RFC)('pkcs8-prefix-signing-matches-rfc8032 ($pub)', ({ seed, pub, msg, sig }) => {
    const s = seedFromHex(seed);
    expect(hex(publicKeyFromSeed(s))).toBe(pub);
    expect(hex(signEd25519(s, Buffer.from(msg, 'hex')))).toBe(sig);
    expect(verifyEd25519(Buffer.from(pub, 'hex'), Buffer.from(msg, 'hex'), Buffer.from(sig, 'hex'))).toBe(true);
  });

  it('string-messages-are-signed-as-utf8', () => {
    const s = seedFromHex(RFC[0]!.seed);
    expect(hex(signEd25519(s, 'héllo'))).toBe(hex(signEd25519(s, Buffer.from('héllo', 'utf8'))));
  });

  it('tampered-message-or-signature-does-not-verify', () => {
    const s = seedFromHex(RFC[0]!.seed);
    const pub = publicKeyFromSeed(s);
    const sig = signEd25519(s, 'abc');
    expect(verifyEd25519(pub, 'abd', sig)).toBe(false);
    const bad = Uint8Array.from(sig);
    bad[0] = bad[0]! ^ 1;
    expect(verifyEd25519(pub, 'abc', bad)).toBe(false);
    expect(verifyEd25519(pub, 'abc', sig.subarray(0, 63))).toBe(false);
    expect(verifyEd25519(pub.subarray(0, 31), 'abc', sig)).toBe(false);
  });

  it('seed-accepts-0x-prefix-and-whitespace', () => {
    expect(hex(seedFromHex(`  0x${RFC[0]!.seed.toUpperCase()}\n`))).toBe(RFC[0]!.seed);
  });

  it.each([
    ['', /empty/],
    ['0x', /empty/],
    ['zz'.repeat(32), /not hex/],
    ['ab'.repeat(31), /62 hex characters/],
    ['ab'.repeat(33), /66 hex characters/],
  ])('bad-seed-is-refused-without-echoing-it (%s)', (input, reason) => {
    let caught: unknown;
    try {
      seedFromHex(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InvalidSeedError);
    const err = caught as InvalidSeedError;
    expect(err.shortMessage).toMatch(reason);
    if (input.length > 4) expect(err.message).not.toContain(input.slice(0, 8));
  });

  it('seed-of-wrong-length-is-refused-when-signing', () => {
    expect(() => signEd25519(new Uint8Array(31), 'x')).toThrow(InvalidSeedError);
  });
});
