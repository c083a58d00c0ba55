// Fans an EngineOutput out to market-data sessions. Each frame is serialised once and sent to every
// subscriber as produced (one mt 16 per market per flow step): nothing is batched or queued here.

import type { EngineOutput } from '../engine/types.js';
import type { MarketDataSession } from './market-data-session.js';
import { SID, streamSid } from './streams.js';

function deliver(sessions: Iterable<MarketDataSession>, sid: number, build: () => object): void {
  let text: string | undefined;
  for (const s of sessions) {
    if (!s.isSubscribed(sid)) continue;
    text ??= JSON.stringify(build());
    s.conn.sendRaw(text);
  }
}

export function fanOutMarketData(
  sessions: ReadonlySet<MarketDataSession>,
  out: EngineOutput,
  head: number,
  nowMs: number,
): void {
  if (sessions.size === 0) return;
  const at = { b: head, t: nowMs };
  for (const [market, levels] of out.book) {
    if (levels.bid.length === 0 && levels.ask.length === 0) continue;
    const sid = streamSid({ kind: 'order-book', market });
    deliver(sessions, sid, () => ({ mt: 16, sid, sn: head, at, bid: levels.bid, ask: levels.ask }));
  }
  for (const [market, trades] of out.trades) {
    if (trades.length === 0) continue;
    const sid = streamSid({ kind: 'trades', market });
    deliver(sessions, sid, () => ({ mt: 18, sid, sn: head, d: trades }));
  }
  if (out.marketState.size > 0) {
    deliver(sessions, SID.marketState, () => ({
      mt: 9,
      sid: SID.marketState,
      sn: head,
      d: Object.fromEntries([...out.marketState].map(([m, s]) => [String(m), s])),
    }));
  }
  if (out.funding.size > 0) {
    deliver(sessions, SID.funding, () => ({
      mt: 10,
      sid: SID.funding,
      sn: head,
      d: Object.fromEntries([...out.funding].map(([m, f]) => [String(m), f])),
    }));
  }
  for (const [market, byRes] of out.candles) {
    for (const [resolution, candles] of byRes) {
      if (candles.length === 0) continue;
      const sid = streamSid({ kind: 'candles', market, resolution });
      deliver(sessions, sid, () => ({ mt: 12, sid, sn: head, at, r: resolution, d: candles.slice(-2) }));
    }
  }
}
