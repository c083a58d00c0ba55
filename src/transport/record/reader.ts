// Reads a recording back (replay, tests): the header and the lines, in file order. A torn last line
// (the recorder was killed mid-write) is skipped; a file without a valid header is refused.
// A recording is the network's text kept in a file (or a file anyone could have written): every string
// in it is sanitized here, as the decoders sanitize the wire's, before a replay shows any of it.

import { readFileSync } from 'node:fs';
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

export function readRecording(path: string): Recording {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new InputError(`cannot read the recording ${path}`, { cause });
  }
  return parseRecording(text, path);
}
