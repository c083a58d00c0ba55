// What `perpl doctor` observed, as plain data. The I/O layer (gather.ts) fills it in; the checks
// (checks.ts) judge it without touching the network or the disk.

import type { ExposedFolder } from '../../auth/keys-folder.js';
import type { Network } from '../../protocol/networks.js';
import type { NotifyMethodSetting, NotifyRoute, TmuxPassthrough } from '../../terminal/desktop-notification.js';
import type { Preset } from '../../ui/presets/preset.js';

export interface Failure {
  error: string;
  hint?: string;
}

/** The network doctor resolved from the options: the same record the client connects with. */
export type NetworkFacts = Network;

export interface KeyFacts {
  /** Key file path, or "environment". */
  source: string;
  /** Permission bits of the key file (undefined for the environment). */
  mode?: number;
  publicKeyHex?: string;
  chainId?: number;
  scopeMask?: number;
  /** Unix ms; 0/undefined = never. */
  expiresAt?: number;
}

export interface TimedOk {
  latencyMs: number;
}

export interface RestFacts extends TimedOk {
  /** Server time from the `Date` header (1 s resolution), if sent. */
  serverDateMs?: number;
  /** Local time halfway between sending and receiving. */
  localMidMs: number;
  marketCount?: number;
  /** The markets' symbols, to check the config's watchlist against. */
  marketSymbols?: string[];
}

/** A signed GET on a trading-history endpoint: proves REST signing, key status and the IP allow-list. */
export interface SignedRestFacts extends TimedOk {
  status: number;
}

export interface AccountFacts {
  id: number;
  fw: boolean;
  /** Balance in collateral atoms (6 decimals), as sent. */
  balance: string;
}

export interface TradingFacts extends TimedOk {
  accounts: AccountFacts[];
}

export type Outcome<T> = ({ ok: true } & T) | ({ ok: false } & Failure);

/** The config file as the terminal would read it. */
export interface ConfigFacts {
  /** The file read; null when there is none (defaults). */
  file: string | null;
  /** Line (null: the whole file), dotted key ('' for none) and what is wrong. */
  problems: { line: number | null; key: string; message: string; fallback?: string }[];
  /** The watchlist as read, and its line, checked against the exchange's markets once REST answers. */
  watchlist?: string[];
  watchlistLine?: number | null;
  /** `[notify] method`. */
  notifyMethod?: NotifyMethodSetting;
  /** How the terminal would write a notification here with that method (this terminal, tmux's passthrough). */
  notifyRoute?: NotifyRoute;
  /** `[presets]` that work (the refused ones are among `problems`). */
  presets?: Preset[];
}

export interface DoctorFacts {
  now: number;
  home: { path: string; exists: boolean };
  /** Absent when not looked at (unit tests of other checks). */
  config?: ConfigFacts;
  /** The keys folder (or home) when another user may write in it; null when private or absent. */
  keysFolder?: ExposedFolder | null;
  network: Outcome<NetworkFacts>;
  /** undefined: no key configured anywhere. */
  key?: Outcome<KeyFacts>;
  /** Why that key (the step of the key rule that chose it) and the keys skipped as not enrolled. */
  keyChoice?: { why: string; unenrolled: string[] };
  rest?: Outcome<RestFacts>;
  marketWs?: Outcome<TimedOk>;
  /** undefined when there is no usable key. */
  signedRest?: Outcome<SignedRestFacts>;
  /** undefined when there is no usable key (the check is skipped). */
  tradingWs?: Outcome<TradingFacts>;
  /** Inside tmux (TMUX set): whether it forwards a passthrough (desktop notifications); undefined outside tmux. */
  tmux?: { passthrough: TmuxPassthrough };
}
