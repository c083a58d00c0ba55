// The recording file format (`--record FILE`): NDJSON, one object per line. The first line is the
// header; then frames (`dir` in/out), connection events (`event`) and the context the app loaded.
// Times: `t` = ms since the recording started (replay pace), `at` = wall-clock epoch ms.

/** Which connection a line belongs to. */
export type RecordChannel = 'md' | 'trading' | 'rest';

export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  recording: typeof RECORDING_VERSION;
  network: string;
  chainId: number;
  /** Epoch ms of t = 0. */
  startedAt: number;
  /** Symbols or ids the session showed (informational). */
  markets?: string[];
  /** GET /v1/pub/context as loaded, when known at start (else see ContextLine). */
  context?: unknown;
}

export interface FrameLine {
  t: number;
  at: number;
  dir: 'in' | 'out';
  ch: RecordChannel;
  /** The parsed JSON frame (secrets stripped), or the raw text when it was not JSON. */
  frame: unknown;
}

export interface EventLine {
  t: number;
  at: number;
  ch: RecordChannel;
  event: 'open' | 'close';
  epoch?: number;
  code?: number;
  reason?: string;
}

/** The exchange context, recorded when the app loads it after the header was written. */
export interface ContextLine {
  t: number;
  at: number;
  context: unknown;
}

/**
 * One line of the app's Journal pane (the order engine's requests, acks, updates, decisions) as it was
 * shown: { timeMs, kind, requestKey, rq, text }. The journal is local, not on the wire; a replay shows these.
 */
export interface JournalLine {
  t: number;
  at: number;
  journal: unknown;
}

export type RecordingLine = FrameLine | EventLine | ContextLine | JournalLine;

/** Outbound REST request as recorded on `ch: "rest"` (X-API-* headers stripped). */
export interface RestRequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Inbound REST response as recorded on `ch: "rest"`. */
export interface RestResponseRecord {
  status: number;
  url: string;
  body: unknown;
}

/** What replaces every stripped value. */
export const STRIPPED = '[stripped]';
