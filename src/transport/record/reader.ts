// Reads a recording back (replay, tests): the header and the lines, in file order. Recordings are gzip
// (frame-recorder.ts) or, from before that, plain NDJSON: told apart by gzip's magic bytes. A stream cut
// short and a torn last line (the recorder was killed mid-write) are read up to where they stop; a file
// without a valid header is refused.
// A recording is the network's text kept in a file (or a file anyone could have written): every string
// in it is sanitized here, as the decoders sanitize the wire's, before a replay shows any of it.

import { readFileSync } from 'node:fs';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { readNdjson } from '../../lib/ndjson.js';
import { InputError } from '../../protocol/errors.js';
import { sanitizeJsonStrings } from '../../protocol/sanitize-text.js';
import { RECORDING_VERSION, type RecordingHeader, type RecordingLine } from './format.js';

export interface Recording {
  header: RecordingHeader;
  lines: RecordingLine[];
  /** Lines that were not JSON objects (skipped). */
  skipped: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseRecording(text: string, source = 'the recording'): Recording {
  let header: RecordingHeader | null = null;
  const lines: RecordingLine[] = [];
  let skipped = 0;
  for (const row of readNdjson(text, sanitizeJsonStrings).lines) {
    if (!row.ok) {
      // Not JSON, or nested too deep to walk (RangeError): no recorder writes either.
      skipped += 1;
      continue;
    }
    const v = row.value;
    if (!isObject(v)) {
      skipped += 1;
      continue;
    }
    if (header === null) {
      if (v.recording !== RECORDING_VERSION || typeof v.chainId !== 'number' || typeof v.startedAt !== 'number') {
        throw new InputError(`${source} is not a perpl recording (version ${RECORDING_VERSION})`, {
          hint: 'record one with `perpl --record FILE`',
        });
      }
      header = v as unknown as RecordingHeader;
      continue;
    }
    if (typeof v.t !== 'number') {
      skipped += 1;
      continue;
    }
    lines.push(v as unknown as RecordingLine);
  }
  if (header === null) throw new InputError(`${source} is empty`, { hint: 'record one with `perpl --record FILE`' });
  return { header, lines, skipped };
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** Whether the bytes are a gzip stream (the recorder's) rather than plain NDJSON (older recordings). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** A recording's NDJSON text, decompressed when it is gzip; a stream cut short by a crash gives what it holds. */
export function recordingText(bytes: Buffer): string {
  if (!isGzip(bytes)) return bytes.toString('utf8');
  // Z_SYNC_FLUSH as the finish flush: a stream without its end (killed mid-write) is not an error.
  return gunzipSync(bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString('utf8');
}

export function readRecording(path: string): Recording {
  let text: string;
  try {
    text = recordingText(readFileSync(path));
  } catch (cause) {
    throw new InputError(`cannot read the recording ${path}`, { cause });
  }
  return parseRecording(text, path);
}
