// Removes secrets from what is recorded: the mt 29 sign-in's api_key/signature/nonce, every X-API-*
// header, and any string holding one of the known secrets (token, seed hex/base64) anywhere in a frame.
// Over-stripping is fine: a recording is for review and replay, never for re-sending.

import { STRIPPED } from './format.js';

/** Fields of the trading sign-in (mt 29) that are secret or single-use (wire.md 3.2). */
const SIGN_IN_FIELDS = ['api_key', 'signature', 'nonce'] as const;
const SIGN_IN_MT = 29;

export class Scrubber {
  private secrets: string[] = [];

  constructor(secrets: Iterable<string> = []) {
    this.add(secrets);
  }

  /**
   * More secrets (a key loaded after the recording started). Longest first, so a secret that contains
   * another is replaced whole. Secrets shorter than 8 characters are ignored: they would mangle text.
   */
  add(secrets: Iterable<string>): void {
    const all = new Set([...this.secrets, ...[...secrets].filter((s) => s.length >= 8)]);
    this.secrets = [...all].sort((a, b) => b.length - a.length);
  }

  /** Text with every known secret replaced. */
  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(STRIPPED);
    return out;
  }

  /** A deep copy of a parsed frame with secrets removed (mt 29 fields, X-API-* keys, secret strings). */
  value(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (typeof v !== 'object' || v === null) return v;
    const src = v as Record<string, unknown>;
    const signIn = src.mt === SIGN_IN_MT;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(src)) {
      const secretField = (signIn && (SIGN_IN_FIELDS as readonly string[]).includes(k)) || isApiHeader(k);
      out[this.text(k)] = secretField ? STRIPPED : this.value(x);
    }
    return out;
  }

  /** Headers with every X-API-* header (and any header holding a secret) stripped. */
  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) out[k] = isApiHeader(k) ? STRIPPED : this.text(v);
    return out;
  }
}

/** X-API-* (REST signing, wire.md 3.1) and the usual credential headers. */
function isApiHeader(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith('x-api-') || n === 'authorization' || n === 'cookie' || n === 'set-cookie';
}
