// Several accounts in one terminal: `perpl --account NAME` picks the config's [accounts.NAME] (its key file
// and network) before the screen is taken, and `:account NAME` swaps the trading side (trading client, algo
// runner, ledger, guards, journal) for the named account's while the market-data session stays up. Each
// account's journal and algos live in files of their own (network + account id); the Journal pane's lines
// of an account switched away from are kept here and shown again when the trader comes back.

import type { AccountConfig } from './config/accounts-config.js';
import type { JournalEntryView } from '../domain/trading/views.js';
import { InputError } from '../protocol/errors.js';
import type { NamedAccount, TerminalStore } from '../state/store.js';
import { accountSwitched } from '../state/link-actions.js';

/** The account `--account NAME` names, with what it sets: the network and the key file. */
export interface AccountAtStart {
  account: AccountConfig;
  network: string;
  keyFile: string;
}

function namesOf(accounts: readonly AccountConfig[]): string {
  return accounts.length === 0 ? 'the config names none ([accounts.NAME] tables)' : `the config names ${accounts.map((a) => a.name).join(', ')}`;
}

/** `--account NAME` read against the config; refused (before the screen) when unknown or contradicted by --network / --key-file. */
export function accountAtStart(name: string, accounts: readonly AccountConfig[], given: { network?: string | undefined; keyFile?: string | undefined }): AccountAtStart {
  const account = accounts.find((a) => a.name === name);
  if (!account) throw new InputError(`--account ${name}: no such account; ${namesOf(accounts)}`);
  if (given.network !== undefined && given.network.trim().toLowerCase() !== account.network) {
    throw new InputError(`--account ${name} is on ${account.network}, not ${given.network}`, { hint: 'leave out --network: the account says its network' });
  }
  if (given.keyFile !== undefined) throw new InputError('--account and --key-file both name a key: give one');
  return { account, network: account.network, keyFile: account.keyFile };
}

export function namedAccount(account: AccountConfig): NamedAccount {
  return { name: account.name, ...(account.label !== undefined ? { label: account.label } : {}) };
}

/** The trading side as the switch handles it: started on a key file, stopped. */
export interface SwitchableTrading {
  stop(): void;
}

export interface AccountSwitchOptions<T extends SwitchableTrading> {
  store: TerminalStore;
  accounts: readonly AccountConfig[];
  /** The network the market data runs on: an account of another network needs a new start. */
  network: string;
  /** The trading side in force now (null: read-only or not started). */
  current(): T | null;
  /** Requests of `trading` sent and not yet definitive: a switch waits for none. */
  inFlight(trading: T): number;
  /** Starts the trading side on the account (its key file and guards; null: read-only, the reason on screen), its earlier Journal lines first. */
  start(account: AccountConfig, earlierJournalLines: readonly JournalEntryView[]): Promise<T | null>;
  /** The trading side now in force (null while a switch starts the next, or when it could not start). */
  replace(next: T | null): void;
  log?: (line: string) => void;
}

export interface SwitchOutcome {
  ok: boolean;
  text: string;
}

export class AccountSwitch<T extends SwitchableTrading> {
  private switching = false;
  private readonly journals = new Map<string, readonly JournalEntryView[]>();

  constructor(private readonly o: AccountSwitchOptions<T>) {}

  /** Why `name` cannot be switched to now, or null. */
  refusal(name: string): string | null {
    const { store, accounts } = this.o;
    const account = accounts.find((a) => a.name === name);
    if (!account) return `account: no account "${name}"; ${namesOf(accounts)}`;
    if (account.network !== this.o.network) return `account ${name} is on ${account.network}, this terminal on ${this.o.network}: start it with perpl --account ${name}`;
    if (store.getState().account?.name === name) return `already on account ${name}`;
    if (this.switching) return 'account: a switch is under way';
    const current = this.o.current();
    const inFlight = current ? this.o.inFlight(current) : 0;
    if (inFlight > 0) return `account: ${inFlight} request${inFlight === 1 ? '' : 's'} in flight; switch once they settle`;
    return null;
  }

  /** Stops the current account's trading side and starts `name`'s; the market data is not touched. */
  async switchTo(name: string): Promise<SwitchOutcome> {
    const refused = this.refusal(name);
    if (refused) return { ok: false, text: refused };
    const account = this.o.accounts.find((a) => a.name === name)!;
    const { store } = this.o;
    this.switching = true;
    try {
      const leaving = store.getState().account?.name;
      if (leaving !== undefined) this.journals.set(leaving, store.getState().trading.journal);
      const running = store.getState().algos.filter((a) => a.status === 'running').length;
      this.o.current()?.stop();
      this.o.replace(null);
      accountSwitched(store, namedAccount(account));
      this.o.log?.(`account: ${leaving ?? '(none)'} -> ${name}`);
      const next = await this.o.start(account, this.journals.get(name) ?? []);
      this.o.replace(next);
      const waiting = running > 0 ? `; ${leaving}'s ${running} running algo${running === 1 ? '' : 's'} resume when you switch back` : '';
      return next ? { ok: true, text: `account ${name}${waiting}` } : { ok: false, text: `account ${name}: read-only (${store.getState().notice ?? 'no key'})` };
    } finally {
      this.switching = false;
    }
  }
}
