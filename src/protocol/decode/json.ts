// Turns raw socket/HTTP bytes into a JSON value, refusing oversized input, non-UTF-8 binary and non-JSON.

import { DecodeError } from '../errors.js';

/** Default ceiling on one frame or body: 1 MiB. A book snapshot of 100 levels is ~5 KiB. */
export const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;

export interface ParseOptions {
  /** Largest accepted input in UTF-8 bytes. */
  maxBytes?: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(bytes: number, maxBytes: number): DecodeError {
  return new DecodeError(`frame too large: ${bytes} bytes exceeds the ${maxBytes}-byte limit`, '');
}

/** What a socket or HTTP body may hand over: text, bytes, or (as `ws` does) an ArrayBuffer or fragments. */
export type RawInput = string | Uint8Array | ArrayBuffer | readonly Uint8Array[];

function toBytes(input: ArrayBuffer | readonly Uint8Array[], maxBytes: number): Uint8Array {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  const total = input.reduce((n, part) => n + part.byteLength, 0);
  if (total > maxBytes) throw tooLarge(total, maxBytes);
  return Buffer.concat(input);
}

/** UTF-8 text of the input, with the size limit applied before any decoding work. */
export function inputText(raw: RawInput, maxBytes: number = DEFAULT_MAX_FRAME_BYTES): string {
  const input = typeof raw === 'string' || raw instanceof Uint8Array ? raw : toBytes(raw, maxBytes);
  if (typeof input === 'string') {
    // A UTF-16 unit encodes to at least one byte, so length > max is already too large.
    if (input.length > maxBytes) throw tooLarge(input.length, maxBytes);
    if (input.length * 3 > maxBytes) {
      const bytes = Buffer.byteLength(input, 'utf8');
      if (bytes > maxBytes) throw tooLarge(bytes, maxBytes);
    }
    return input;
  }
  if (input.byteLength > maxBytes) throw tooLarge(input.byteLength, maxBytes);
  try {
    return strictUtf8.decode(input);
  } catch (cause) {
    throw new DecodeError('binary frame is not UTF-8 text', '', { cause });
  }
}

/** Parses JSON text with the size guard; any syntax error becomes a DecodeError. */
export function parseJson(input: RawInput, opts: ParseOptions = {}): unknown {
  const text = inputText(input, opts.maxBytes ?? DEFAULT_MAX_FRAME_BYTES);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The SyntaxError is not kept as the cause: its message quotes the input, which may hold a token.
    const what = text.trim() === '' ? 'empty input' : 'not valid JSON';
    throw new DecodeError(`frame is ${what}`, '');
  }
}
