import { TypedDataEncoder } from 'ethers';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  buildEnrollmentTypedData,
  enrollmentDigest,
  enrollmentMac,
  macMatches,
  recoverEnrollmentSigner,
} from './enrollment-typed-data.js';

const WALLET = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

function sample() {
  return buildEnrollmentTypedData({
    chainId: 143,
    signer: WALLET.address,
    publicKey: new Uint8Array(32).fill(7),
    effectiveScope: 3,
    label: 'my-tui',
    expiresAt: 0,
    ipCidrs: ['10.0.0.0/8', '::1/128'],
    origin: '',
    timeMs: 1_790_000_000_000,
  });
}

describe('enrollment typed data', () => {
  it('served-shape: hex chainId and time, zero verifyingContract, salt of 20 zero bytes + 12 request bytes', () => {
    const td = sample();
    expect(td.primaryType).toBe('PerplRegisterApiKey');
    expect(td.domain).toMatchObject({ name: 'perpl.xyz', version: '1', chainId: '0x8f' });
    expect(td.domain['verifyingContract']).toBe('0x0000000000000000000000000000000000000000');
    expect(td.domain['salt']).toMatch(/^0x0{40}[0-9a-f]{24}$/);
    expect(td.message['time']).toBe(`0x${(1_790_000_000_000).toString(16)}`);
    expect(td.message['publicKey']).toBe(Buffer.alloc(32, 7).toString('base64url'));
    expect(td.message['ipCidrs']).toBe('10.0.0.0/8,::1/128');
    expect(td.types['PerplRegisterApiKey']!.map((f) => f.name)).toEqual([
      'signer', 'statement', 'publicKey', 'scope', 'label', 'expiresAt', 'ipCidrs', 'origin', 'builderId', 'maxBuilderFeePer100K', 'time',
    ]);
  });

  it('digest-matches-ethers: the viem digest equals an independent EIP-712 implementation', async () => {
    const td = sample();
    const { EIP712Domain: _d, ...types } = td.types;
    const ethersDigest = TypedDataEncoder.hash(td.domain, types, td.message);
    expect(`0x${Buffer.from(await enrollmentDigest(td)).toString('hex')}`).toBe(ethersDigest);
  });

  it('signer-recovered: a wallet signature recovers the signing address; a tampered message does not', async () => {
    const td = sample();
    const { EIP712Domain: _d, ...types } = td.types;
    const signature = await WALLET.signTypedData({
      domain: { ...td.domain, chainId: BigInt(td.domain['chainId'] as string) },
      types,
      primaryType: 'PerplRegisterApiKey',
      message: { ...td.message, time: BigInt(td.message['time'] as string) },
    } as Parameters<typeof WALLET.signTypedData>[0]);
    expect(await recoverEnrollmentSigner(td, signature)).toBe(WALLET.address.toLowerCase());
    const tampered = { ...td, message: { ...td.message, scope: '1' } };
    expect(await recoverEnrollmentSigner(tampered, signature)).not.toBe(WALLET.address.toLowerCase());
    expect(await recoverEnrollmentSigner(td, '0x1234')).toBeUndefined();
  });

  it('mac-binds-payload: any change to typed_data breaks the MAC, key order does not', () => {
    const secret = new Uint8Array(32).fill(1);
    const td = sample();
    const mac = enrollmentMac(secret, td);
    const reordered = JSON.parse(JSON.stringify({ message: td.message, domain: td.domain, primaryType: td.primaryType, types: td.types }));
    expect(macMatches(secret, reordered, mac)).toBe(true);
    expect(macMatches(secret, { ...td, message: { ...td.message, scope: '1' } }, mac)).toBe(false);
    expect(macMatches(new Uint8Array(32), td, mac)).toBe(false);
  });
});
