// `perpl doctor`: checks config, key file, scope and expiry, clock skew, REST and both sockets, the
// exchange account, order forwarding and balance; one line per check. Exit 0 when nothing FAILs.

import { gatherFacts } from '../doctor/gather.js';
import { doctorExitCode, formatResult, runChecks } from '../doctor/checks.js';
import { DOCTOR_OPTIONS } from '../subcommand-table.js';
import { boolFlag, parseFlags } from '../keys/flags.js';
import { processIo, reportFailure, type CliIo } from '../keys/io.js';

export const DOCTOR_USAGE = `usage: perpl doctor [--network N | --base-url URL --chain-id ID] [--insecure] [--key-file F] [--config FILE]

Prints one line per check: OK / WARN / FAIL <check>: <detail> (fix: ...). Exit code 0 when nothing fails.
--insecure allows http:// or ws:// to a host other than this machine (refused otherwise: anyone on the
path could feed it prices and text). Without --key-file it uses $PERPL_KEY_FILE, PERPL_API_KEY/PERPL_API_SECRET, keys/default.json or the local demo key
(the key of a running terminal's own exchange first, found through the pointer file it keeps while it runs).`;

export async function runDoctor(argv: string[], io: CliIo): Promise<number> {
  try {
    const p = parseFlags(argv, DOCTOR_OPTIONS, 'see `perpl doctor --help`');
    if (boolFlag(p, 'help')) {
      io.out(DOCTOR_USAGE);
      return 0;
    }
    const results = runChecks(await gatherFacts(p, io));
    for (const c of results) io.out(formatResult(c));
    return doctorExitCode(results);
  } catch (e) {
    return reportFailure(io, 'doctor', e);
  }
}

export async function run(argv: string[]): Promise<number> {
  return runDoctor(argv, processIo());
}
