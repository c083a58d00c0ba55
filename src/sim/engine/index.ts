// Public entry of the local exchange's engine: the server creates it here and codes against SimEngine.

import { Engine } from './engine.js';
import type { SimEngine, SimEngineOptions } from './types.js';

export function createSimEngine(opts: SimEngineOptions): SimEngine {
  return new Engine(opts);
}

export { SimProtocolError } from './types.js';
export type {
  AccountOutput,
  AdmissionResult,
  EngineOutput,
  SimEngine,
  SimEngineOptions,
  SimFlowOptions,
  SimLedger,
  SimMarketSpec,
  SimMoneySupply,
} from './types.js';
export { DEFAULT_MARKETS, selectMarkets } from '../markets.js';
export { FLOW_MAKER_ACCOUNT_ID, FLOW_TAKER_ACCOUNT_ID } from '../flow/flow.js';
