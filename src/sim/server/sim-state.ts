// The state every server part shares: engine, keys, authenticator, clock reading, faults and limits.

import type { Market } from '../../protocol/index.js';
import type { FaultInjector } from '../faults/index.js';
import type { SimEngine } from '../engine/types.js';
import type { Delegations } from './delegations.js';
import type { KeyStore } from './key-store.js';
import type { SimLimits } from './limits.js';
import type { RequestAuthenticator } from './request-auth.js';

export interface SimState {
  readonly chainId: number;
  readonly engine: SimEngine;
  readonly keys: KeyStore;
  /** Operators allowed to enroll keys for a profile besides its owner. */
  readonly delegations: Delegations;
  readonly auth: RequestAuthenticator;
  readonly faults: FaultInjector;
  readonly limits: SimLimits;
  /** Secret for enrollment MACs; never leaves the process. */
  readonly macSecret: Uint8Array;
  /** The listed markets by id, as the context showed them at start (the list is fixed for a run). */
  readonly markets: ReadonlyMap<number, Market>;
  /** Current head block. */
  head(): number;
  /** The head block's stamp (`at` of a frame or answer about now): number and time, whole seconds (wire.md 15). */
  headAt(): { b: number; t: number };
  /** The highest rq the gateway accepted per account (either transport): the batch refuses a lower one up front. */
  readonly acceptedRq: Map<number, number>;
  /** Referral codes by lower-case address (none by default). */
  readonly refCodes: Map<string, { code: string; created_at: number }>;
  /** Diagnostic line to stderr (quiet unless verbose); never given secrets. */
  log(line: string): void;
  /** A problem worth seeing (internal errors), on stderr unless quiet; never given secrets. */
  warn(line: string): void;
}
