import { createPublicKey, verify } from 'node:crypto';
import { TypedDataEncoder, Wallet, verifyTypedData } from 'ethers';
import { describe, expect, it } from 'vitest';
import { publicKeyFromSeed, publicKeyToSpkiDer } from './ed25519.js';
import { normalizeTypedData, proofOfPossession, typedDataChainId, typedDataDigestHex } from './eip712.js';
import { TYPED_DATA_11_FIELDS, TYPED_DATA_6_FIELDS } from './eip712.fixtures.js';
import { recoverTypedDataSigner, signTypedDataWithWallet, walletAddress, walletKeyFromText } from './eip712-wallet.js';

type Sample = typeof TYPED_DATA_11_FIELDS | typeof TYPED_DATA_6_FIELDS;

function ethersDigest(td: Sample): string {
  const { EIP712Domain: _domain, ...types } = td.types;
  return TypedDataEncoder.hash(td.domain, types, td.message);
}

const SEED = new Uint8Array(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex'));
const WALLET_KEY = walletKeyFromText('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'test');

describe.each([
  ['11-field (current) payload', TYPED_DATA_11_FIELDS],
  ['6-field (older) payload', TYPED_DATA_6_FIELDS],
])('EIP-712 digest of a %s', (_name, sample) => {
  it('equals ethers TypedDataEncoder.hash (hex chainId and time hashed as integers)', () => {
    expect(typedDataDigestHex(sample)).toBe(ethersDigest(sample));
  });

  it('gives a proof of possession that node:crypto verifies over the 32-byte digest', () => {
    const pop = proofOfPossession(SEED, sample);
    expect(pop).toMatch(/^0x[0-9a-f]{128}$/);
    const key = createPublicKey({ key: publicKeyToSpkiDer(publicKeyFromSeed(SEED)), format: 'der', type: 'spki' });
    const digest = Buffer.from(typedDataDigestHex(sample).slice(2), 'hex');
    expect(verify(null, digest, key, Buffer.from(pop.slice(2), 'hex'))).toBe(true);
  });

  it('makes a wallet signature that ethers and viem both attribute to the wallet', async () => {
    const sig = await signTypedDataWithWallet(WALLET_KEY, sample);
    const { EIP712Domain: _d, ...types } = sample.types;
    expect(verifyTypedData(sample.domain, types, sample.message, sig)).toBe(new Wallet(WALLET_KEY).address);
    expect(await recoverTypedDataSigner(sample, sig)).toBe(walletAddress(WALLET_KEY));
  });
});

describe('typed data conversion', () => {
  it('hashes chainId "0x8f" the same as the integer 143 (a string-hashed chain id is a server 400)', () => {
    const asNumber = { ...TYPED_DATA_11_FIELDS, domain: { ...TYPED_DATA_11_FIELDS.domain, chainId: 143 } };
    const asDecimal = { ...TYPED_DATA_11_FIELDS, domain: { ...TYPED_DATA_11_FIELDS.domain, chainId: '143' } };
    expect(typedDataDigestHex(asNumber)).toBe(typedDataDigestHex(TYPED_DATA_11_FIELDS));
    expect(typedDataDigestHex(asDecimal)).toBe(typedDataDigestHex(TYPED_DATA_11_FIELDS));
    expect(normalizeTypedData(TYPED_DATA_11_FIELDS).message.time).toBe(0x1a0ced1983cn);
    expect(typedDataChainId(TYPED_DATA_11_FIELDS)).toBe(143);
  });

  it('signs exactly the served fields: an extra message field is ignored, a missing one is refused', () => {
    const extra = { ...TYPED_DATA_6_FIELDS, message: { ...TYPED_DATA_6_FIELDS.message, unexpected: 'x' } };
    expect(typedDataDigestHex(extra)).toBe(typedDataDigestHex(TYPED_DATA_6_FIELDS));
    const { label: _l, ...missing } = TYPED_DATA_6_FIELDS.message;
    expect(() => typedDataDigestHex({ ...TYPED_DATA_6_FIELDS, message: missing })).toThrow(/message.label is missing/);
  });

  it('refuses a wallet signature that is not 65 bytes of hex', async () => {
    await expect(recoverTypedDataSigner(TYPED_DATA_6_FIELDS, '0x1234')).rejects.toThrow(/malformed/);
  });

  it('never quotes an out-of-range wallet key (viem would print it as a number)', () => {
    const beyondOrder = walletKeyFromText(`0x${'ff'.repeat(32)}`, 'test');
    const err = (() => {
      try {
        walletAddress(beyondOrder);
      } catch (e) {
        return String(e);
      }
      return 'no error';
    })();
    expect(err).toContain('not a valid secp256k1 key');
    expect(err).not.toContain(BigInt(beyondOrder).toString());
  });

  it('never quotes a wallet key that is not 64 hex', () => {
    const bad = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f3623';
    expect(() => walletKeyFromText(bad, 'PERPL_WALLET_KEY')).toThrow(/PERPL_WALLET_KEY is not 64 hex/);
    try {
      walletKeyFromText(bad, 'x');
    } catch (e) {
      expect(String(e)).not.toContain(bad.slice(2));
    }
  });
});
