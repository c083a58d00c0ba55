// The doctor's judgement: pure functions from gathered facts to "OK/WARN/FAIL <check>: <detail>
// (fix: ...)" lines. No I/O here, so every verdict is unit-tested.

import { exposedFolderFix, exposedFolderText } from '../../auth/keys-folder.js';
import { formatAmount } from '../../protocol/scaling.js';
import { sanitizeText } from '../../protocol/sanitize-text.js';
import { unknownWatchlistProblems } from '../../app/config/load-config.js';
import { fallbackFor, type ConfigProblem } from '../../app/config/schema.js';
import type { DoctorFacts, KeyFacts, NetworkFacts } from './facts.js';
import { presetSummary } from '../../ui/presets/view.js';

export type Level = 'OK' | 'WARN' | 'FAIL' | 'SKIP';

export interface CheckResult {
  level: Level;
  check: string;
  detail: string;
  fix?: string;
}

export const EXPIRY_WARN_MS = 7 * 86_400_000;
export const SKEW_WARN_MS = 5_000;
/** The exchange accepts ±30 s; past 25 s signatures start failing on ordinary latency. */
export const SKEW_FAIL_MS = 25_000;
/** `Date` truncates to whole seconds: its true time is on average half a second later. */
const DATE_HALF_SECOND = 500;

const r = (level: Level, check: string, detail: string, fix?: string): CheckResult => (fix === undefined ? { level, check, detail } : { level, check, detail, fix });

function days(ms: number): string {
  const d = ms / 86_400_000;
  return d >= 1 ? `${Math.floor(d)}d ${Math.floor((ms % 86_400_000) / 3_600_000)}h` : `${Math.floor(ms / 3_600_000)}h ${Math.floor((ms % 3_600_000) / 60_000)}m`;
}

/** Line, key, reason and what is used instead: one report line per problem. */
function problemText(p: ConfigProblem): string {
  return [p.line !== null ? `line ${p.line}` : null, p.key || null, `${p.message}; using ${p.fallback ?? fallbackFor(p.key, p.message)}`].filter(Boolean).join(': ');
}

/** Every config problem on a line of its own (never "OK config" nor "+N more"), the watchlist's unknown markets included. */
export function checkConfig(f: DoctorFacts): CheckResult[] {
  const home = `${f.home.path}${f.home.exists ? '' : ' (not created yet)'}`;
  const c = f.config;
  const marketSymbols = f.rest?.ok ? f.rest.marketSymbols : undefined;
  const unknownMarkets = c?.watchlist && marketSymbols ? unknownWatchlistProblems(c.watchlist, marketSymbols, c.watchlistLine ?? null) : [];
  const problems = [...(c?.problems ?? []), ...unknownMarkets];
  if (!c || problems.length === 0) return [r('OK', 'config', c?.file ? c.file : `${home} (no config file: defaults)`)];
  // A problem with no line and no key is the whole file: missing, unreadable or not a regular file.
  const whole = problems.find((p) => p.line === null && p.key === '');
  if (whole) return [r('FAIL', 'config', whole.message, 'the terminal starts with every default: fix or remove the file')];
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return [
    r('WARN', 'config', `${c.file ?? 'config'}: ${count}`, 'edit those entries; each keeps its default until then'),
    ...problems.map((p) => r('WARN', 'config', problemText(p))),
  ];
}

/** Every preset that works, one line each: its key, its line, and whether it reviews (the refused ones are config problems). */
export function checkPresets(f: DoctorFacts): CheckResult[] {
  return (f.config?.presets ?? []).map((p) => r('OK', 'preset', presetSummary(p)));
}

export function checkKeysFolder(f: DoctorFacts): CheckResult | undefined {
  if (!f.keysFolder) return undefined;
  return r('WARN', f.keysFolder.what, exposedFolderText(f.keysFolder), exposedFolderFix(f.keysFolder));
}

export function checkNetwork(f: DoctorFacts): CheckResult {
  const n = f.network;
  if (!n.ok) return r('FAIL', 'network', n.error, n.hint ?? 'use --network local|testnet|mainnet, or --base-url URL --chain-id ID');
  const badge = n.isMainnet ? 'MAINNET' : n.name;
  return r('OK', 'network', `${badge} chain ${n.chainId}, ${n.restBase}`);
}

