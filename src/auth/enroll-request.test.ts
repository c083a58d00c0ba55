import { describe, expect, it } from 'vitest';
import { buildPayloadRequest, checkCidr, parseExpiry, scopeMaskFor } from './enroll-request.js';
import { checkFresh, checkServedTypedData } from './enroll-checks.js';
import { enrollHttpError } from './enroll-errors.js';
import { summarizeTypedData } from './enroll-summary.js';
import { TYPED_DATA_11_FIELDS } from './eip712.fixtures.js';

const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);
const PUB = '0xd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const SIGNER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

describe('enrollment request building', () => {
  it('maps trade to scope mask 3 (trade implies read) and read to 1', () => {
    expect(scopeMaskFor('trade')).toBe(3);
    expect(scopeMaskFor('read')).toBe(1);
    expect(() => scopeMaskFor('admin')).toThrow(/unknown scope/);
  });

  it('parses expiry dates and durations into future ms, and refuses the past', () => {
    expect(parseExpiry('30d', NOW)).toBe(NOW + 30 * 86_400_000);
    expect(parseExpiry('2026-12-31', NOW)).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
    expect(parseExpiry('2026-12-01T18:00:00Z', NOW)).toBe(Date.UTC(2026, 11, 1, 18));
    expect(parseExpiry('never', NOW)).toBe(0);
    expect(() => parseExpiry('2020-01-01', NOW)).toThrow(/in the past/);
    expect(() => parseExpiry('tomorrow', NOW)).toThrow(/not a date/);
  });

  it('accepts IPv4 and IPv6 CIDRs and refuses bare addresses and bad prefixes', () => {
    for (const ok of ['203.0.113.0/24', '10.0.0.1/32', '2001:db8::/48', '::1/128']) expect(checkCidr(ok)).toBe(ok);
    for (const bad of ['203.0.113.0', '10.0.0.0/33', '2001:db8::/129', 'example.com/8', '1.2.3/8', '10.0.0.0/-1']) {
      expect(() => checkCidr(bad)).toThrow(/not an IPv4 or IPv6 CIDR/);
    }
  });

  it('builds the payload body with only the fields given; a missing label is refused', () => {
    const body = buildPayloadRequest({ chainId: 10143, address: SIGNER, publicKeyHex: PUB, scopeMask: 3, label: ' bot ', ipCidrs: ['10.0.0.0/8'] });
    expect(body).toEqual({ chain_id: 10143, address: SIGNER, public_key: PUB, scope_mask: 3, label: 'bot', ip_cidrs: ['10.0.0.0/8'] });
    expect(() => buildPayloadRequest({ chainId: 1, address: SIGNER, publicKeyHex: PUB, scopeMask: 1, label: '' })).toThrow(/--label is required/);
    expect(() => buildPayloadRequest({ chainId: 1, address: '0x12', publicKeyHex: PUB, scopeMask: 1, label: 'x' })).toThrow(/not an Ethereum address/);
  });
});

