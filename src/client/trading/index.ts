// Public surface of the trading client (headless: usable by the app and by bots).
export { createTradingClient, type TradingClient, type TradingClientOptions } from './client.js';
export { TradingSession, type TradingSessionEvents, type TradingSessionOptions, type WsSignInSource } from './session.js';
export { TradingState, fillKey } from './trading-state.js';
export { OrderEngine, type OrderEngineOptions } from './order-engine.js';
export type { RequestHandle, RequestPhase, RequestResult, RequestResultKind, RequestView } from './tracked-request.js';
export { Journal, journalPath, unresolvedRequests, type JournalRecord, type UnresolvedRequest } from './journal.js';
export type { OrderLookup } from './reconcile.js';
