// FNV-1a, 32 bits, over a string's UTF-16 code units: a cheap, stable hash for checksums and seed mixing.
// Not for anything secret. Imports no layer; every layer may import it.

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