describe('checks on served typed data', () => {
  const expected = { chainId: 143, address: SIGNER, publicKeyHex: PUB };

  it('accepts typed data for our chain, wallet and key (base64url publicKey)', () => {
    expect(() => checkServedTypedData(TYPED_DATA_11_FIELDS, expected)).not.toThrow();
  });

  it('refuses typed data for another chain, wallet or key before signing', () => {
    expect(() => checkServedTypedData(TYPED_DATA_11_FIELDS, { ...expected, chainId: 10143 })).toThrow(/wrong chain: the typed data is for chain 143/);
    expect(() => checkServedTypedData(TYPED_DATA_11_FIELDS, { ...expected, address: `0x${'1'.repeat(40)}` })).toThrow(/names signer/);
    expect(() => checkServedTypedData(TYPED_DATA_11_FIELDS, { ...expected, publicKeyHex: `0x${'22'.repeat(32)}` })).toThrow(/different API public key/);
  });

  it('typed-data-must-be-the-registration: another primaryType, or one leaving out chain id, signer or key, is refused', () => {
    const td = TYPED_DATA_11_FIELDS;
    const fields = td.types.PerplRegisterApiKey;
    const without = (name: string) => ({ ...td, types: { ...td.types, PerplRegisterApiKey: fields.filter((f) => f.name !== name) } });
    const renamed = { ...td, primaryType: 'Permit', types: { EIP712Domain: td.types.EIP712Domain, Permit: fields } };
    expect(() => checkServedTypedData(renamed, expected)).toThrow(/the typed data is a Permit, not the PerplRegisterApiKey registration .*refused, nothing signed/);
    const { chainId: _c, ...domainWithoutChain } = td.domain;
    expect(() => checkServedTypedData({ ...td, domain: domainWithoutChain }, expected)).toThrow(/names no chain id/);
    // Listed in the domain's values but not among its signed fields: not covered by the signature.
    const unsignedChain = { ...td, types: { ...td.types, EIP712Domain: td.types.EIP712Domain.filter((f) => f.name !== 'chainId') } };
    expect(() => checkServedTypedData(unsignedChain, expected)).toThrow(/names no chain id/);
    const { signer: _s, ...messageWithoutSigner } = td.message;
    expect(() => checkServedTypedData({ ...td, message: messageWithoutSigner }, expected)).toThrow(/names no signer/);
    expect(() => checkServedTypedData(without('signer'), expected)).toThrow(/names no signer/);
    const { publicKey: _p, ...messageWithoutKey } = td.message;
    expect(() => checkServedTypedData({ ...td, message: messageWithoutKey }, expected)).toThrow(/names no API public key/);
    expect(() => checkServedTypedData(without('publicKey'), expected)).toThrow(/names no API public key/);
  });

  it('refuses payloads older than 15 minutes by issue time or fetch time', () => {
    const issued = 0x1a0ced1983c;
    expect(() => checkFresh(TYPED_DATA_11_FIELDS, issued, issued + 14 * 60_000)).not.toThrow();
    expect(() => checkFresh(TYPED_DATA_11_FIELDS, issued + 60 * 60_000, issued + 16 * 60_000)).toThrow(/stale/);
  });

  it('summarizes what the wallet authorizes in human form', () => {
    const text = summarizeTypedData(TYPED_DATA_11_FIELDS, NOW).join('\n');
    expect(text).toMatch(/signer\s+0x8ba1f109551bD432803012645Ac136ddd64DBA72/);
    expect(text).toMatch(/scope\s+trade \(read \+ trade\)/);
    expect(text).toMatch(/expires\s+never/);
    expect(text).toMatch(/ip allow-list\s+any address/);
    expect(text).toMatch(/chain\s+143/);
  });
});

describe('enrollment HTTP errors', () => {
  const ctx = { appUrl: 'https://app.example', step: 'enroll' as const };
  it('explains each documented status with a next step', () => {
    expect(enrollHttpError(404, ctx).hint).toContain('create the exchange account first in the web app (https://app.example)');
    expect(enrollHttpError(409, ctx).hint).toContain('perpl keys new');
    expect(enrollHttpError(422, ctx).hint).toContain('drop --origin');
    expect(enrollHttpError(423, ctx).hint).toContain('https://app.example/apikeys');
    expect(enrollHttpError(400, { ...ctx, serverMessage: 'stale payload' }).shortMessage).toContain('too old');
    expect(enrollHttpError(400, { ...ctx, serverMessage: 'wrong chain_id' }).shortMessage).toContain('wrong chain');
    expect(enrollHttpError(401, { ...ctx, serverMessage: 'proof of possession does not verify' }).shortMessage).toContain('signature does not verify');
    expect(enrollHttpError(503, ctx).retryable).toBe(true);
    expect(enrollHttpError(409, ctx).retryable).toBe(false);
  });
});
