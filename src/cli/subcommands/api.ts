// `perpl api METHOD PATH`: sign and send one REST request and print the JSON answer, like `gh api`.
// --dry-run prints what would be sent (URL, target, the four X-API-* headers, canonical string) and sends nothing;
// the key's token is masked, and the signature (replayable for 30 s) is shown only with --show-signature.

import type { Credentials } from '../../auth/credentials.js';
import { FileRefusal, readCheckedFile } from '../../lib/checked-file.js';
import { ServerClock } from '../../auth/clock.js';
import { ApiKeySigner } from '../../auth/signer.js';
import { AUTH_HEADERS } from '../../protocol/canonical.js';
import { InputError, PermanentError, failureLines } from '../../protocol/errors.js';
import type { NetworkOptions } from '../../protocol/networks.js';
import { HttpPermanentError } from '../../transport/rest/errors.js';
import { decodeHistoryPage } from '../../protocol/decode/index.js';
import { terminalSafeJson } from '../../protocol/sanitize-text.js';
import { RestClient } from '../../transport/rest/client.js';
import { DEFAULT_HISTORY_PAGE_SIZE, walkPages } from '../../transport/rest/history.js';
import { parseSubcommandArgs } from '../subcommand-args.js';
import { API_OPTIONS, HTTP_METHODS } from '../subcommand-table.js';
import { passphrasePrompt, processIo } from '../keys/io.js';
import { checkKeyMatchesNetwork, credentialsFor, networkOptionsOf, pickNetwork } from '../keys/key-network.js';

export const API_USAGE = `usage: perpl api METHOD PATH [options]

Signs and sends one REST request and prints the JSON body. PATH is relative to the /api base,
e.g. /v1/pub/context or "/v1/trading/fills?count=10". Requests are signed whenever an API key
is configured (unless --unsigned). Reads (GET) retry on 429/5xx; writes are sent once.

options:
  --body JSON           request body (JSON text, or @file to read it from a file)
  --network NAME        mainnet | testnet | local (default: the key's network, else
                        $PERPL_NETWORK, else local)
  --base-url URL        REST base address (ends in /api); needs --chain-id unless --network names one
  --chain-id ID         chain id signed into every request (143 mainnet, 10143 testnet, 31337 local)
  --insecure            allow http:// to a host other than this machine (anyone on the path
                        could read and change what is sent and answered)
  --key-file FILE       API key file (default: $PERPL_KEY_FILE, else PERPL_API_KEY + PERPL_API_SECRET,
                        else keys/default.json, the local demo key, the newest enrolled key
                        of the chain; a 401/403 says which key was used)
  --unsigned            send without the X-API-* headers
  --paginate            GET only: follow the history cursor (np -> page=) to the last page and
                        print {"d":[every record]}
  --dry-run             print {method,url,target,headers,canonical} as JSON and send nothing;
                        the X-API-Key token is masked and the signature hidden
  --show-signature      with --dry-run: print the real X-API-Signature; with the key's token
                        anyone who sees it can replay this request for 30 s
  -h, --help            this text

The local exchange has no fixed address. A running terminal's own exchange (\`npm start\`) is
found through the pointer file it keeps while it runs ($PERPL_HOME/run/local-exchange-PID.json);
else \`perpl sim\` records it in its demo key file ($PERPL_HOME/keys/local-demo.json), which
--network local reads; otherwise pass the base URL it prints: --network local --base-url
http://127.0.0.1:PORT/api

examples:
  perpl api GET /v1/pub/context --network testnet
  perpl api GET "/v1/trading/fills?count=5" --key-file ~/.perpl/keys/bot.json --dry-run`;

const METHODS = new Set<string>(HTTP_METHODS);

/** Where the command writes and what it reads; tests substitute their own. */
export interface ApiIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  /** Asked for an encrypted key file's passphrase when PERPL_PASSPHRASE is unset (absent: no prompt). */
  passphrase?: () => Promise<string>;
}

