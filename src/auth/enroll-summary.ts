// The typed data in human form, shown before anything is signed: who signs, what scope, which key,
// how long, from where, on which chain. The values are the server's (signed as served), so each is shown
// sanitized: a label or statement cannot drive the terminal it is printed to.

import { sanitizeText } from '../protocol/sanitize-text.js';
import { checkTypedData, typedDataChainId } from './eip712.js';
import { scopeName } from './enroll-request.js';

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? sanitizeText(v) : typeof v === 'number' ? String(v) : undefined;
}

function expiryText(raw: string | undefined, nowMs: number): string {
  const ms = raw === undefined ? 0 : Number(raw);
  if (!Number.isFinite(ms) || ms <= 0) return 'never';
  return `${new Date(ms).toISOString()} (${formatDuration(ms - nowMs)})`;
}

/** "in 29d 23h", "in 5h 2m", "expired 3h ago". */
export function formatDuration(deltaMs: number): string {
  const past = deltaMs < 0;
  let s = Math.floor(Math.abs(deltaMs) / 1000);
  const d = Math.floor(s / 86_400);
  s -= d * 86_400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s - h * 3600) / 60);
  const text = d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m`;
  return past ? `expired ${text} ago` : `in ${text}`;
}

/** Lines like "  signer   0xabc…" describing what the wallet is about to authorize. */
export function summarizeTypedData(value: unknown, nowMs: number = Date.now()): string[] {
  const td = checkTypedData(value);
  const m = td.message;
  const scopeRaw = str(m.scope);
  const cidrs = str(m.ipCidrs);
  const origin = str(m.origin);
  const rows: [string, string][] = [
    ['signer', str(m.signer) ?? '?'],
    ['scope', scopeRaw === undefined ? '?' : scopeName(Number(scopeRaw))],
    ['label', str(m.label) ?? ''],
    ['public key', str(m.publicKey) ?? '?'],
    ['expires', expiryText(str(m.expiresAt), nowMs)],
    ['ip allow-list', cidrs === undefined || cidrs === '' ? 'any address' : cidrs.split(',').join(', ')],
    ['chain', String(typedDataChainId(td) ?? '?')],
  ];
  if (origin !== undefined && origin !== '') rows.push(['origin', origin]);
  const builder = str(m.builderId);
  if (builder !== undefined && builder !== '0') rows.push(['builder id', builder]);
  if (typeof m.statement === 'string') rows.push(['statement', sanitizeText(m.statement)]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
}
