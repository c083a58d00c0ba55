// `perpl algos [--json]`: the algos journaled under $PERPL_HOME/algos/ (every network and account, or one
// with --network / --account), as a table or JSON. Reads the files, and each network's public context (no
// key) for the markets' names and decimals; an unreachable exchange leaves the market as `#id` in wire units.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../protocol/errors.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { algoJournalDir, readAlgoJournal } from '../../client/algos/algo-journal.js';
import { type AlgoEntry, foldAlgos, algoSummary } from '../../client/algos/algo-fold.js';
import { decodeContext } from '../../protocol/decode/context.js';
import type { Market } from '../../protocol/frames.js';
import { resolveNetwork } from '../../protocol/networks.js';
import { marketWords, priceText, sizeFigure, type MarketWords } from '../../domain/trading/order-words.js';
import { formatScaledTrim } from '../../protocol/scaling.js';
import { localEndpoint } from '../keys/network.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { ALGOS_OPTIONS } from '../subcommand-table.js';

const USAGE = `usage: perpl algos [options]

Prints the algos (TWAP, trail, chase, scaled orders) journaled under $PERPL_HOME/algos/: running, paused, held and ended.

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

/** A journal book's markets (from its network's context), or undefined when they could not be read. */
export type BookMarkets = (book: string) => readonly Market[] | undefined;

/** The words of the algo's market when the context listed it (its name and decimals), else null. */
function wordsOf(algo: AlgoEntry, markets: readonly Market[] | undefined): MarketWords | null {
  const id = algo.start.spec.marketId;
  const m = markets?.find((x) => x.id === id);
  return m ? marketWords(m, id) : null;
}

/**
 * The algo's price, ticks, and what it is: a TWAP's limit (else its arrival mark), a chase's resting price
 * (else its start), a trail's stop, a scaled order's average fill (else its first leg's price); null when it has none.
 */
function algoPrice(algo: AlgoEntry): { word: string; price: number } | null {
  const s = algo.start;
  if (s.kind === 'twap') return s.spec.bound.kind === 'limit' ? { word: 'limit', price: s.spec.bound.price } : { word: 'mark', price: s.arrivalMark };
  if (s.kind === 'chase') return { word: 'at', price: algo.chase?.state.live?.price ?? s.startPrice };
  if (s.kind === 'scale') return algo.scale?.settled?.filled ? { word: 'avg', price: algo.scale.settled.avgPrice } : { word: 'from', price: s.spec.from };
  const stop = algo.trail?.stop;
  return stop ? { word: 'stop', price: stop.price } : null;
}

/** The table: one row per algo, columns padded to their widest cell; prices and sizes in the market's units. */
export function algoTable(algos: readonly JournaledAlgo[], markets: BookMarkets = () => undefined): string {
  const head = ['ACCOUNT', 'ID', 'KIND', 'MARKET', 'SIDE', 'FILLED/TARGET', 'PRICE', 'CHILDREN', 'STATE', 'REASON'];
  const rows = algos.map(({ book, algo }) => {
    const words = wordsOf(algo, markets(book));
    const state = algoSummary(algo);
    const price = algoPrice(algo);
    const status = algo.status === 'ended' ? (algo.complete ? 'done' : 'ended') : algo.status;
    // An unlisted market: named `#id`, its figures the journal's wire integers (ungrouped: not a price to read as one).
    const size = (n: number): string => (words ? sizeFigure(n, words) : String(n));
    const progress = `${size(state.filled)}/${size(state.target)}`;
    const priced = price === null ? '-' : `${price.word} ${words ? priceText(price.price, words) : String(price.price)}`;
    const label = words ? sanitizeText(words.label, 24) : `#${algo.start.spec.marketId}`;
    return [book, algo.id, algo.start.kind, label, state.side === 'long' ? 'buy' : 'sell', progress, priced, String(algo.children.length), status, sanitizeText(algo.reason, 80)];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** One algo as JSON: the journal's exact integers, plus the same sizes and price as decimal strings when the market is known. */
export function algoJson(book: string, algo: AlgoEntry, markets: readonly Market[] | undefined): Record<string, unknown> {
  const state = algoSummary(algo);
  const m = markets?.find((x) => x.id === algo.start.spec.marketId);
  const price = algoPrice(algo);
  const decimals = m
    ? {
        market: marketWords(m, m.id).label,
        filledText: formatScaledTrim(state.filled, m.config.size_decimals),
        targetText: formatScaledTrim(state.target, m.config.size_decimals),
        ...(price !== null ? { priceText: formatScaledTrim(price.price, m.config.price_decimals) } : {}),
      }
    : {};
  return { book, ...algo, filled: state.filled, target: state.target, ...(price !== null ? { price: price.price } : {}), ...decimals };
}

const CONTEXT_TIMEOUT_MS = 3_000;

/** The markets of `network`'s public context, or undefined when it is not reachable (the table then says `#id`). */
async function networkMarkets(network: string): Promise<readonly Market[] | undefined> {
  try {
    const net = resolveNetwork({ network }, network === 'local' ? await localEndpoint(process.env) : undefined);
    const res = await fetch(`${net.restBase}/v1/pub/context`, { signal: AbortSignal.timeout(CONTEXT_TIMEOUT_MS), redirect: 'manual' });
    if (!res.ok) return undefined;
    return decodeContext(await res.json()).markets;
  } catch {
    return undefined;
  }
}

async function bookMarkets(algos: readonly JournaledAlgo[]): Promise<BookMarkets> {
  const networkOf = (book: string) => book.slice(0, book.lastIndexOf('-'));
  const networks = [...new Set(algos.map((a) => networkOf(a.book)))];
  const found = new Map(await Promise.all(networks.map(async (n) => [n, await networkMarkets(n)] as const)));
  return (book) => found.get(networkOf(book));
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
  const markets = await bookMarkets(algos);
  if (values.json) {
    for (const { book, algo } of algos) console.log(JSON.stringify(algoJson(book, algo, markets(book))));
    return 0;
  }
  console.log(algos.length === 0 ? 'no algos journaled' : algoTable(algos, markets));
  return 0;
}
