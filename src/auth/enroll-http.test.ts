import { describe, expect, it } from 'vitest';
import { postJson } from './enroll-http.js';
import { enrollHttpError } from './enroll-errors.js';
import { summarizeTypedData } from './enroll-summary.js';

const HOSTILE = 'no\u001b]0;PWNED\u0007 profile\u001b]52;c;ZXZpbA==\u0007\u009b2J\u202e';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

function answering(status: number, body: string): typeof fetch {
  return () => Promise.resolve(new Response(body, { status }));
}

describe('enrollment answers are inert', () => {
  it('enroll-error-body-is-inert: the server message of a refusal (JSON or text) comes back sanitized, and so does the error built from it', async () => {
    for (const body of [JSON.stringify({ error: HOSTILE }), HOSTILE]) {
      const answer = await postJson('http://127.0.0.1:1/v1/api-key/enroll', {}, { fetchImpl: answering(404, body) });
      expect(answer.message).toBeDefined();
      expect(answer.message).not.toMatch(UNSAFE);
      expect(answer.message).toContain('no\\x1b]0;PWNED\\x07 profile');
      const e = enrollHttpError(403, { appUrl: 'https://app', step: 'enroll', ...(answer.message ? { serverMessage: answer.message } : {}) });
      expect(e.message.replaceAll('\n', ' ')).not.toMatch(UNSAFE);
    }
  });

  it('typed-data-summary-is-inert: label, statement and origin the server serves are shown as escapes', () => {
    const td = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], PerplRegisterApiKey: [{ name: 'label', type: 'string' }] },
      primaryType: 'PerplRegisterApiKey',
      domain: { name: 'Perpl', chainId: '0x1' },
      message: { signer: '0xabc', scope: '3', label: HOSTILE, statement: HOSTILE, origin: HOSTILE, ipCidrs: HOSTILE, expiresAt: '0', publicKey: 'k' },
    };
    const lines = summarizeTypedData(td, 0);
    for (const line of lines) expect(line).not.toMatch(UNSAFE);
    expect(lines.some((l) => l.includes('statement') && l.includes('\\x1b]0;PWNED'))).toBe(true);
  });

  it('typed-data-errors-are-inert: a served type name or value quoted in an error is shown as escapes', () => {
    expect(() => summarizeTypedData({ types: { [HOSTILE]: 5 }, primaryType: 'x', domain: {}, message: {} }, 0)).toThrow(/no\\x1b\]0;PWNED/);
    try {
      summarizeTypedData({ types: {}, primaryType: HOSTILE, domain: {}, message: {} }, 0);
    } catch (e) {
      expect((e as Error).message).not.toMatch(UNSAFE);
    }
  });
});