export function checkKeyFile(f: DoctorFacts): CheckResult {
  const k = f.key;
  if (k === undefined) {
    return r('WARN', 'key', 'no API key configured: market data only', 'perpl keys new && perpl keys enroll ..., or pass --key-file FILE');
  }
  if (!k.ok) return r('FAIL', 'key file', k.error, k.hint);
  if (k.mode !== undefined && (k.mode & 0o077) !== 0) {
    return r('FAIL', 'key file', `${k.source} has mode ${(k.mode & 0o777).toString(8).padStart(4, '0')}`, `chmod 600 ${k.source}`);
  }
  const mode = k.mode === undefined ? '' : ` (${(k.mode & 0o777).toString(8).padStart(4, '0')})`;
  const why = f.keyChoice ? ` (chosen: ${f.keyChoice.why})` : '';
  return r('OK', 'key file', `${k.source}${mode}, public key ${k.publicKeyHex ?? '?'}${why}`);
}

/** Keys the rule passed over because they are not enrolled: said, with how to enroll them, rather than a bare failure. */
export function checkUnenrolledKeys(f: DoctorFacts): CheckResult | undefined {
  const names = f.keyChoice?.unenrolled ?? [];
  if (names.length === 0) return undefined;
  const using = f.key?.ok ? `using ${f.key.source} instead` : 'no other key found';
  const first = names[0] ?? '';
  return r('WARN', 'key', `${names.map((n) => `keys/${n}.json`).join(', ')} ${names.length === 1 ? 'is' : 'are'} not enrolled yet, so it cannot sign: skipped, ${using}`, `perpl keys enroll --name ${first} ... (then it is used: keys/default.json first, else the newest enrolled key)`);
}

function usableKey(f: DoctorFacts): KeyFacts | undefined {
  return f.key?.ok ? f.key : undefined;
}
function usableNetwork(f: DoctorFacts): NetworkFacts | undefined {
  return f.network.ok ? f.network : undefined;
}

export function checkKeyChain(f: DoctorFacts): CheckResult | undefined {
  const k = usableKey(f);
  const n = usableNetwork(f);
  if (!k || !n || k.chainId === undefined) return undefined;
  if (k.chainId !== n.chainId) {
    return r('FAIL', 'key chain', `the key was enrolled on chain ${k.chainId}, the network is chain ${n.chainId}: every signature would be rejected`, 'pick the matching --network, or enroll a key on this one');
  }
  return r('OK', 'key chain', `chain ${k.chainId}`);
}

export function checkScope(f: DoctorFacts): CheckResult | undefined {
  const k = usableKey(f);
  if (!k) return undefined;
  if (k.scopeMask === undefined) return r('WARN', 'scope', 'unknown (not recorded in the key file)', 're-enroll with `perpl keys enroll` to record it');
  if (k.scopeMask & 2) return r('OK', 'scope', 'trade (read + trade)');
  if (k.scopeMask & 1) return r('WARN', 'scope', 'read only: the terminal cannot place orders', 'enroll a new key with --scope trade');
  return r('FAIL', 'scope', `scope mask ${k.scopeMask} grants nothing`, 'enroll a new key with --scope read or trade');
}

export function checkExpiry(f: DoctorFacts): CheckResult | undefined {
  const k = usableKey(f);
  if (!k) return undefined;
  if (!k.expiresAt) return r('OK', 'expiry', 'never expires');
  const left = k.expiresAt - f.now;
  const when = new Date(k.expiresAt).toISOString();
  if (left <= 0) return r('FAIL', 'expiry', `expired ${days(-left)} ago (${when})`, 'enroll a fresh key: perpl keys new --name N && perpl keys enroll --name N ...');
  if (left < EXPIRY_WARN_MS) return r('WARN', 'expiry', `expires in ${days(left)} (${when})`, 'enroll a replacement key before it expires');
  return r('OK', 'expiry', `expires in ${days(left)} (${when})`);
}

/** Server minus local clock in ms, from a Date header sample. */
export function clockSkewMs(serverDateMs: number, localMidMs: number): number {
  return serverDateMs + DATE_HALF_SECOND - localMidMs;
}

