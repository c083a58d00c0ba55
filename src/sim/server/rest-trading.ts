// Signed REST endpoints (read scope suffices): wallet, open orders, positions, the four histories, ref code.

import { decodeCursor, cutPage, type HistoryKind } from './history-cursor.js';
import { errorReply, json, type Reply } from './http-io.js';
import type { StoredKey } from './key-store.js';
import type { SimState } from './sim-state.js';

const DEFAULT_PAGE = 50;
const MAX_PAGE = 100;

/** The account a key acts for; undefined when the wallet has no exchange account yet (404). */
function accountOf(state: SimState, key: StoredKey): number | undefined {
  return state.engine.accountsOf(key.address)[0];
}


export function getWallet(state: SimState, key: StoredKey): Reply {
  if (accountOf(state, key) === undefined) return errorReply(404, 'no exchange account');
  const w = state.engine.wallet(key.address);
  return json(200, {
    mt: 19,
    sn: state.head(),
    at: state.headAt(),
    addr: w.addr,
    n: w.n,
    fl: w.fl,
    as: w.accounts.map((a) => ({ mt: 0, ...a })),
    sts: w.stats.map((s) => ({ mt: 0, ...s })),
  });
}

export function getOpenOrders(state: SimState, key: StoredKey): Reply {
  const acc = accountOf(state, key);
  if (acc === undefined) return errorReply(404, 'no exchange account');
  return json(200, { mt: 23, sn: state.head(), at: state.headAt(), d: state.engine.openOrders(acc) });
}

export function getPositions(state: SimState, key: StoredKey): Reply {
  const acc = accountOf(state, key);
  if (acc === undefined) return errorReply(404, 'no exchange account');
  // The positions stream's snapshot served over HTTP, its `sid` included as live sends it.
  return json(200, { mt: 26, sid: 50, sn: state.head(), at: state.headAt(), d: state.engine.openPositions(acc) });
}

function historyOf(state: SimState, kind: HistoryKind, acc: number): readonly unknown[] {
  switch (kind) {
    case 'fills':
      return state.engine.fillHistory(acc);
    case 'order-history':
      return state.engine.orderHistory(acc);
    case 'position-history':
      return state.engine.positionHistory(acc);
    case 'account-history':
      return state.engine.accountHistory(acc);
  }
}

export function getHistory(state: SimState, key: StoredKey, kind: HistoryKind, query: URLSearchParams): Reply {
  const acc = accountOf(state, key);
  if (acc === undefined) return errorReply(404, 'no exchange account');
  const countText = query.get('count');
  let count = DEFAULT_PAGE;
  if (countText !== null) {
    if (!/^\d{1,4}$/.test(countText)) return errorReply(400, 'count must be 1..100');
    count = Number(countText);
    if (count < 1 || count > MAX_PAGE) return errorReply(400, 'count must be 1..100');
  }
  const pageText = query.get('page');
  let cursor;
  if (pageText !== null && pageText !== '') {
    cursor = decodeCursor(pageText, kind, acc);
    if (!cursor) return errorReply(400, 'invalid page cursor');
  }
  return json(200, cutPage(historyOf(state, kind, acc), count, cursor, kind, acc));
}

export function getRefCode(state: SimState, key: StoredKey): Reply {
  const code = state.refCodes.get(key.address);
  // Live answers 404 with an empty body when the caller has no code.
  if (!code) return { status: 404 };
  return json(200, code);
}
