// The doctor's network probes: one REST call and two short-lived sockets, each timed, each turned into
// a fact (never an exception). Sockets are always closed before a probe returns.

import WebSocket from 'ws';
import type { ApiKeySigner } from '../../auth/signer.js';
import { decodeContext, decodeWalletSnapshotFrame } from '../../protocol/decode/index.js';
import { marketDataWsUrl, tradingWsUrl, type Network } from '../../protocol/networks.js';
import { sanitizeJsonStrings, sanitizeText } from '../../protocol/sanitize-text.js';
import type { Outcome, RestFacts, SignedRestFacts, TimedOk, TradingFacts } from './facts.js';

export const PROBE_TIMEOUT_MS = 8_000;

/**
 * Probes never follow a redirect (`redirect: 'manual'`): the signed probe's headers must not travel to
 * another host, and an address that redirects is not the exchange's own. A 3xx is reported as such.
 */
function redirected(url: string, res: Response): string | undefined {
  if (res.status < 300 || res.status > 399) return undefined;
  const location = res.headers.get('location');
  return `GET ${url} answered a redirect (${res.status}${location === null ? '' : ` to ${sanitizeText(location, 200)}`}): not followed`;
}

function reason(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? e.message;
  }
  return String(e);
}

export async function probeRest(network: Network, timeoutMs = PROBE_TIMEOUT_MS): Promise<Outcome<RestFacts>> {
  const url = `${network.restBase}/v1/pub/context`;
  const sent = Date.now();
  const t0 = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const text = await res.text();
    const latencyMs = performance.now() - t0;
    const localMidMs = (sent + Date.now()) / 2;
    const moved = redirected(url, res);
    if (moved !== undefined) return { ok: false, error: moved, hint: 'give the exchange\'s own REST address as --base-url (ending in /api)' };
    if (!res.ok) return { ok: false, error: `GET ${url} answered ${res.status}` };
    const date = res.headers.get('date');
    const serverDateMs = date ? Date.parse(date) : NaN;
    let marketCount: number | undefined;
    let marketSymbols: string[] | undefined;
    try {
      const { markets } = decodeContext(JSON.parse(text));
      marketCount = markets.length;
      marketSymbols = markets.map((m) => m.symbol);
    } catch {
      return { ok: false, error: `GET ${url} did not return a context`, hint: 'check that --base-url is the REST base ending in /api' };
    }
    return { ok: true, latencyMs, localMidMs, marketCount, marketSymbols, ...(Number.isFinite(serverDateMs) ? { serverDateMs } : {}) };
  } catch (e) {
    return { ok: false, error: `GET ${url} failed: ${reason(e)}` };
  }
}

/** The cheapest signed read: one fill. Any HTTP answer is a fact; only a transport failure is not. */
export async function probeSignedRest(network: Network, signer: ApiKeySigner, timeoutMs = PROBE_TIMEOUT_MS): Promise<Outcome<SignedRestFacts>> {
  const target = '/v1/trading/fills?count=1';
  const url = `${network.restBase}${target}`;
  const t0 = performance.now();
  try {
    const { headers } = signer.signRest({ method: 'GET', target });
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await res.arrayBuffer();
    const moved = redirected(url, res);
    if (moved !== undefined) return { ok: false, error: moved };
    return { ok: true, status: res.status, latencyMs: performance.now() - t0 };
  } catch (e) {
    return { ok: false, error: `GET ${url} failed: ${reason(e)}` };
  }
}

interface SocketProbe<T> {
  url: string;
  /** First frame(s) to send once open. */
  onOpen(ws: WebSocket): void;
  /** Returns a result when this frame settles the probe, undefined to keep waiting. */
  onFrame(frame: { mt?: number } & Record<string, unknown>): Outcome<T> | undefined;
  onClose(code: number, why: string): Outcome<T>;
}

function probeSocket<T>(p: SocketProbe<T>, timeoutMs: number): Promise<Outcome<T & TimedOk>> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let settled = false;
    const ws = new WebSocket(p.url, { perMessageDeflate: false, handshakeTimeout: timeoutMs });
    const finish = (o: Outcome<T>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.terminate();
      resolve(o.ok ? { ...o, latencyMs: performance.now() - t0 } : o);
    };
    const timer = setTimeout(() => finish({ ok: false, error: `${p.url}: no answer within ${timeoutMs / 1000} s` }), timeoutMs);
    ws.on('open', () => p.onOpen(ws));
    ws.on('message', (data) => {
      let frame: unknown;
      try {
        // The server's text (a refusal's error) ends up in the report: inert like every decoded string.
        frame = sanitizeJsonStrings(JSON.parse(String(data)));
      } catch {
        return;
      }
      if (typeof frame !== 'object' || frame === null) return;
      const done = p.onFrame(frame as { mt?: number } & Record<string, unknown>);
      if (done) finish(done);
    });
    ws.on('close', (code, why) => finish(p.onClose(code, sanitizeText(why.toString()))));
    ws.on('error', (e) => finish({ ok: false, error: `${p.url}: ${reason(e)}` }));
  });
}

export function probeMarketWs(network: Network, timeoutMs = PROBE_TIMEOUT_MS): Promise<Outcome<TimedOk>> {
  const stream = `heartbeat@${network.chainId}`;
  return probeSocket<object>(
    {
      url: marketDataWsUrl(network),
      onOpen: (ws) => ws.send(JSON.stringify({ mt: 5, subs: [{ stream, subscribe: true }] })),
      onFrame: (f) => {
        if (f.mt !== 6) return undefined;
        const subs = Array.isArray(f.subs) ? (f.subs as { status?: { code?: number; error?: string } }[]) : [];
        const bad = subs.find((s) => s.status && s.status.code !== 0);
        return bad ? { ok: false, error: `subscription to ${stream} refused: ${bad.status?.error ?? bad.status?.code}` } : { ok: true };
      },
      onClose: (code, why) => ({ ok: false, error: `market-data socket closed ${code}${why ? ` "${why}"` : ''} before subscribing` }),
    },
    timeoutMs,
  );
}

export function probeTradingWs(network: Network, signer: ApiKeySigner, timeoutMs = PROBE_TIMEOUT_MS): Promise<Outcome<TradingFacts>> {
  return probeSocket<Omit<TradingFacts, 'latencyMs'>>(
    {
      url: tradingWsUrl(network),
      onOpen: (ws) => ws.send(JSON.stringify(signer.signWsSignIn())),
      onFrame: (f) => {
        if (f.mt !== 19) return undefined;
        try {
          const snap = decodeWalletSnapshotFrame(f);
          return { ok: true, accounts: snap.as.map((a) => ({ id: a.id, fw: a.fw, balance: a.b })) };
        } catch {
          return { ok: false, error: 'the wallet snapshot (mt 19) is malformed' };
        }
      },
      onClose: (code, why) =>
        code === 3401
          ? { ok: false, error: 'sign-in refused (close 3401): the key is unknown, revoked, expired, outside its IP allow-list, or the clock is off', hint: 'check `perpl keys show`, the clock line above, and the network the key was enrolled on' }
          : { ok: false, error: `trading socket closed ${code}${why ? ` "${why}"` : ''} before the wallet snapshot` },
    },
    timeoutMs,
  );
}
