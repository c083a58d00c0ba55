// A journal line is read as carefully as a frame from the network: every record kind has a decoder, and
// a request's frame goes through the mt 22 decoder the local exchange uses. A line that fails is corrupt
// (reported with its file and line number by the reader), never a half-typed record that throws later.

import { decodeOrderRequest } from '../../protocol/decode/outbound.js';
import { isPlainObject } from '../../lib/plain-object.js';
import { type Decoder, fail, int, nonNegInt, opt, record, str, literal } from '../../protocol/decode/kit.js';
import type { JournalRecord } from './journal-record.js';

type Kind = JournalRecord['k'];
type Of<K extends Kind> = Extract<JournalRecord, { k: K }>;

const base = { t: nonNegInt, key: str, rq: nonNegInt };

const DECODERS: { [K in Kind]: Decoder<Of<K>> } = {
  request: record<Of<'request'>>({ ...base, k: literal('request'), frame: decodeOrderRequest, postedHead: nonNegInt, label: str, group: opt(str) }),
  sent: record<Of<'sent'>>({ ...base, k: literal('sent'), sn: nonNegInt, epoch: nonNegInt, head: nonNegInt }),
  ack: record<Of<'ack'>>({ ...base, k: literal('ack'), code: int, error: opt(str) }),
  update: record<Of<'update'>>({ ...base, k: literal('update'), st: nonNegInt, sr: opt(nonNegInt), oid: opt(nonNegInt), said: opt(str) }),
  decision: record<Of<'decision'>>({ ...base, k: literal('decision'), action: str, reason: str, code: opt(str) }),
  resolved: record<Of<'resolved'>>({ ...base, k: literal('resolved'), result: str, message: str }),
};

function isKind(k: unknown): k is Kind {
  return typeof k === 'string' && Object.prototype.hasOwnProperty.call(DECODERS, k);
}

/** One parsed journal line -> a typed record. Throws DecodeError naming the field that is wrong. */
export function decodeJournalRecord(value: unknown): JournalRecord {
  const k = isPlainObject(value) ? value.k : undefined;
  if (!isKind(k)) fail('k', `one of ${Object.keys(DECODERS).join(', ')}`, k);
  return DECODERS[k](value);
}