function defaultIo(): ApiIo {
  const passphrase = passphrasePrompt(processIo(), 'the API key file');
  return {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    env: process.env,
    ...(passphrase ? { passphrase } : {}),
  };
}

interface ApiArgs {
  method: string;
  path: string;
  body: string | undefined;
  network: NetworkOptions;
  keyFile: string | undefined;
  unsigned: boolean;
  dryRun: boolean;
  showSignature: boolean;
  paginate: boolean;
}

function parse(argv: string[]): ApiArgs | 'help' {
  const { values, positionals } = parseSubcommandArgs(argv, API_OPTIONS, 'api');
  if (values.help) return 'help';
  if (positionals.length !== 2) {
    throw new InputError(`expected METHOD and PATH, got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}`, {
      hint: 'e.g. perpl api GET /v1/pub/context',
    });
  }
  const [rawMethod = '', path = ''] = positionals;
  const method = rawMethod.toUpperCase();
  if (!METHODS.has(method)) throw new InputError(`unknown HTTP method "${rawMethod}"`, { hint: [...METHODS].join(', ') });
  if (values['show-signature'] && !values['dry-run']) throw new InputError('--show-signature works with --dry-run only');
  if (values.paginate && method !== 'GET') throw new InputError('--paginate works with GET only');
  if (values.paginate && /[?&]page=/.test(path)) throw new InputError('--paginate starts from the first page: drop page= from PATH');
  return {
    method,
    path,
    body: values.body === undefined ? undefined : readBody(values.body),
    network: networkOptionsOf(values),
    keyFile: values['key-file'],
    unsigned: values.unsigned,
    dryRun: values['dry-run'],
    showSignature: values['show-signature'],
    paginate: values.paginate,
  };
}

/** Larger than any request body (a batch of 100 orders is about 20 KB): a file past it is not read. */
export const MAX_BODY_FILE_BYTES = 1024 * 1024;

/** The text of `--body @FILE`: a regular file of at most MAX_BODY_FILE_BYTES (opened without waiting, so a FIFO or /dev/zero is refused, not read without end). */
function readBodyFile(file: string): string {
  let bytes: Buffer | null;
  try {
    bytes = readCheckedFile(file, { maxBytes: MAX_BODY_FILE_BYTES });
  } catch (cause) {
    if (cause instanceof FileRefusal) throw new InputError(`the body file ${file} ${cause.reason}: not read`);
    throw new InputError(`cannot read the body file ${file}`, { cause });
  }
  if (bytes === null) throw new InputError(`cannot read the body file ${file}: no such file`);
  return bytes.toString('utf8');
}

/** The body text exactly as it will be sent and signed; must be JSON. */
function readBody(arg: string): string {
  const text = arg.startsWith('@') ? readBodyFile(arg.slice(1)) : arg;
  try {
    JSON.parse(text);
  } catch (cause) {
    throw new InputError('--body is not valid JSON', { cause });
  }
  return text;
}

const HIDDEN_SIGNATURE = '[hidden: replayable for 30 s; --show-signature prints it]';
const REPLAY_WARNING = 'perpl api: the X-API-Signature above can be replayed for 30 s by anyone who also has the key\'s token: do not paste it anywhere';

/** The key's token is a long-lived secret: a dry run shows only its last 4 characters, to tell keys apart. */
function maskedToken(token: string): string {
  return token.length >= 16 ? `[masked …${token.slice(-4)}]` : '[masked]';
}

/** Which key signed the request, in words (path and public-key fingerprint; never a secret). */
export function keyUsedLine(creds: Credentials | null, unsigned: boolean): string {
  if (creds) return `key used: ${creds.source}, public key ${creds.publicKeyHex.slice(0, 18)}…`;
  return unsigned
    ? 'no key was used: --unsigned sent the request without signing it'
    : 'no key was used: none was found (--key-file, $PERPL_KEY_FILE, PERPL_API_KEY + PERPL_API_SECRET, keys/default.json, the newest enrolled key of the chain), so the request went out unsigned';
}

