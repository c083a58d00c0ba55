// Reads a recording back (replay, tests): the header and the lines, in file order. Recordings are gzip
// (frame-recorder.ts) or, from before that, plain NDJSON: told apart by gzip's magic bytes. A stream cut
// short and a torn last line (the recorder was killed mid-write) are read up to where they stop; a file
// without a valid header is refused. Only a regular file is read, within a size limit on the file and on
// its text (a replay holds the whole recording in memory).
// A recording is the network's text kept in a file (or a file anyone could have written): every string
// in it is sanitized here, as the decoders sanitize the wire's, before a replay shows any of it.

import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { byteSize, FileRefusal, readCheckedFile } from '../../lib/checked-file.js';
import { readNdjson } from '../../lib/ndjson.js';
import { InputError } from '../../protocol/errors.js';
import { sanitizeJsonStrings } from '../../protocol/sanitize-text.js';
import { RECORDING_VERSION, type RecordingHeader, type RecordingLine } from './format.js';
import { isPlainObject } from '../../lib/plain-object.js';

export interface Recording {
  header: RecordingHeader;
  lines: RecordingLine[];
  /** Lines that were not JSON objects (skipped). */
  skipped: number;
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
    if (!isPlainObject(v)) {
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

/**
 * Largest recording text read (plain NDJSON, or what a gzip file decompresses to): about an hour of the
 * busiest session (plain NDJSON ran about 220 MB an hour). A replay holds all of it in memory, so a
 * small file that inflates without end (1 MB drove a replay to 2.1 GB) is refused at this size.
 */
export const MAX_RECORDING_TEXT_BYTES = 256 * 1024 * 1024;
/** Largest gzip recording file read: the recorder's output compresses many times over, so more is not a recording. */
export const MAX_RECORDING_GZIP_BYTES = 64 * 1024 * 1024;

/** A recording's NDJSON text, decompressed when it is gzip; a stream cut short by a crash gives what it holds. */
export function recordingText(bytes: Buffer, source = 'the recording'): string {
  if (!isGzip(bytes)) {
    if (bytes.length > MAX_RECORDING_TEXT_BYTES) throw tooLarge(source, 'is larger than', MAX_RECORDING_TEXT_BYTES);
    return bytes.toString('utf8');
  }
  if (bytes.length > MAX_RECORDING_GZIP_BYTES) throw tooLarge(source, 'is a gzip file larger than', MAX_RECORDING_GZIP_BYTES);
  try {
    // Z_SYNC_FLUSH as the finish flush: a stream without its end (killed mid-write) is not an error.
    return gunzipSync(bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: MAX_RECORDING_TEXT_BYTES }).toString('utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(source, 'decompresses to more than', MAX_RECORDING_TEXT_BYTES);
    throw cause;
  }
}

function tooLarge(source: string, what: string, bytes: number): InputError {
  return new InputError(`${source} ${what} ${byteSize(bytes)}: not read (a replay holds the whole recording in memory)`, {
    hint: 'replay a shorter recording: `perpl --record FILE` writes one per session',
  });
}

/** Reads a recording: a regular file only (opened without waiting: a FIFO is refused, not waited on), within the size limits above. */
export function readRecording(path: string): Recording {
  let bytes: Buffer | null;
  try {
    bytes = readCheckedFile(path, { maxBytes: MAX_RECORDING_TEXT_BYTES });
  } catch (cause) {
    if (cause instanceof FileRefusal) throw new InputError(`the recording ${path} ${cause.reason}: not read`, { cause });
    throw new InputError(`cannot read the recording ${path}`, { cause });
  }
  if (bytes === null) throw new InputError(`cannot read the recording ${path}: no such file`);
  let text: string;
  try {
    text = recordingText(bytes, `the recording ${path}`);
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    throw new InputError(`cannot read the recording ${path}`, { cause });
  }
  return parseRecording(text, path);
}
