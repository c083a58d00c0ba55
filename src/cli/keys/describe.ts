// Human descriptions of a key file's public part. Never touches the secrets.

import type { KeyFileDocument } from '../../auth/keyfile.js';
import { publicKeyHexOf } from '../../auth/keyfile-format.js';
import { scopeName } from '../../auth/enroll-request.js';
import { formatDuration } from '../../auth/enroll-summary.js';

export function isEnrolled(doc: KeyFileDocument): boolean {
  return doc.meta.enrolledAt !== undefined || (doc.kind === 'plain' && doc.secrets.apiKey !== undefined);
}

export function expiryText(expiresAt: number | undefined, nowMs: number): string {
  if (!expiresAt) return 'never';
  return `${new Date(expiresAt).toISOString()} (${formatDuration(expiresAt - nowMs)})`;
}

export function publicKeyOf(doc: KeyFileDocument): string {
  if (doc.meta.publicKey) return doc.meta.publicKey;
  return doc.kind === 'plain' ? publicKeyHexOf(doc.secrets.seed) : '?';
}

/** `perpl keys show` lines. */
export function showLines(name: string, path: string, doc: KeyFileDocument, nowMs: number): string[] {
  const m = doc.meta;
  const enrolled = isEnrolled(doc);
  const rows: [string, string][] = [
    ['name', name],
    ['file', path],
    ['public key', publicKeyOf(doc)],
    ['label', m.label ?? ''],
    ['enrolled', enrolled ? `yes${m.enrolledAt ? ` (${new Date(m.enrolledAt).toISOString()})` : ''}` : 'no (run `perpl keys enroll`)'],
    ['scope', enrolled ? scopeName(m.scopeMask) : '-'],
    ['expires', enrolled ? expiryText(m.expiresAt, nowMs) : '-'],
    ['ip allow-list', !enrolled ? '-' : m.ipCidrs && m.ipCidrs.length > 0 ? m.ipCidrs.join(', ') : 'any address'],
    ['network', m.network ? `${m.network}${m.chainId ? ` (chain ${m.chainId})` : ''}` : m.chainId ? `chain ${m.chainId}` : '-'],
    ['wallet', m.address ?? '-'],
    ['encrypted', doc.kind === 'sealed' ? 'yes (scrypt + AES-256-GCM)' : 'no'],
  ];
  if (m.targetProfile) rows.push(['target profile', m.targetProfile]);
  if (m.restBase) rows.push(['rest base', m.restBase]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
}
