// One error tree. Every error carries a short message for the user, details and the cause for the log,
// and says whether retrying may help. Messages and details never contain secrets.
// Messages may quote the network (a server's words, a field it sent, a library's error about one), so
// what is printed for a user passes the one sanitizer here: no error path can print a raw control.

import { sanitizeLines, sanitizeText } from './sanitize-text.js';

export interface PerplErrorOptions {
  /** Extra lines for the log (never secrets). */
  details?: string;
  cause?: unknown;
  /** What the user can do about it. */
  hint?: string;
}

export abstract class PerplError extends Error {
  /** True when the same action, retried later, may succeed. */
  abstract readonly retryable: boolean;
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly hint: string | undefined;

  constructor(shortMessage: string, options: PerplErrorOptions = {}) {
    const lines = [shortMessage];
    if (options.hint) lines.push(`Hint: ${options.hint}`);
    if (options.details) lines.push(`Details: ${options.details}`);
    super(lines.join('\n'), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.hint = options.hint;
  }
}

/** Retrying may help: network failures, timeouts, 429, 5xx, dropped sockets. */
export class TransientError extends PerplError {
  readonly retryable = true;
}

/** Retrying does not help until something changes: bad input, auth, scope, missing records. */
export class PermanentError extends PerplError {
  readonly retryable = false;
}

/** An inbound frame or body that does not match the expected shape. */
export class DecodeError extends PermanentError {
  constructor(
    shortMessage: string,
    /** Dotted path of the offending field, e.g. `d[3].p`. */
    readonly path: string,
    options: PerplErrorOptions = {},
  ) {
    super(shortMessage, options);
  }
}

/** Human input that cannot become a wire value (order entry, command line, config). */
export class InputError extends PermanentError {}

export function isPerplError(e: unknown): e is PerplError {
  return e instanceof PerplError;
}

/** The message of any thrown value, as it is (for logs, which escape what they write). */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The one-line message to show a user for any thrown value, safe to print. */
export function userMessage(e: unknown): string {
  if (e instanceof PerplError) return sanitizeText(e.shortMessage);
  if (e instanceof Error) return sanitizeText(e.message.split('\n')[0] ?? 'unexpected error');
  return sanitizeText(String(e));
}

/** What the user can do about it, safe to print; undefined when the error says nothing. */
export function userHint(e: unknown): string | undefined {
  return isPerplError(e) && e.hint ? sanitizeText(e.hint) : undefined;
}

/**
 * The lines a command prints for a failure: `label: message`, `hint: ...` when there is one, and with
 * `withDetails` the details (never a stack). Every line is safe to print.
 */
export function failureLines(label: string, e: unknown, withDetails = false): string[] {
  const lines = [`${sanitizeText(label)}: ${userMessage(e)}`];
  const hint = userHint(e);
  if (hint !== undefined) lines.push(`hint: ${hint}`);
  if (withDetails && isPerplError(e) && e.details) lines.push(`details: ${sanitizeLines(e.details)}`);
  return lines;
}
