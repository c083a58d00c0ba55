import { describe, expect, it } from 'vitest';
import { bodyHash, restCanonicalString, signedTarget, wsSignInCanonicalString } from './canonical.js';

describe('canonical strings', () => {
  it('empty-body-hash-is-sha256-of-empty-string', () => {
    expect(bodyHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('api-prefix-is-not-signed', () => {
    expect(signedTarget('/api/v1/trading/fills?count=1')).toBe('/v1/trading/fills?count=1');
    expect(signedTarget('/v1/pub/context')).toBe('/v1/pub/context');
  });
  it('rest-string-has-six-lines-and-no-trailing-newline', () => {
    const s = restCanonicalString({ chainId: 143, method: 'get', target: '/api/v1/x?a=1', timestampMs: 5, nonce: 'n' });
    expect(s.split('\n')).toEqual(['143', 'GET', '/v1/x?a=1', '5', 'n', bodyHash('')]);
    expect(s.endsWith('\n')).toBe(false);
  });
  it('ws-signin-string-has-four-lines', () => {
    expect(wsSignInCanonicalString(10143, '17', 'abc')).toBe('10143\ntrading-ws-signin\n17\nabc');
  });
});
