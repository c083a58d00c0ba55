// `perpl keys`: create, enroll, list, show and remove API keys under $PERPL_HOME/keys.

import { keysEnroll } from '../keys/enroll.js';
import { KEYS_OPTIONS } from '../subcommand-table.js';
import { boolFlag, parseFlags, stringFlag } from '../keys/flags.js';
import { processIo, reportFailure, type CliIo } from '../keys/io.js';
import { keysList, keysNew, keysRemove, keysShow } from '../keys/manage.js';

export const KEYS_USAGE = `usage: perpl keys <command> [options]

  new [--name N] [--encrypt]             fresh Ed25519 key pair in $PERPL_HOME/keys/N.json (0600); prints the public key
  list                                   the stored keys (never their secrets)
  show NAME                              scope, expiry, allow-list, network, public key, label, enrolled or not
  remove NAME [--yes]                    delete a key file (an enrolled key stays active until revoked in the web app)
  enroll [--name N] --label L [--scope read|trade (default read)] [--expires DATE|30d] [--ip-cidr CIDR ...]
         [--target-profile ADDR] [--origin O] [--network N | --base-url URL --chain-id ID [--insecure]]
         --wallet-key-file F                      sign locally (or set PERPL_WALLET_KEY)
         --print-typed-data --address WALLET      step 1: print the typed data to sign elsewhere
         --wallet-signature 0x...                 step 2: finish with that signature (within 15 minutes)

Plain http:// or ws:// to a host other than this machine is refused unless --insecure is given.
Secrets never go on the command line. Encrypted key files read PERPL_PASSPHRASE, or ask at a terminal.`;


/** `perpl keys ...` with injectable I/O (tests capture output through it). */
export async function runKeys(argv: string[], io: CliIo): Promise<number> {
  try {
    const p = parseFlags(argv, KEYS_OPTIONS, 'see `perpl keys --help`');
    const [sub, arg] = p.positionals;
    if (boolFlag(p, 'help') || sub === undefined || sub === 'help') {
      io.out(KEYS_USAGE);
      return sub === undefined && !boolFlag(p, 'help') ? 2 : 0;
    }
    switch (sub) {
      case 'new':
        return await keysNew(io, stringFlag(p, 'name') ?? arg, boolFlag(p, 'encrypt'));
      case 'list':
      case 'ls':
        return await keysList(io);
      case 'show':
        return await keysShow(io, arg ?? stringFlag(p, 'name'));
      case 'remove':
      case 'rm':
        return await keysRemove(io, arg ?? stringFlag(p, 'name'), boolFlag(p, 'yes'));
      case 'enroll':
        return await keysEnroll(io, p);
      default:
        io.err(`perpl keys: unknown command "${sub}"`);
        io.err(KEYS_USAGE);
        return 2;
    }
  } catch (e) {
    return reportFailure(io, 'keys', e);
  }
}

export async function run(argv: string[]): Promise<number> {
  return runKeys(argv, processIo());
}