export function checkClock(f: DoctorFacts): CheckResult | undefined {
  const rest = f.rest;
  if (!rest?.ok) return undefined;
  if (rest.serverDateMs === undefined) return r('WARN', 'clock', 'the server sent no Date header: skew unknown');
  const skew = clockSkewMs(rest.serverDateMs, rest.localMidMs);
  const text = `local clock is ${(Math.abs(skew) / 1000).toFixed(1)} s ${skew > 0 ? 'behind' : 'ahead of'} the server`;
  const fix = 'sync the system clock (timedatectl set-ntp true / chrony / ntpdate); signatures must be within 30 s of server time';
  if (Math.abs(skew) > SKEW_FAIL_MS) return r('FAIL', 'clock', text, fix);
  if (Math.abs(skew) > SKEW_WARN_MS) return r('WARN', 'clock', `${text} (perpl corrects for it, but keep it small)`, fix);
  return r('OK', 'clock', text);
}

export function checkRest(f: DoctorFacts): CheckResult | undefined {
  if (!f.rest) return undefined;
  if (!f.rest.ok) return r('FAIL', 'rest', f.rest.error, f.rest.hint ?? 'check the network address and your connection');
  const markets = f.rest.marketCount === undefined ? '' : `, ${f.rest.marketCount} markets`;
  return r('OK', 'rest', `context in ${Math.round(f.rest.latencyMs)} ms${markets}`);
}

export function checkMarketWs(f: DoctorFacts): CheckResult | undefined {
  if (!f.marketWs) return undefined;
  if (!f.marketWs.ok) return r('FAIL', 'market-data ws', f.marketWs.error, f.marketWs.hint ?? 'check that WebSockets are not blocked (proxy, firewall)');
  return r('OK', 'market-data ws', `subscribed in ${Math.round(f.marketWs.latencyMs)} ms`);
}

export function checkSignedRest(f: DoctorFacts): CheckResult | undefined {
  const s = f.signedRest;
  if (!s) return undefined;
  if (!s.ok) return r('FAIL', 'signed rest', s.error);
  const ms = `${Math.round(s.latencyMs)} ms`;
  if (s.status === 200) return r('OK', 'signed rest', `GET /v1/trading/fills accepted in ${ms}`);
  if (s.status === 404) return r('WARN', 'signed rest', 'signature accepted, but 404: no exchange account yet', 'create the exchange account in the web app');
  if (s.status === 401) {
    return r('FAIL', 'signed rest', '401: signature refused (unknown, revoked or expired key, IP outside the allow-list, or clock skew)', 'check the clock line, `perpl keys show`, and the key\'s network');
  }
  return r('FAIL', 'signed rest', `GET /v1/trading/fills answered ${s.status}`);
}

export function checkTradingWs(f: DoctorFacts): CheckResult | undefined {
  if (!f.tradingWs) {
    if (!usableKey(f)) return r('SKIP', 'trading ws', 'needs a usable API key');
    return f.network.ok ? r('SKIP', 'trading ws', 'the key belongs to another chain') : undefined;
  }
  if (!f.tradingWs.ok) return r('FAIL', 'trading ws', f.tradingWs.error, f.tradingWs.hint);
  return r('OK', 'trading ws', `signed in (mt 29 -> mt 19) in ${Math.round(f.tradingWs.latencyMs)} ms`);
}

export function checkAccount(f: DoctorFacts): CheckResult[] {
  const t = f.tradingWs;
  if (!t?.ok) return [];
  const appUrl = f.network.ok ? f.network.appUrl : 'the web app';
  const account = t.accounts[0];
  if (!account) {
    return [r('FAIL', 'account', 'no exchange account for this wallet', `create one in the web app (${appUrl}) by depositing collateral (createAccount)`)];
  }
  const out = [r('OK', 'account', `exchange account ${account.id}${t.accounts.length > 1 ? ` (+${t.accounts.length - 1} more)` : ''}`)];
  out.push(
    account.fw
      ? r('OK', 'order forwarding', 'on')
      : r('FAIL', 'order forwarding', 'off: every order would fail (sr 34 OrderForwardingNotAllowed)', `enable One-Click Trading in the web app (${appUrl}), i.e. allowOrderForwarding(true)`),
  );
  let balance: bigint;
  try {
    balance = BigInt(account.balance);
  } catch {
    out.push(r('WARN', 'balance', `unreadable balance "${account.balance}"`));
    return out;
  }
  out.push(balance > 0n ? r('OK', 'balance', `${formatAmount(balance)} collateral`) : r('WARN', 'balance', '0: nothing to trade with', `deposit collateral in the web app (${appUrl})`));
  return out;
}