async function execute(args: ApiArgs, io: ApiIo, used: { line: string }): Promise<number> {
  const creds = args.unsigned ? null : await credentialsFor(args.keyFile, args.network, io);
  used.line = keyUsedLine(creds, args.unsigned);
  const network = await pickNetwork(args.network, creds, io.env);
  if (creds) checkKeyMatchesNetwork(creds, network);
  const clock = new ServerClock();
  const signer = creds ? new ApiKeySigner({ apiKey: creds.apiKey, seed: creds.seed }, network.chainId, clock) : undefined;
  const client = new RestClient({ network, clock, ...(signer ? { signer } : {}), ...(io.fetch ? { fetch: io.fetch } : {}) });
  const request = { ...(args.body !== undefined ? { body: args.body } : {}), signed: signer !== undefined };

  if (args.dryRun) {
    if (!signer) {
      throw new PermanentError('--dry-run shows the signed request, but no API key is configured', {
        hint: 'pass --key-file, or set PERPL_API_KEY and PERPL_API_SECRET',
      });
    }
    const p = client.prepare(args.method, args.path, request);
    const headers = Object.fromEntries(Object.values(AUTH_HEADERS).map((h) => [h, p.headers[h] ?? '']));
    headers[AUTH_HEADERS.key] = maskedToken(headers[AUTH_HEADERS.key] ?? '');
    if (!args.showSignature) headers[AUTH_HEADERS.signature] = HIDDEN_SIGNATURE;
    io.out(JSON.stringify({ method: p.method, url: p.url, target: p.target, headers, canonical: p.canonical }, null, 2));
    if (args.showSignature) io.err(REPLAY_WARNING);
    return 0;
  }

  if (args.paginate) {
    const records: unknown[] = [];
    // A page shorter than the size asked for is the last one (live sends `np` on it too).
    const countText = new URLSearchParams(args.path.split('?')[1] ?? '').get('count');
    const pageSize = countText !== null && /^\d{1,3}$/.test(countText) && Number(countText) > 0 ? Number(countText) : DEFAULT_HISTORY_PAGE_SIZE;
    const pages = walkPages(
      (cursor) => client.request('GET', args.path, { ...request, query: { page: cursor }, decode: (v) => decodeHistoryPage(v, (item) => item) }),
      Infinity,
      pageSize,
    );
    for await (const page of pages) records.push(...page.d);
    io.out(terminalSafeJson({ d: records }, 2));
    return 0;
  }

  const body = await client.request(args.method, args.path, { ...request, decode: (v) => v });
  // The server's answer, printed: nothing in it may drive the terminal (the JSON means the same).
  if (body !== null) io.out(terminalSafeJson(body, 2));
  return 0;
}

export async function run(argv: string[], io: ApiIo = defaultIo()): Promise<number> {
  let args: ApiArgs | 'help';
  try {
    args = parse(argv);
  } catch (e) {
    report(e, io);
    return 2;
  }
  if (args === 'help') {
    io.out(API_USAGE);
    return 0;
  }
  const used = { line: '' };
  try {
    const code = await execute(args, io, used);
    // Which key went out (to stderr: stdout stays the server's JSON for a pipe); a dry run sent nothing, and
    // --unsigned asked for no key, so neither needs telling.
    if (!args.dryRun && !args.unsigned && used.line !== '') io.err(used.line);
    return code;
  } catch (e) {
    report(e, io);
    // Refused for its key (or the lack of one): say which key went out.
    if (used.line !== '' && e instanceof HttpPermanentError && (e.status === 401 || e.status === 403)) io.err(`hint: ${used.line}`);
    return 1;
  }
}

function report(e: unknown, io: ApiIo): void {
  for (const line of failureLines('perpl api', e, Boolean(io.env.PERPL_DEBUG))) io.err(line);
}
