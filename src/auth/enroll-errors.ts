// What an enrollment failure means and what to do next. Status codes follow interface.md 4.3 and the
// live probes of wire.md 3.3 (422 for a non-whitelisted Origin).

import { PermanentError, TransientError, type PerplError } from '../protocol/errors.js';

/** A failed enrollment step; `status` is the HTTP status when the server answered. */
export class EnrollError extends PermanentError {
  constructor(
    shortMessage: string,
    readonly status: number | undefined,
    hint: string,
    details?: string,
  ) {
    super(shortMessage, details === undefined ? { hint } : { hint, details });
  }
}

export class StalePayloadError extends EnrollError {}
export class WrongChainError extends EnrollError {}

export interface EnrollErrorContext {
  /** Web application address, for the key-management page. */
  appUrl: string;
  step: 'payload' | 'enroll';
  /** The server's own words (never secret), for the details line. */
  serverMessage?: string;
}

const START_AGAIN = 'start again with `perpl keys enroll --print-typed-data` (or the one-step --wallet-key-file mode)';

/** Maps an HTTP error answer from /v1/api-key/payload or /enroll to an explained error. */
export function enrollHttpError(status: number, ctx: EnrollErrorContext): PerplError {
  const said = ctx.serverMessage?.trim() || undefined;
  const lower = (said ?? '').toLowerCase();
  const details = said === undefined ? `HTTP ${status} from /v1/api-key/${ctx.step}` : `HTTP ${status} from /v1/api-key/${ctx.step}: ${said}`;
  switch (status) {
    case 403:
      return new EnrollError(
        'enrollment refused (403): the signing wallet may not enroll keys for this target profile: it is neither the profile\'s owner nor a registered operator of it',
        status,
        'sign with the wallet that owns the profile, or have the owner register this wallet as an operator first; without --target-profile a key acts for the signing wallet itself',
        details,
      );
    case 404:
      return new EnrollError(
        'enrollment refused (404): no Perpl profile or exchange account was found for this wallet or target profile',
        status,
        `create the exchange account first in the web app (${ctx.appUrl}) with this wallet, or check --target-profile`,
        details,
      );
    case 409:
      return new EnrollError(
        'enrollment refused (409): this public key was already registered (or registered and revoked) and can never be enrolled again',
        status,
        'run `perpl keys new --name <new-name>` for a fresh key pair and enroll that one',
        details,
      );
    case 422:
      return new EnrollError(
        'enrollment refused (422): the Origin header is not on the exchange\'s allow-list',
        status,
        'drop --origin (a terminal client needs no Origin header)',
        details,
      );
    case 423:
      return new EnrollError(
        'enrollment refused (423): this profile already has 16 active API keys, the maximum',
        status,
        `revoke one at ${ctx.appUrl}/apikeys, then enroll again`,
        details,
      );
    case 429:
      return new TransientError('enrollment rate limited (429)', { hint: 'wait a minute and try again', details });
  }
  if (status >= 500) return new TransientError(`the exchange failed to answer (${status})`, { hint: 'try again in a moment', details });
  if (lower.includes('stale') || lower.includes('expired')) {
    return new StalePayloadError(`enrollment refused (${status}): the signed payload is too old`, status, START_AGAIN, details);
  }
  if (lower.includes('chain')) {
    return new WrongChainError(
      `enrollment refused (${status}): wrong chain: the exchange at this address does not serve the chain id that was sent`,
      status,
      'check --network, or --base-url together with --chain-id',
      details,
    );
  }
  if (lower.includes('signature') || lower.includes('proof of possession') || lower.includes('does not match')) {
    return new EnrollError(
      `enrollment refused (${status}): a signature does not verify (${said ?? 'signature rejected'})`,
      status,
      'sign exactly the typed data that was printed, with the wallet given as --address, then ' + START_AGAIN,
      details,
    );
  }
  if (lower.includes('mac')) {
    return new EnrollError(`enrollment refused (${status}): the payload was changed after it was served`, status, START_AGAIN, details);
  }
  return new EnrollError(`enrollment refused (${status})${said === undefined ? '' : `: ${said}`}`, status, 'check the options and try again', details);
}