/**
 * Inside tmux: desktop notifications (OSC 9 / 777) reach the outer terminal only through tmux's passthrough,
 * which tmux 3.3+ drops unless `allow-passthrough` is on; the terminal then rings the bell instead.
 */
export function checkTmuxPassthrough(f: DoctorFacts): CheckResult | undefined {
  if (!f.tmux) return undefined;
  const method = f.config?.notifyMethod ?? 'off';
  const wanted = method === 'auto' || method === 'osc9' || method === 'osc777';
  const fix = 'tmux set -g allow-passthrough on (and `set -g allow-passthrough on` in ~/.tmux.conf)';
  if (f.tmux.passthrough === 'on') return r('OK', 'tmux passthrough', 'on: desktop notifications reach the outer terminal');
  const what = f.tmux.passthrough === 'off' ? 'allow-passthrough is off: tmux drops desktop notifications (OSC 9 / 777)' : 'tmux did not say whether it forwards desktop notifications (allow-passthrough)';
  if (!wanted) return r('OK', 'tmux passthrough', `${what}; notifications are ${method === 'off' ? 'off' : `"${method}"`} in the config`);
  return r('WARN', 'tmux passthrough', `${what}: the bell instead`, fix);
}

const METHOD_WORDS = { osc9: 'OSC 9', osc777: 'OSC 777', bell: 'the bell', off: 'off' } as const;

/**
 * The notify method in effect: what `[notify] method` comes to on this terminal (auto: OSC 9, or OSC 777 on
 * VTE / urxvt / foot), through tmux's passthrough or not, or the bell when tmux drops it. Always one line,
 * inside tmux or not; off says how to turn notifications on.
 */
export function checkNotifications(f: DoctorFacts): CheckResult | undefined {
  const setting = f.config?.notifyMethod;
  const route = f.config?.notifyRoute;
  if (setting === undefined || route === undefined) return undefined;
  if (setting === 'off') return r('OK', 'notifications', 'off (the default): set [notify] method = "auto" in the config to have fills, triggers, guards... notified');
  let where = 'not inside tmux: straight to this terminal';
  if (route.tmux) where = "through tmux's passthrough (allow-passthrough on)";
  else if (f.tmux && setting !== 'bell') where = `inside tmux, which does not forward OSC notifications (allow-passthrough ${f.tmux.passthrough})`;
  else if (f.tmux) where = 'inside tmux';
  return r('OK', 'notifications', `${METHOD_WORDS[route.method]} (method "${setting}"), ${where}`);
}

/** Every check, in the order they are printed. */
export function runChecks(f: DoctorFacts): CheckResult[] {
  const maybe = [
    ...checkConfig(f),
    checkNotifications(f),
    ...checkPresets(f),
    checkTmuxPassthrough(f),
    checkNetwork(f),
    checkKeysFolder(f),
    checkKeyFile(f),
    checkUnenrolledKeys(f),
    checkKeyChain(f),
    checkScope(f),
    checkExpiry(f),
    checkClock(f),
    checkRest(f),
    checkMarketWs(f),
    checkSignedRest(f),
    checkTradingWs(f),
    ...checkAccount(f),
  ];
  return maybe.filter((c): c is CheckResult => c !== undefined);
}

/** One report line; its parts may quote the network or a file (a server's words, a config key), so each is sanitized. */
export function formatResult(c: CheckResult): string {
  return `${c.level.padEnd(4)} ${sanitizeText(c.check)}: ${sanitizeText(c.detail)}${c.fix === undefined ? '' : ` (fix: ${sanitizeText(c.fix)})`}`;
}

/** 0 when nothing failed. */
export function doctorExitCode(results: readonly CheckResult[]): number {
  return results.some((c) => c.level === 'FAIL') ? 1 : 0;
}
