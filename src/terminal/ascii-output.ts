// `--ascii`: the frame is transliterated on its way to the terminal (see ui/format/ascii-glyphs.ts).
// The stream's write is wrapped in place, so Ink keeps the same stdout object (its instance key).

import { toAscii } from '../ui/format/ascii-glyphs.js';

interface Writable {
  write: NodeJS.WriteStream['write'];
}

/** Makes every string written to `out` ASCII-safe; returns the undo. */
export function installAsciiOutput(out: Writable): () => void {
  const original = out.write;
  const wrapped = function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
    const text = typeof chunk === 'string' ? toAscii(chunk) : chunk;
    return (original as (...args: unknown[]) => boolean).call(out, text, ...rest);
  };
  out.write = wrapped as NodeJS.WriteStream['write'];
  return () => {
    if (out.write === wrapped) out.write = original;
  };
}
