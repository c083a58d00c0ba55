// The config's [accounts.NAME] tables: the accounts the terminal can trade, each a key file (path or name
// under $PERPL_HOME/keys), the network it is on, an optional label and optional guards of its own. `perpl --account NAME` starts on one,
// `:account NAME` switches to another. A bad account is reported with its line and left out; the others work.

import { NO_GUARDS, type GuardLimits } from '../../domain/guards/guard-limits.js';
import type { TomlValue } from './config-table.js';
import { readGuards } from './guards-config.js';

export interface AccountConfig {
  /** The table's name: what `:account` and `--account` take. */
  name: string;
  /** Path or name of the API key file (as `--key-file`). */
  keyFile: string;
  /** `local`, `testnet`, `mainnet` (as `--network`). */
  network: string;
  /** Said beside the name in the account panel; absent when not set. */
  label?: string;
  /** [accounts.NAME.guards]: this account's guards, in place of [guards] (absent: [guards] applies). */
  guards?: GuardLimits;
}

type Report = (key: string, message: string) => void;

/** A name typed on the `:` line and shown in the header: short, no spaces, nothing a terminal would act on. */
const NAME = /^[A-Za-z0-9_-]{1,24}$/;
const LABEL_MAX = 40;

export function isAccountName(name: string): boolean {
  return NAME.test(name);
}

function readAccount(name: string, raw: TomlValue, report: Report): AccountConfig | null {
  const at = `accounts.${name}`;
  if (!isAccountName(name)) {
    report(at, 'the name must be 1 to 24 letters, digits, - or _');
    return null;
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    report(at, 'must be a table: keyFile = "...", network = "..."');
    return null;
  }
  let keyFile: string | null = null;
  let network: string | null = null;
  let label: string | undefined;
  let guards: GuardLimits | undefined;
  for (const [field, value] of Object.entries(raw)) {
    const text = typeof value === 'string' ? value.trim() : null;
    if (field === 'keyFile' || field === 'network') {
      if (!text) {
        report(`${at}.${field}`, 'must be a non-empty string');
        return null;
      }
      if (field === 'keyFile') keyFile = text;
      else network = text.toLowerCase();
    } else if (field === 'label') {
      // Shown on screen: printable text only, and short.
      if (text === null || text === '' || text.length > LABEL_MAX || /[\p{Cc}\p{Cf}]/u.test(text)) report(`${at}.label`, `must be printable text of 1 to ${LABEL_MAX} characters`);
      else label = text;
    } else if (field === 'guards') {
      // Its own table, read as [guards] is (a bad entry said with its line, that guard off).
      guards = { ...NO_GUARDS };
      readGuards(value, (key, message) => report(`${at}.${key}`, message), guards);
    } else report(`${at}.${field}`, 'unknown entry (an account takes keyFile, network, label and a guards table)');
  }
  if (keyFile === null || network === null) {
    report(at, `needs ${keyFile === null ? 'keyFile' : 'network'}`);
    return null;
  }
  return { name, keyFile, network, ...(label !== undefined ? { label } : {}), ...(guards !== undefined ? { guards } : {}) };
}

/** Reads [accounts] (a table of NAME = { keyFile, network, label }) into the accounts it names, in order. */
export function readAccounts(value: TomlValue, report: Report): AccountConfig[] {
  if (typeof value !== 'object' || Array.isArray(value)) {
    report('accounts', 'must be tables [accounts.NAME] with keyFile and network');
    return [];
  }
  const accounts: AccountConfig[] = [];
  for (const [name, raw] of Object.entries(value)) {
    const account = readAccount(name, raw, report);
    if (account) accounts.push(account);
  }
  return accounts;
}
