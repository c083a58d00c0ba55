// Public REST endpoints: context, candles, funding, book, ticker, announcements (wire.md 5).

import { CANDLE_RESOLUTIONS, type Context, type FundingEvent, type MarketState } from '../../protocol/index.js';
import { errorReply, json, type Reply } from './http-io.js';
import type { SimState } from './sim-state.js';

const MAX_CANDLES = 1024;
const MAX_FUNDING_INTERVALS = 1024;
const MAX_ALL_MARKET_FUNDING_INTERVALS = 128;


function context(state: SimState): Context {
  const at = state.headAt();
  return state.engine.context(at.b, at.t);
}

function marketIds(state: SimState): number[] {
  return [...state.markets.keys()];
}

function parseRange(text: string): { from: number; to: number } | undefined {
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(text);
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return from <= to ? { from, to } : undefined;
}

function knownMarket(state: SimState, text: string): number | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const id = Number(text);
  return state.markets.has(id) ? id : undefined;
}

export function getContext(state: SimState): Reply {
  return json(200, context(state));
}

export function getCandles(state: SimState, mktText: string, resText: string, rangeText: string): Reply {
  const mkt = knownMarket(state, mktText);
  if (mkt === undefined) return errorReply(404, 'unknown market');
  const res = Number(resText);
  if (!/^\d+$/.test(resText) || !(CANDLE_RESOLUTIONS as readonly number[]).includes(res)) {
    return errorReply(400, 'invalid resolution');
  }
  const range = parseRange(rangeText);
  if (!range) return errorReply(400, 'invalid time range');
  if ((range.to - range.from) / (res * 1000) > MAX_CANDLES) return errorReply(400, 'too many candles requested');
  return json(200, { mt: 12, at: state.headAt(), r: res, d: state.engine.candles(mkt, res, range.from, range.to) });
}

function fundingIntervalMs(state: SimState, mkt: number): number {
  return Math.max(1, state.markets.get(mkt)?.funding_interval_sec ?? 3600) * 1000;
}

export function getMarketFunding(state: SimState, mktText: string, rangeText: string): Reply {
  const mkt = knownMarket(state, mktText);
  if (mkt === undefined) return errorReply(404, 'unknown market');
  const range = parseRange(rangeText);
  if (!range) return errorReply(400, 'invalid time range');
  if ((range.to - range.from) / fundingIntervalMs(state, mkt) > MAX_FUNDING_INTERVALS) {
    return errorReply(400, 'too many funding intervals requested');
  }
  return json(200, { mt: 13, at: state.headAt(), m: mkt, d: state.engine.fundingHistory(mkt, range.from, range.to) });
}

export function getAllFunding(state: SimState, rangeText: string): Reply {
  const range = parseRange(rangeText);
  if (!range) return errorReply(400, 'invalid time range');
  const ids = marketIds(state);
  const shortest = Math.min(...ids.map((id) => fundingIntervalMs(state, id)));
  if ((range.to - range.from) / shortest > MAX_ALL_MARKET_FUNDING_INTERVALS) {
    return errorReply(400, 'too many funding intervals requested');
  }
  const d: Record<string, FundingEvent[]> = {};
  for (const id of ids) {
    const events = state.engine.fundingHistory(id, range.from, range.to);
    if (events.length > 0) d[String(id)] = events;
  }
  return json(200, { mt: 13, at: state.headAt(), d });
}

export function getBook(state: SimState, mktText: string, query: URLSearchParams): Reply {
  const mkt = knownMarket(state, mktText);
  if (mkt === undefined) return errorReply(404, 'unknown market');
  const levelsText = query.get('levels');
  let levels = 100;
  if (levelsText !== null) {
    if (!/^\d{1,3}$/.test(levelsText)) return errorReply(400, 'levels must be 1..100');
    levels = Number(levelsText);
    if (levels < 1 || levels > 100) return errorReply(400, 'levels must be 1..100');
  }
  const book = state.engine.book(mkt, levels);
  return json(200, { mt: 15, sn: state.head(), at: state.headAt(), bid: book.bid, ask: book.ask });
}

export function getTicker(state: SimState, mktText: string | undefined): Reply {
  const d: Record<string, MarketState> = {};
  if (mktText !== undefined) {
    const mkt = knownMarket(state, mktText);
    if (mkt === undefined) return errorReply(400, 'unknown market');
    const s = state.engine.marketState(mkt);
    if (!s) return errorReply(503, 'warming up');
    d[String(mkt)] = s;
  } else {
    for (const id of marketIds(state)) {
      const s = state.engine.marketState(id);
      if (s) d[String(id)] = s;
    }
    if (Object.keys(d).length === 0) return errorReply(503, 'warming up');
  }
  return json(200, { mt: 9, sn: state.head(), d });
}

export function getAnnouncements(): Reply {
  return json(200, {
    ver: 1,
    active: [{ id: 1, title: 'Local exchange', content: 'You are trading on the local simulated exchange. Nothing here is real money.' }],
  });
}
