// `perpl algos [--json]`: the algos journaled under $PERPL_HOME/algos/ (every network and account, or one
// with --network / --account), as a table or JSON. Reads the files only: no network, no key.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../protocol/errors.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { algoJournalDir, readAlgoJournal } from '../../client/algos/algo-journal.js';
import { type AlgoEntry, foldAlgos, algoSummary } from '../../client/algos/algo-fold.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { ALGOS_OPTIONS } from '../subcommand-table.js';

const USAGE = `usage: perpl algos [options]

Prints the algos (TWAP, ...) journaled under $PERPL_HOME/algos/: running, paused, held and ended.

  --network NAME    only this network's (e.g. local, testnet, mainnet)
  --account ID      only this account's
  --json            one JSON object per algo, with its children, instead of the table`;

export interface JournaledAlgo {
  /** The journal file's name: <network>-<account>. */
  book: string;
  algo: AlgoEntry;
}

/** The algos of every journal file in `dir` whose name matches the filters. */
export function journaledAlgos(dir: string, filter: { network?: string; account?: string }): { algos: JournaledAlgo[]; problems: string[] } {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.ndjson')).sort();
  } catch {
    return { algos: [], problems: [] };
  }
  const algos: JournaledAlgo[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const book = name.slice(0, -'.ndjson'.length);
    const cut = book.lastIndexOf('-');
    if (filter.network !== undefined && book.slice(0, cut) !== filter.network) continue;
    if (filter.account !== undefined && book.slice(cut + 1) !== filter.account) continue;
    const contents = readAlgoJournal(join(dir, name));
    problems.push(...contents.problems);
    for (const algo of foldAlgos(contents.records)) algos.push({ book, algo });
  }
  return { algos, problems };
}

/** The table: one row per algo, columns padded to their widest cell. */
export function algoTable(algos: readonly JournaledAlgo[]): string {
  const head = ['ACCOUNT', 'ID', 'KIND', 'MARKET', 'SIDE', 'FILLED/TARGET', 'CHILDREN', 'STATE', 'REASON'];
  const rows = algos.map(({ book, algo }) => {
    const spec = algo.start.spec;
    const state = algoSummary(algo);
    const status = algo.status === 'ended' ? (algo.complete ? 'done' : 'ended') : algo.status;
    return [book, algo.id, algo.start.kind, String(spec.marketId), state.side === 'long' ? 'buy' : 'sell', `${state.filled}/${state.target}`, String(algo.children.length), status, sanitizeText(algo.reason, 80)];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseSubcommandArgs(argv, ALGOS_OPTIONS, 'algos');
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new InputError(`unexpected argument "${sanitizeText(positionals[0]!, 40)}"`, { hint: 'see `perpl algos --help`' });
  if (values.account !== undefined && !/^\d+$/.test(values.account)) throw new InputError('--account must be an account id (digits)');
  const { algos, problems } = journaledAlgos(algoJournalDir(), {
    ...(values.network !== undefined ? { network: values.network } : {}),
    ...(values.account !== undefined ? { account: values.account } : {}),
  });
  for (const p of problems) console.error(sanitizeText(p, 300));
  if (values.json) {
    for (const { book, algo } of algos) console.log(JSON.stringify({ book, ...algo, filled: algoSummary(algo).filled }));
    return 0;
  }
  console.log(algos.length === 0 ? 'no algos journaled' : algoTable(algos));
  return 0;
}
